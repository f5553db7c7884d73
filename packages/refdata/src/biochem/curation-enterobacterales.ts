/**
 * MDC's curation of the Enterobacterales matrices: how each row of the shared Bergey's-style
 * table is named today, the complexes a panel cannot split, and the published percentages that
 * replace a code band where the band is too coarse. Facts only; every value names its source.
 */

export const BERGEYS_SOURCE = "Bergey's Manual of Determinative Bacteriology, 9th ed. (Holt et al. 1994), Enterobacteriaceae table, via github.com/aalsabag/Enterobacteriaceae (MIT)";
export const FARMER_1985 = 'Farmer et al. 1985, J Clin Microbiol 21:46–76, Table 1';

/**
 * % positive given to each code: the middle of its band (CODES.txt), rounded. Code 1 (90–100 %)
 * → 95, 2 (76–89) → 82, 3 (26–75) → 50, 4 (11–25) → 18, 5 (0–10) → 5.
 */
export const CODE_PERCENT: Readonly<Record<1 | 2 | 3 | 4 | 5, number>> = { 1: 95, 2: 82, 3: 50, 4: 18, 5: 5 };

export interface BergeysNaming {
  /** Row name in the shared table. */
  source: string;
  /** Name MDC shows (current accepted name, or the table's group when it has no species name). */
  name: string;
  /** Why the name differs, when the taxonomy's renamed_to does not say it. */
  note?: string;
  /** Primary-tests row (genus or "Enterobacterales (other genera)"). */
  primary: string;
  /** Complex on both Enterobacterales panels. */
  complex?: string;
  /** Complex on API 20E only (the conventional tubes separate the members). */
  complexApi?: string;
}

const OTHER = 'Enterobacterales (other genera)';

/**
 * Names not reached through the taxonomy's renamed_to (spelling of the source, subspecies and
 * biogroups, serovars). Rows not listed keep their name or take the current name of the
 * taxonomy (Enterobacter aerogenes → Klebsiella aerogenes …); the generator checks both.
 */
