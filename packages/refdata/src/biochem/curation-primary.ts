/**
 * MDC's primary tests and morphology matrix: % of strains positive for each microscopic,
 * cultural and quick bench character, by genus (by species where the clinical answer needs it).
 * Facts from the standard references named in each row; values kept within 1–99; a test left
 * out of a row has no data for that taxon (it then weighs 50 %).
 */

const MCM = 'Manual of Clinical Microbiology, 12th ed. (Carroll et al. 2019)';
const COWAN = "Cowan and Steel's Manual for the Identification of Medical Bacteria, 3rd ed. (Barrow & Feltham 1993), first-stage tables 6.1 and 7.1";

const MICROCOCCACEAE = 'Stackebrandt E. et al. 1995, Int J Syst Bacteriol 45:682–692 (Micrococcus emended; Kocuria gen. nov.)';
const ROTHIA = 'Collins M.D. et al. 2000, Int J Syst Evol Microbiol 50:1247–1251 (Stomatococcus mucilaginosus → Rothia mucilaginosa)';

export interface PrimaryRow {
  name: string;
  zh: string;
  complex?: string;
  source: string;
  values: Readonly<Record<string, number>>;
}

/** Gram-negative, non-sporing, facultative rods of the Enterobacterales. */
const ENTERIC = {
  GRAM: 1, COCC: 1, ROD: 97, COCB: 5, CURV: 1, YST: 1, CLUS: 1, CHAIN: 2, PAIR: 5, PAL: 1, SPOR: 1,
  AERO: 1, FACA: 99, ANAE: 1, MICA: 1, CAT: 99, OX: 1, COA: 1, AHEM: 1, MAC: 99, GLU: 99,
  OPT: 1, BSOL: 1, BAC: 1, CAMP: 1, BE: 5, XFAC: 1, VFAC: 1, GT: 1, CAPS: 1,
} as const;

/** Gram-positive, catalase-negative cocci in chains or pairs. */
const STREP = {
  GRAM: 99, COCC: 97, ROD: 2, COCB: 3, CURV: 1, YST: 1, CLUS: 2, PAL: 1, SPOR: 1, MOT: 1,
  AERO: 1, FACA: 99, ANAE: 1, MICA: 1, CAT: 1, OX: 1, COA: 1, MAC: 1, PIG: 1, IND: 1, URE: 1,
  GLU: 99, XFAC: 1, VFAC: 1, GT: 1, CAPS: 1,
} as const;

const STAPH = {
  GRAM: 99, COCC: 99, ROD: 1, COCB: 1, CURV: 1, YST: 1, CLUS: 95, CHAIN: 3, PAIR: 20, PAL: 1, SPOR: 1, MOT: 1,
  AERO: 1, FACA: 99, ANAE: 1, MICA: 1, CAT: 99, OX: 1, AHEM: 2, MAC: 1, IND: 1, OPT: 1, BSOL: 1, BAC: 3,
  CAMP: 1, HIP: 5, BE: 5, NACL: 97, GLU: 99, XFAC: 1, VFAC: 1, GT: 1, CAPS: 1,
} as const;

/** Gram-negative, strictly aerobic, non-fermenting rods. */
const NONFERMENTER = {
  GRAM: 1, COCC: 1, ROD: 97, COCB: 10, CURV: 1, YST: 1, CLUS: 1, CHAIN: 1, PAIR: 5, PAL: 1, SPOR: 1,
  AERO: 97, FACA: 3, ANAE: 1, MICA: 1, COA: 1, AHEM: 1, IND: 1, LAC: 1, OPT: 1, BSOL: 1, BAC: 1,
  CAMP: 1, BE: 5, XFAC: 1, VFAC: 1, GT: 1, CAPS: 1,
} as const;