export const BERGEYS_NAMING: readonly BergeysNaming[] = [
  { source: 'Cedecea davisoe', name: 'Cedecea davisae', note: 'spelling of the source', primary: OTHER },
  { source: 'Cedecea lapagei', name: 'Cedecea lapagei', primary: OTHER },
  { source: 'Citrobacter amalonaticus', name: 'Citrobacter amalonaticus', primary: 'Citrobacter' },
  { source: 'Citrobacter diversus', name: 'Citrobacter koseri', primary: 'Citrobacter' },
  { source: 'Citrobacter freundii', name: 'Citrobacter freundii', primary: 'Citrobacter' },
  { source: 'Edwardsiella hoshinai', name: 'Edwardsiella hoshinae', note: 'spelling of the source', primary: OTHER },
  { source: 'Edwardsiella ictaluri', name: 'Edwardsiella ictaluri', primary: OTHER },
  { source: 'Edwardsiella tarda', name: 'Edwardsiella tarda', primary: OTHER, complex: 'Edwardsiella tarda' },
  { source: 'Edwardsiella tarda biogroup 1', name: 'Edwardsiella tarda biogroup 1', primary: OTHER, complex: 'Edwardsiella tarda' },
  { source: 'Enterobacter aerogenes', name: 'Klebsiella aerogenes', primary: 'Klebsiella' },
  { source: 'Enterobacter agglomerans', name: 'Pantoea agglomerans', note: 'the 1994 "Enterobacter agglomerans" group, mostly Pantoea today', primary: OTHER },
  { source: 'Enterobacter cloacae', name: 'Enterobacter cloacae', primary: 'Enterobacter' },
  { source: 'Enterobacter gergoviae', name: 'Pluralibacter gergoviae', primary: OTHER },
  { source: 'Enterobacter intermedium', name: 'Kluyvera intermedia', primary: OTHER },
  { source: 'Enterobacter sakazakii', name: 'Cronobacter sakazakii', primary: OTHER },
  { source: 'Escherichia adecarboxylata', name: 'Leclercia adecarboxylata', primary: OTHER },
  { source: 'Escherichia blatae', name: 'Shimwellia blattae', note: 'Escherichia blattae (spelled "blatae" in the source), Shimwellia since Priest & Barker 2010, IJSEM 60:828', primary: OTHER },
  { source: 'Escherichia coli', name: 'Escherichia coli', primary: 'Escherichia', complex: 'Escherichia coli' },
  { source: 'Escherichia coli, inactive', name: 'Escherichia coli (inactive biogroup)', note: 'anaerogenic, non-motile, lactose-late biogroup (former Alkalescens-Dispar)', primary: 'Escherichia', complex: 'Escherichia coli' },
  { source: 'Hafnia alvei', name: 'Hafnia alvei', primary: OTHER },
  { source: 'Klebsiella oxytoca', name: 'Klebsiella oxytoca', primary: 'Klebsiella' },
  { source: 'subsp. ozaenae', name: 'Klebsiella pneumoniae subsp. ozaenae', primary: 'Klebsiella' },
  { source: 'subsp. pneumoniae', name: 'Klebsiella pneumoniae subsp. pneumoniae', primary: 'Klebsiella' },
  { source: 'subsp. rhinoscleromatis', name: 'Klebsiella pneumoniae subsp. rhinoscleromatis', primary: 'Klebsiella' },
  // Kluyvera ascorbata and K. cryocrescens differ by ascorbate and growth at 5 °C, tests of no
  // panel here; APIweb reports them together as "Kluyvera spp.".
  { source: 'Kluyvera ascorbata', name: 'Kluyvera ascorbata', primary: OTHER, complex: 'Kluyvera spp.' },
  { source: 'Kluyvera cryocrescens', name: 'Kluyvera cryocrescens', primary: OTHER, complex: 'Kluyvera spp.' },
  { source: 'Morganella morganii', name: 'Morganella morganii', primary: 'Morganella' },
  { source: 'Obesumbacterium proteus biogroup 1', name: 'Obesumbacterium proteus', note: 'biogroup 1 is the species proper', primary: OTHER },
  { source: 'Obesumbacterium proteus biogroup 2', name: 'Shimwellia pseudoproteus', note: 'biogroup 2, Shimwellia pseudoproteus since Priest & Barker 2010, IJSEM 60:828', primary: OTHER },
  { source: 'Proteus mirabilis', name: 'Proteus mirabilis', primary: 'Proteus' },
  { source: 'Proteus myxofaciens', name: 'Cosenzaea myxofaciens', primary: OTHER },
  { source: 'Proteus vulgaris', name: 'Proteus vulgaris', primary: 'Proteus' },
  { source: 'Providencia alcalifaciens', name: 'Providencia alcalifaciens', primary: 'Providencia' },
  { source: 'Providencia rettgeri', name: 'Providencia rettgeri', primary: 'Providencia' },
  { source: 'Providencia stuartii', name: 'Providencia stuartii', primary: 'Providencia' },
  { source: 'Rahnella aquatilis', name: 'Rahnella aquatilis', primary: OTHER },
  { source: 'Salmonella I', name: 'Salmonella enterica subsp. enterica', primary: 'Salmonella', complexApi: 'Salmonella spp.' },
  { source: 'Salmonella II', name: 'Salmonella enterica subsp. salamae', primary: 'Salmonella', complexApi: 'Salmonella spp.' },
  // On API 20E subspecies III differs from II only in ONPG, which the table gives II at 26–75 %;
  // the conventional tubes (malonate, dulcitol, gelatin) separate them.
  { source: 'Salmonella III = Arizona', name: 'Salmonella enterica subsp. arizonae', note: 'subspecies III (IIIa arizonae, IIIb diarizonae), former Arizona', primary: 'Salmonella', complexApi: 'Salmonella spp.' },
  { source: 'Salmonella IV', name: 'Salmonella enterica subsp. houtenae', primary: 'Salmonella', complexApi: 'Salmonella spp.' },
  { source: 'Salmonella choleraesuis', name: 'Salmonella Choleraesuis', note: 'serovar of S. enterica subsp. enterica', primary: 'Salmonella', complexApi: 'Salmonella spp.' },
  { source: 'Salmonella gallinarum', name: 'Salmonella Gallinarum', note: 'serovar of S. enterica subsp. enterica', primary: 'Salmonella', complex: 'Salmonella Gallinarum' },
  { source: 'Salmonella paratyphi A', name: 'Salmonella Paratyphi A', note: 'serovar of S. enterica subsp. enterica', primary: 'Salmonella' },
  { source: 'Salmonella pullorum', name: 'Salmonella Gallinarum biovar Pullorum', note: 'serovar Gallinarum, biovar Pullorum', primary: 'Salmonella', complex: 'Salmonella Gallinarum' },
  { source: 'Salmonella typhi', name: 'Salmonella Typhi', note: 'serovar of S. enterica subsp. enterica', primary: 'Salmonella' },
  { source: 'Serratia ficaria', name: 'Serratia ficaria', primary: 'Serratia' },
  { source: 'Serratia fonticola', name: 'Serratia fonticola', primary: 'Serratia' },
  { source: 'Serratia liquefaciens', name: 'Serratia liquefaciens', primary: 'Serratia' },
  { source: 'Serratia marcescens', name: 'Serratia marcescens', primary: 'Serratia' },
  { source: 'Serratia odorifera', name: 'Serratia odorifera', primary: 'Serratia' },
  { source: 'Serratia plymuthica', name: 'Serratia plymuthica', primary: 'Serratia' },
  { source: 'Serratia rubidaea', name: 'Serratia rubidaea', primary: 'Serratia' },
  // Serogroups A, B and C are told apart by serology, not by biochemistry; APIweb reports
  // "Shigella spp." for them and S. sonnei on its own.
  { source: 'Shigella boydii', name: 'Shigella boydii', primary: 'Shigella', complex: 'Shigella spp. (serogroups A, B, C)' },
  { source: 'Shigella dysenteriae', name: 'Shigella dysenteriae', primary: 'Shigella', complex: 'Shigella spp. (serogroups A, B, C)' },
  { source: 'Shigella flexneri', name: 'Shigella flexneri', primary: 'Shigella', complex: 'Shigella spp. (serogroups A, B, C)' },
  { source: 'Shigella sonnei', name: 'Shigella sonnei', primary: 'Shigella' },
  { source: 'Tatumella ptyseos', name: 'Tatumella ptyseos', primary: OTHER },
  { source: 'Yersinia enterocolitica', name: 'Yersinia enterocolitica', primary: 'Yersinia' },
  { source: 'Yersinia frederiksenii', name: 'Yersinia frederiksenii', primary: 'Yersinia' },
  { source: 'Yersinia intermedia', name: 'Yersinia intermedia', primary: 'Yersinia' },
  { source: 'Yersinia kristensenii', name: 'Yersinia kristensenii', primary: 'Yersinia' },
  { source: 'Yersinia pestis', name: 'Yersinia pestis', primary: 'Yersinia' },
  { source: 'Yersinia pseudotuberculosis', name: 'Yersinia pseudotuberculosis', primary: 'Yersinia' },
  { source: 'Yersinia ruckeri', name: 'Yersinia ruckeri', primary: 'Yersinia' },
  // Both nearly inert in the API 20E wells: their typical API 20E profiles are the same (they
  // differ in citrate, urease and gelatin, all near 50 % or below in the table, and in DNase and
  // lipase, which API 20E lacks).
  { source: 'Xenorhabdus luminescens', name: 'Photorhabdus luminescens', primary: OTHER, complexApi: 'Photorhabdus / Xenorhabdus' },
  { source: 'Xenorhabdus nematophilus', name: 'Xenorhabdus nematophila', primary: OTHER, complexApi: 'Photorhabdus / Xenorhabdus' },
];

/** Chinese names MDC gives where `organisms.zh.tsv` has none (translated from the Latin epithet). */
export const EXTRA_ZH: Readonly<Record<string, string>> = {
  'Cedecea davisae': '戴维斯西地西菌',
  'Klebsiella pneumoniae subsp. pneumoniae': '肺炎克雷伯菌肺炎亚种',
  'Klebsiella pneumoniae subsp. ozaenae': '肺炎克雷伯菌臭鼻亚种',
  'Klebsiella pneumoniae subsp. rhinoscleromatis': '肺炎克雷伯菌鼻硬结亚种',
  'Salmonella enterica subsp. enterica': '肠道沙门菌肠道亚种',
  'Cedecea lapagei': '拉氏西地西菌',
  'Edwardsiella hoshinae': '保科爱德华菌',
  'Edwardsiella ictaluri': '鮰爱德华菌',
  'Edwardsiella tarda biogroup 1': '迟缓爱德华菌生物群1',
  'Kluyvera intermedia': '中间克吕沃尔菌',
  'Kluyvera cryocrescens': '栖冷克吕沃尔菌',
  'Shimwellia blattae': '蟑螂希姆威尔菌',
  'Shimwellia pseudoproteus': '假变形希姆威尔菌',
  'Obesumbacterium proteus': '变形肥杆菌',
  'Escherichia coli (inactive biogroup)': '大肠埃希菌（不活泼生物群）',
  'Cosenzaea myxofaciens': '产黏科森扎菌',
  'Salmonella enterica subsp. salamae': '肠道沙门菌萨拉姆亚种',
  'Salmonella enterica subsp. arizonae': '肠道沙门菌亚利桑那亚种',
  'Salmonella enterica subsp. houtenae': '肠道沙门菌豪顿亚种',
  'Salmonella Gallinarum': '鸡沙门菌',
  'Salmonella Gallinarum biovar Pullorum': '鸡白痢沙门菌',
  'Salmonella Paratyphi A': '甲型副伤寒沙门菌',
  'Tatumella ptyseos': '痰塔特姆菌',
  'Photorhabdus luminescens': '发光光杆菌',
  'Xenorhabdus nematophila': '嗜线虫致病杆菌',
};