/** Gram-negative diplococci of Neisseriaceae. */
const DIPLOCOCCUS = {
  GRAM: 1, COCC: 97, ROD: 1, COCB: 5, CURV: 1, YST: 1, CLUS: 2, CHAIN: 1, PAIR: 97, PAL: 1, SPOR: 1, MOT: 1,
  AERO: 95, FACA: 5, ANAE: 1, MICA: 1, CAT: 99, OX: 99, COA: 1, BHEM: 1, IND: 1, URE: 1, LAC: 1,
  XFAC: 1, VFAC: 1, GT: 1, CAPS: 1, OPT: 1, BSOL: 1,
} as const;

const YEAST = {
  GRAM: 95, COCC: 2, ROD: 1, COCB: 1, CURV: 1, YST: 99, CLUS: 1, CHAIN: 1, PAIR: 1, PAL: 1, SPOR: 1, MOT: 1,
  ANAE: 1, MICA: 1, CAT: 99, COA: 1, BHEM: 1, AHEM: 1, IND: 1, OPT: 1, BSOL: 1, BAC: 1, CAMP: 1, XFAC: 1, VFAC: 1,
} as const;

type Values = Record<string, number | undefined>;
const row = (name: string, zh: string, source: string, ...parts: (Values | Readonly<Values>)[]): PrimaryRow & { complex?: string } => {
  const values: Record<string, number> = {};
  for (const part of parts) {
    for (const [code, v] of Object.entries(part)) {
      if (v === undefined) delete values[code];
      else values[code] = v;
    }
  }
  return { name, zh, source, values };
};
const inComplex = (complex: string, r: PrimaryRow): PrimaryRow => ({ ...r, complex });

const ENTERO_SRC = `${MCM}, Escherichia, Shigella, Salmonella and other Enterobacterales chapters; ${COWAN}; Farmer et al. 1985, J Clin Microbiol 21:46–76 (motility, lactose, indole, urease, DNase)`;
const ENTEROBACTERALES = 'Enterobacterales';