/**
 * Farmer et al. 1985 percentages that replace a Bergey's code band (mostly the wide 26–75 % and
 * 76–89 % bands) for the clinically common species. Values of 0 and 100 are entered as 1 and 99.
 */
export const FARMER_REFINEMENTS: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  'Escherichia coli': {
    IND: 98, MR: 99, VP: 1, CIT: 1, H2S: 1, URE: 1, PDA: 1, LDC: 90, ADH: 17, ODC: 65, MOT: 95, GEL: 1, KCN: 3, MNT: 1,
    GAS: 95, LAC: 95, SAC: 50, MAN: 98, DUL: 60, SAL: 40, ADO: 5, INO: 1, SOR: 94, ARA: 99, RAF: 50, RHA: 80, MAL: 95,
    XYL: 95, TRE: 98, CEL: 2, MDG: 1, ESC: 35, MEL: 75, DARL: 5, MUC: 95, LIP: 1, DNA: 1, NO3: 99, ONPG: 95, YEL: 1,
  },
  'Klebsiella pneumoniae subsp. pneumoniae': {
    IND: 1, MR: 10, VP: 98, CIT: 98, H2S: 1, URE: 95, PDA: 1, LDC: 98, ADH: 1, ODC: 1, MOT: 1, GEL: 1, KCN: 98, MNT: 93,
    GAS: 97, LAC: 98, SAC: 99, MAN: 99, DUL: 30, SAL: 99, ADO: 90, INO: 95, SOR: 99, ARA: 99, RAF: 99, RHA: 99, MAL: 98,
    XYL: 99, TRE: 99, CEL: 98, MDG: 90, ESC: 99, MEL: 99, DARL: 98, MUC: 90, ONPG: 99,
  },
  'Klebsiella oxytoca': { IND: 99, MR: 20, DUL: 55, ODC: 1, MOT: 1 },
  'Enterobacter cloacae': {
    IND: 1, MR: 5, VP: 99, CIT: 99, H2S: 1, URE: 65, LDC: 1, ADH: 97, ODC: 96, MOT: 95, KCN: 98, MNT: 75, LAC: 93, SAC: 97,
    DUL: 15, SAL: 75, ADO: 25, INO: 15, SOR: 95, RAF: 97, RHA: 92, CEL: 99, MDG: 85, ESC: 30, MEL: 90, DARL: 15, MUC: 75, ONPG: 99,
  },
  'Citrobacter freundii': { IND: 5, H2S: 80, URE: 44, LDC: 1, ODC: 1, ADH: 67, KCN: 89, MNT: 11, LAC: 78, SAC: 89, DUL: 55 },
  'Citrobacter koseri': { URE: 75, ADH: 80, SAC: 40 },
  'Proteus mirabilis': {
    IND: 2, MR: 97, VP: 50, CIT: 65, H2S: 98, URE: 98, PDA: 98, LDC: 1, ADH: 1, ODC: 99, MOT: 95, GEL: 90, KCN: 98, MNT: 2,
    GAS: 96, LAC: 2, SAC: 15, MAN: 1, SAL: 1, ADO: 1, INO: 1, SOR: 1, ARA: 1, RAF: 1, RHA: 1, MAL: 1, XYL: 98, TRE: 98,
    CEL: 1, ESC: 1, MEL: 1, LIP: 92, ONPG: 1,
  },
  'Proteus vulgaris': { SAL: 50, ESC: 50, CIT: 15 },
  'Serratia marcescens': {
    IND: 1, MR: 20, VP: 98, CIT: 98, H2S: 1, URE: 15, LDC: 99, ADH: 1, ODC: 99, MOT: 97, GEL: 90, ADO: 40, INO: 75,
    SOR: 99, ARA: 1, RAF: 2, RHA: 1, SAL: 95, ESC: 95, MEL: 1, LIP: 98, DNA: 98, ONPG: 95,
  },
  'Hafnia alvei': { VP: 85, MR: 40 },
  'Salmonella enterica subsp. enterica': {
    IND: 1, MR: 99, VP: 1, CIT: 95, H2S: 95, URE: 1, LDC: 98, ADH: 70, ODC: 97, MOT: 95, LAC: 1, SAC: 1, DUL: 96, SAL: 1,
    ADO: 1, INO: 35, SOR: 95, ARA: 99, RAF: 2, RHA: 95, MEL: 95, ONPG: 2,
  },
};

/**
 * Characters of the family, not of a species: Enterobacterales are oxidase negative and ferment
 * glucose (family definition, Farmer 1985 and Bergey's). Every row takes these values, which
 * sharpen the table's code bands (5 → 5 %, 1 → 95 %) into what the family description states.
 */
export const FAMILY_VALUES: Readonly<Record<string, { percent: number; unlessCode?: number; source: string }>> = {
  OX: { percent: 1, source: 'OX 1 %: Enterobacterales are oxidase negative (family description, Farmer 1985)' },
  GLU: { percent: 99, unlessCode: 2, source: 'GLU 99 %: Enterobacterales ferment D-glucose (family description, Farmer 1985)' },
};

/**
 * API 20E wells and the conventional reactions they are read from. The API wells are miniature
 * versions of the conventional tests (bioMérieux API 20E instructions; Smith et al. 1972, Appl
 * Microbiol 24:449; Holmes et al. 1978, J Clin Microbiol 8:298), so each well takes the % positive
 * of its conventional counterpart; TDA takes phenylalanine deaminase (the same L-amino acid
 * deaminase of Proteeae and Providencia); AMY, which has no conventional counterpart in the
 * table, takes salicin, the other β-glucoside, unless a published API value replaces it.
 */
export const API20E_FROM_CONVENTIONAL: Readonly<Record<string, string>> = {
  ONPG: 'ONPG', ADH: 'ADH', LDC: 'LDC', ODC: 'ODC', CIT: 'CIT', H2S: 'H2S', URE: 'URE', TDA: 'PDA',
  IND: 'IND', VP: 'VP', GEL: 'GEL', GLU: 'GLU', MAN: 'MAN', INO: 'INO', SOR: 'SOR', RHA: 'RHA',
  SAC: 'SAC', MEL: 'MEL', AMY: 'SAL', ARA: 'ARA', OX: 'OX',
};

/** Published API 20E values that replace a derived well, with their source. */
export const API20E_OVERRIDES: Readonly<Record<string, Readonly<Record<string, { percent: number; source: string }>>>> = {
  'Escherichia coli': {
    AMY: {
      percent: 10,
      source: 'AMY: API 20E patterns of E. coli are amygdalin-negative (Maheux et al. 2014, Appl Environ Microbiol 80:1941, Table 5: every E. coli 1 pattern shown is AMY–), unlike salicin (40 %)',
    },
  },
};