export const PRIMARY_ROWS: readonly PrimaryRow[] = [
  row('Staphylococcus aureus', '金黄色葡萄球菌', `${MCM}, Staphylococcus chapter (coagulase, DNase, haemolysis, pigment); ${COWAN}`, STAPH,
    { COA: 97, BHEM: 85, PIG: 70, DNA: 96, URE: 85, PYRA: 5, MAL: 99 }),
  row('Coagulase-negative staphylococci', '凝固酶阴性葡萄球菌', `${MCM}, Staphylococcus chapter; ${COWAN}`, STAPH,
    { COA: 2, BHEM: 20, PIG: 10, DNA: 10, URE: 70, PYRA: 40, MAL: 80 }),
  // Catalase-positive cocci in clusters that are not staphylococci: bacitracin (0.04 U) susceptible, modified
  // oxidase positive, Micrococcus strictly aerobic and without acid from glucose, Rothia catalase weak or
  // negative and without growth in salt; staphylococci are the opposite on each.
  row('Micrococcus', '微球菌属', `${MCM}, Staphylococcus, Micrococcus and other catalase-positive cocci chapter (aerobic growth only, bacitracin 0.04 U, modified oxidase, pigment); ${MICROCOCCACEAE}; ${COWAN}`, STAPH,
    { CLUS: 70, PAIR: 30, AERO: 95, FACA: 5, OX: 85, COA: 1, BHEM: 1, PIG: 75, DNA: 5, URE: 30, PYRA: 5, BAC: 95, NACL: 60, GLU: 10, MAL: 10 }),
  row('Kocuria', '考克菌属', `${MCM}, Staphylococcus, Micrococcus and other catalase-positive cocci chapter (K. kristinae, the species most often isolated, grows anaerobically and makes acid from glucose; K. rosea, K. varians); ${MICROCOCCACEAE}`, STAPH,
    { CLUS: 70, PAIR: 30, AERO: 35, FACA: 65, OX: 70, COA: 1, BHEM: 1, PIG: 40, DNA: 5, URE: 40, PYRA: 20, BAC: 90, NACL: 60, GLU: 65, MAL: 20 }),
  row('Rothia', '罗氏菌属', `${MCM}, Staphylococcus, Micrococcus and other catalase-positive cocci chapter (R. mucilaginosa: mucoid colonies adherent to the agar, catalase weak or negative, no growth in 6.5 % NaCl, PYR positive); ${ROTHIA}`, STAPH,
    { CLUS: 60, PAIR: 40, AERO: 5, FACA: 95, CAT: 30, OX: 5, COA: 1, BHEM: 1, PIG: 5, DNA: 10, URE: 5, PYRA: 90, BAC: undefined, NACL: 5, GLU: 95, MAL: 60 }),
  row('Streptococcus pyogenes', '化脓性链球菌', `${MCM}, Streptococcus chapter (group A: β-haemolysis, PYR, bacitracin)`, STREP,
    { CHAIN: 95, PAIR: 30, BHEM: 99, AHEM: 1, PYRA: 99, OPT: 1, BSOL: 1, BAC: 97, CAMP: 1, HIP: 1, BE: 1, NACL: 1, DNA: 95, MAL: 95 }),
  row('Streptococcus agalactiae', '无乳链球菌', `${MCM}, Streptococcus chapter (group B: CAMP, hippurate)`, STREP,
    { CHAIN: 95, PAIR: 30, BHEM: 95, AHEM: 1, PYRA: 1, OPT: 1, BSOL: 1, BAC: 5, CAMP: 98, HIP: 99, BE: 2, NACL: 20, DNA: 5, MAL: 95 }),
  row('Streptococcus pneumoniae', '肺炎链球菌', `${MCM}, Streptococcus chapter (optochin, bile solubility)`, STREP,
    { CHAIN: 30, PAIR: 95, BHEM: 1, AHEM: 98, PYRA: 1, OPT: 98, BSOL: 98, BAC: 5, CAMP: 1, HIP: 1, BE: 1, NACL: 1, MAL: 99 }),
  row('Viridans group streptococci', '草绿色链球菌', `${MCM}, Streptococcus chapter (viridans and S. anginosus groups)`, STREP,
    { CHAIN: 90, PAIR: 30, BHEM: 5, AHEM: 80, PYRA: 2, OPT: 3, BSOL: 1, BAC: 10, CAMP: 1, HIP: 5, BE: 10, NACL: 2, MAL: 90 }),
  row('Enterococcus', '肠球菌属', `${MCM}, Enterococcus chapter (PYR, bile–esculin, 6.5 % NaCl)`, STREP,
    { CHAIN: 70, PAIR: 80, MOT: 10, BHEM: 5, AHEM: 30, MAC: 60, LAC: 95, PIG: 5, PYRA: 99, OPT: 1, BSOL: 1, BAC: 2, CAMP: 1, HIP: 60, BE: 99, NACL: 98, MAL: 95 }),
  row('Listeria monocytogenes', '单核细胞增生李斯特菌', `${MCM}, Listeria chapter (tumbling motility at 25 °C, CAMP, esculin)`, {
    GRAM: 99, COCC: 5, ROD: 95, COCB: 30, CURV: 1, YST: 1, CLUS: 1, CHAIN: 20, PAIR: 20, PAL: 10, SPOR: 1, MOT: 95,
    AERO: 1, FACA: 99, ANAE: 1, MICA: 1, CAT: 99, OX: 1, COA: 1, BHEM: 95, AHEM: 1, MAC: 1, PIG: 1, IND: 1, URE: 1,
    PYRA: 1, OPT: 1, BSOL: 1, BAC: 1, CAMP: 95, HIP: 99, BE: 99, NACL: 95, DNA: 1, GLU: 99, MAL: 99, XFAC: 1, VFAC: 1, GT: 1, CAPS: 1,
  }),
  row('Bacillus anthracis', '炭疽芽孢杆菌', `${MCM}, Bacillus chapter (non-motile, non-haemolytic); ${COWAN}`, {
    GRAM: 95, COCC: 1, ROD: 99, COCB: 1, CURV: 1, YST: 1, CLUS: 1, CHAIN: 90, PAIR: 5, PAL: 1, SPOR: 99, MOT: 1,
    AERO: 5, FACA: 95, ANAE: 1, MICA: 1, CAT: 99, OX: 3, COA: 1, BHEM: 2, AHEM: 1, MAC: 1, PIG: 1, IND: 1, URE: 1,
    OPT: 1, BSOL: 1, CAMP: 1, GLU: 99, MAL: 99, XFAC: 1, VFAC: 1, GT: 1,
  }),
  row('Bacillus (other species)', '芽孢杆菌属（炭疽芽孢杆菌以外）', `${MCM}, Bacillus chapter (B. cereus group and others); ${COWAN}`, {
    GRAM: 85, COCC: 1, ROD: 99, COCB: 1, CURV: 1, YST: 1, CLUS: 1, CHAIN: 50, PAIR: 10, PAL: 1, SPOR: 99, MOT: 90,
    AERO: 40, FACA: 60, ANAE: 1, MICA: 1, CAT: 98, OX: 30, COA: 1, BHEM: 70, AHEM: 5, MAC: 10, PIG: 5, IND: 1, URE: 20,
    OPT: 1, BSOL: 1, CAMP: 1, GLU: 90, MAL: 70, XFAC: 1, VFAC: 1, GT: 1,
  }),
  row('Corynebacterium', '棒状杆菌属', `${MCM}, Coryneform Gram-positive rods chapter; ${COWAN}`, {
    GRAM: 99, COCC: 5, ROD: 97, COCB: 30, CURV: 1, YST: 1, CLUS: 10, CHAIN: 1, PAIR: 10, PAL: 85, SPOR: 1, MOT: 1,
    AERO: 20, FACA: 80, ANAE: 1, MICA: 1, CAT: 99, OX: 1, COA: 1, BHEM: 10, AHEM: 1, MAC: 1, PIG: 10, IND: 1, URE: 30,
    PYRA: 40, OPT: 1, BSOL: 1, BE: 5, GLU: 75, MAL: 40, XFAC: 1, VFAC: 1, GT: 1,
  }),
  row('Clostridium perfringens', '产气荚膜梭菌', `${MCM}, Clostridium chapter (non-motile, double-zone haemolysis, spores rarely seen)`, {
    GRAM: 95, COCC: 1, ROD: 99, COCB: 1, CURV: 1, YST: 1, CLUS: 1, CHAIN: 5, PAIR: 5, PAL: 1, SPOR: 5, MOT: 1,
    AERO: 1, FACA: 1, ANAE: 99, MICA: 1, CAT: 1, OX: 1, COA: 1, BHEM: 95, AHEM: 1, MAC: 1, LAC: 95, PIG: 1, IND: 1, URE: 1,
    GLU: 99, MAL: 99, XFAC: 1, VFAC: 1, GT: 1,
  }),
  row('Clostridium (other species)', '梭菌属（产气荚膜梭菌以外）', `${MCM}, Clostridium chapter; ${COWAN}`, {
    GRAM: 80, COCC: 1, ROD: 99, COCB: 1, CURV: 1, YST: 1, CLUS: 1, CHAIN: 10, PAIR: 5, PAL: 1, SPOR: 90, MOT: 85,
    AERO: 1, FACA: 3, ANAE: 97, MICA: 1, CAT: 2, OX: 1, COA: 1, BHEM: 40, AHEM: 1, MAC: 1, PIG: 1, IND: 30, URE: 10,
    GLU: 80, MAL: 60, XFAC: 1, VFAC: 1, GT: 1,
  }),
  row('Clostridioides difficile', '艰难拟梭菌', `${MCM}, Clostridioides difficile section (non-haemolytic, maltose and lactose negative)`, {
    GRAM: 95, COCC: 1, ROD: 99, COCB: 1, CURV: 1, YST: 1, CLUS: 1, CHAIN: 5, PAIR: 5, PAL: 1, SPOR: 85, MOT: 85,
    AERO: 1, FACA: 1, ANAE: 99, MICA: 1, CAT: 1, OX: 1, COA: 1, BHEM: 1, AHEM: 1, MAC: 1, LAC: 1, PIG: 1, IND: 1, URE: 1,
    GLU: 99, MAL: 2, XFAC: 1, VFAC: 1, GT: 1,
  }),
  row('Neisseria gonorrhoeae', '淋病奈瑟菌', `${MCM}, Neisseria chapter (acid from glucose only)`, DIPLOCOCCUS, { MAC: 1, PIG: 1, DNA: 1, GLU: 99, MAL: 1 }),
  row('Neisseria meningitidis', '脑膜炎奈瑟菌', `${MCM}, Neisseria chapter (acid from glucose and maltose)`, DIPLOCOCCUS, { MAC: 1, PIG: 1, DNA: 1, GLU: 99, MAL: 99 }),
  row('Moraxella catarrhalis', '卡他莫拉菌', `${MCM}, Moraxella chapter (asaccharolytic, DNase positive)`, DIPLOCOCCUS, { MAC: 5, PIG: 1, DNA: 95, GLU: 1, MAL: 1 }),
  row('Haemophilus', '嗜血杆菌属', `${MCM}, Haemophilus chapter (X and V factor requirement, satellitism)`, {
    GRAM: 1, COCC: 5, ROD: 30, COCB: 90, CURV: 1, YST: 1, CLUS: 1, CHAIN: 1, PAIR: 5, PAL: 1, SPOR: 1, MOT: 1,
    AERO: 3, FACA: 95, ANAE: 1, MICA: 3, CAT: 85, OX: 85, COA: 1, BHEM: 10, AHEM: 1, MAC: 1, LAC: 1, PIG: 1, IND: 60, URE: 60,
    OPT: 1, BSOL: 1, GLU: 99, MAL: 20, XFAC: 60, VFAC: 99, GT: 1, CAPS: 1,
  }),
  row('Acinetobacter', '不动杆菌属', `${MCM}, Acinetobacter chapter (oxidase negative, non-motile coccobacilli)`, NONFERMENTER,
    { ROD: 40, COCB: 90, COCC: 20, PAIR: 70, AERO: 99, FACA: 1, MOT: 1, CAT: 99, OX: 1, MAC: 95, LAC: 10, PIG: 1, BHEM: 10, URE: 5, DNA: 1, GLU: 65, MAL: 10 }),
  inComplex('Pseudomonas', row('Pseudomonas aeruginosa', '铜绿假单胞菌', `${MCM}, Pseudomonas chapter (pyocyanin, oxidase)`, NONFERMENTER,
    { MOT: 98, CAT: 99, OX: 99, MAC: 99, PIG: 90, BHEM: 60, URE: 50, DNA: 5, GLU: 95, MAL: 5 })),
  inComplex('Pseudomonas', row('Pseudomonas (other species)', '假单胞菌属（铜绿假单胞菌以外）', `${MCM}, Pseudomonas chapter (fluorescent and non-fluorescent groups)`, NONFERMENTER,
    { MOT: 95, CAT: 99, OX: 90, MAC: 95, PIG: 60, BHEM: 5, URE: 30, DNA: 5, GLU: 85, MAL: 20 })),
  row('Stenotrophomonas maltophilia', '嗜麦芽窄食单胞菌', `${MCM}, Stenotrophomonas chapter (oxidase negative, DNase and maltose positive)`, NONFERMENTER,
    { MOT: 95, CAT: 98, OX: 10, MAC: 95, PIG: 40, BHEM: 1, URE: 1, DNA: 99, GLU: 30, MAL: 95 }),
  row('Burkholderia', '伯克霍尔德菌属', `${MCM}, Burkholderia chapter (B. cepacia complex)`, NONFERMENTER,
    { MOT: 95, CAT: 99, OX: 85, MAC: 90, PIG: 50, BHEM: 5, URE: 40, DNA: 1, GLU: 99, MAL: 60 }),
  row('Vibrio', '弧菌属', `${MCM}, Vibrio chapter; Farmer & Hickman-Brenner, The Prokaryotes (Vibrionaceae)`, {
    GRAM: 1, COCC: 1, ROD: 60, COCB: 5, CURV: 85, YST: 1, CLUS: 1, CHAIN: 1, PAIR: 1, PAL: 1, SPOR: 1, MOT: 99,
    AERO: 1, FACA: 99, ANAE: 1, MICA: 1, CAT: 99, OX: 99, COA: 1, BHEM: 40, AHEM: 5, MAC: 80, LAC: 10, PIG: 2, IND: 85, URE: 10,
    OPT: 1, BSOL: 1, DNA: 85, GLU: 99, MAL: 95, XFAC: 1, VFAC: 1, GT: 1, CAPS: 1,
  }),
  row('Aeromonas', '气单胞菌属', `${MCM}, Aeromonas chapter`, {
    GRAM: 1, COCC: 1, ROD: 99, COCB: 5, CURV: 2, YST: 1, CLUS: 1, CHAIN: 1, PAIR: 5, PAL: 1, SPOR: 1, MOT: 95,
    AERO: 1, FACA: 99, ANAE: 1, MICA: 1, CAT: 99, OX: 99, COA: 1, BHEM: 75, AHEM: 1, MAC: 95, LAC: 30, PIG: 2, IND: 85, URE: 1,
    OPT: 1, BSOL: 1, DNA: 95, GLU: 99, MAL: 99, XFAC: 1, VFAC: 1, GT: 1, CAPS: 1,
  }),
  row('Campylobacter', '弯曲菌属', `${MCM}, Campylobacter chapter (microaerophilic curved rods, hippurate of C. jejuni)`, {
    GRAM: 1, COCC: 1, ROD: 1, COCB: 2, CURV: 99, YST: 1, CLUS: 1, CHAIN: 1, PAIR: 1, PAL: 1, SPOR: 1, MOT: 95,
    AERO: 1, FACA: 1, ANAE: 2, MICA: 99, CAT: 90, OX: 99, COA: 1, BHEM: 1, AHEM: 1, MAC: 1, LAC: 1, PIG: 1, IND: 1, URE: 2,
    HIP: 60, DNA: 30, GLU: 1, MAL: 1, XFAC: 1, VFAC: 1, GT: 1,
  }),
  row('Helicobacter pylori', '幽门螺杆菌', `${MCM}, Helicobacter chapter (strong urease)`, {
    GRAM: 1, COCC: 3, ROD: 1, COCB: 2, CURV: 99, YST: 1, CLUS: 1, CHAIN: 1, PAIR: 1, PAL: 1, SPOR: 1, MOT: 95,
    AERO: 1, FACA: 1, ANAE: 1, MICA: 99, CAT: 99, OX: 99, COA: 1, BHEM: 1, AHEM: 1, MAC: 1, LAC: 1, PIG: 1, IND: 1, URE: 99,
    HIP: 1, GLU: 1, MAL: 1, XFAC: 1, VFAC: 1, GT: 1,
  }),
  inComplex(ENTEROBACTERALES, row('Escherichia', '埃希菌属', ENTERO_SRC, ENTERIC, { MOT: 90, LAC: 90, IND: 97, URE: 1, DNA: 1, MAL: 95, PIG: 1, BHEM: 15 })),
  inComplex(ENTEROBACTERALES, row('Shigella', '志贺菌属', ENTERO_SRC, ENTERIC, { MOT: 1, LAC: 5, IND: 40, URE: 1, DNA: 1, MAL: 15, PIG: 1, BHEM: 1 })),
  inComplex(ENTEROBACTERALES, row('Salmonella', '沙门菌属', ENTERO_SRC, ENTERIC, { MOT: 95, LAC: 2, IND: 1, URE: 1, DNA: 1, MAL: 95, PIG: 1, BHEM: 1 })),
  inComplex(ENTEROBACTERALES, row('Citrobacter', '柠檬酸杆菌属', ENTERO_SRC, ENTERIC, { MOT: 95, LAC: 60, IND: 50, URE: 50, DNA: 1, MAL: 95, PIG: 1, BHEM: 1 })),
  inComplex(ENTEROBACTERALES, row('Klebsiella', '克雷伯菌属', ENTERO_SRC, ENTERIC, { MOT: 10, LAC: 95, IND: 25, URE: 80, DNA: 1, MAL: 98, PIG: 1, BHEM: 1 })),
  inComplex(ENTEROBACTERALES, row('Enterobacter', '肠杆菌属', ENTERO_SRC, ENTERIC, { MOT: 95, LAC: 90, IND: 1, URE: 40, DNA: 1, MAL: 97, PIG: 1, BHEM: 1 })),
  inComplex(ENTEROBACTERALES, row('Serratia', '沙雷菌属', ENTERO_SRC, ENTERIC, { MOT: 95, LAC: 10, IND: 2, URE: 10, DNA: 95, MAL: 80, PIG: 40, BHEM: 1 })),
  inComplex(ENTEROBACTERALES, row('Proteus', '变形杆菌属', ENTERO_SRC, ENTERIC, { MOT: 95, LAC: 1, IND: 40, URE: 98, DNA: 20, MAL: 50, PIG: 1, BHEM: 5 })),
  inComplex(ENTEROBACTERALES, row('Morganella', '摩根菌属', ENTERO_SRC, ENTERIC, { MOT: 90, LAC: 1, IND: 95, URE: 95, DNA: 1, MAL: 1, PIG: 1, BHEM: 1 })),
  inComplex(ENTEROBACTERALES, row('Providencia', '普罗威登斯菌属', ENTERO_SRC, ENTERIC, { MOT: 90, LAC: 1, IND: 98, URE: 40, DNA: 1, MAL: 2, PIG: 1, BHEM: 1 })),
  inComplex(ENTEROBACTERALES, row('Yersinia', '耶尔森菌属', `${ENTERO_SRC}; Yersinia motile at 25 °C, not at 36 °C`, ENTERIC, { MOT: 70, LAC: 5, IND: 40, URE: 75, DNA: 1, MAL: 50, PIG: 1, BHEM: 1 })),
  inComplex(ENTEROBACTERALES, row('Enterobacterales (other genera)', '肠杆菌目（其他属）', ENTERO_SRC, ENTERIC, { MOT: 80, LAC: 50, IND: 25, URE: 15, DNA: 5, MAL: 60, PIG: 15, BHEM: 1 })),
  row('Candida albicans', '白念珠菌', `${MCM}, Candida chapter (germ tube); Larone's Medically Important Fungi, 6th ed.`, YEAST,
    { AERO: 80, FACA: 20, OX: 1, URE: 1, GT: 95, CAPS: 1, PIG: 1, MAC: 5, GLU: 99, MAL: 99 }),
  row('Candida (other species)', '念珠菌属（白念珠菌以外）', `${MCM}, Candida chapter; Larone's Medically Important Fungi, 6th ed.`, YEAST,
    { AERO: 80, FACA: 20, OX: 1, URE: 5, GT: 3, CAPS: 1, PIG: 1, MAC: 5, GLU: 90, MAL: 40 }),
  row('Cryptococcus neoformans', '新型隐球菌', `${MCM}, Cryptococcus chapter (capsule, urease, no fermentation)`, YEAST,
    { AERO: 99, FACA: 1, OX: 1, URE: 99, GT: 1, CAPS: 95, PIG: 5, MAC: 1, GLU: 1, MAL: 1 }),
];
