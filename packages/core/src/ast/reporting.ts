/**
 * What a laboratory may report, and what it should do next: CLSI reporting comments that change
 * what may be reported (as data, each with its source), and the alerts a WHONET user expects
 * from an isolate's results. Pure functions over categories, so the Lab, the batch summaries and
 * the cumulative antibiogram read the same answers.
 */
import type { AstCategory, Localized } from './types';

/** The organism as the rules need it: its name and taxonomy (WHONET Organisms.txt columns). */
export interface ReportingOrganism {
  name: string;
  genus: string;
  family: string;
  order: string;
}

export interface ReportingRule {
  id: string;
  /** Guideline families the comment belongs to; the instruction holds whatever table was used. */
  guidelines: readonly string[];
  genera: readonly string[];
  /** WHONET drug codes the comment names. */
  drugs: readonly string[];
  /** Categories the instruction changes: the measured category is kept, the instruction carried. */
  categories: readonly AstCategory[];
  instruction: Localized;
  source: string;
}

/** First- and second-generation cephalosporins, cephamycins and aminoglycosides (WHONET codes). */
const FIRST_SECOND_GEN_CEPHALOSPORINS = ['CZO', 'CEP', 'LEX', 'CED', 'CFR', 'CRD', 'CXM', 'CXA', 'FAM', 'CEC', 'CPR', 'CID', 'LOR', 'CFZ', 'CTF', 'CAT'];
const CEPHAMYCINS = ['FOX', 'CTT', 'CMZ', 'MOX'];
const AMINOGLYCOSIDES = ['GEN', 'TOB', 'AMK', 'KAN', 'NET', 'STR', 'PLZ', 'SIS', 'ISE', 'DKB', 'ARB'];

export const REPORTING_RULES: readonly ReportingRule[] = [
  {
    id: 'salmonella-shigella-not-susceptible',
    guidelines: ['CLSI'],
    genera: ['Salmonella', 'Shigella'],
    drugs: [...FIRST_SECOND_GEN_CEPHALOSPORINS, ...CEPHAMYCINS, ...AMINOGLYCOSIDES],
    categories: ['S', 'SDD', 'I'],
    instruction: {
      en: 'not to be reported as susceptible: for Salmonella and Shigella, first- and second-generation cephalosporins, cephamycins and aminoglycosides may appear active in vitro but are not effective clinically',
      zh: '不得报告为敏感：对沙门菌和志贺菌，第一、二代头孢菌素、头霉素类和氨基糖苷类体外可能显示有活性，但临床无效',
    },
    source: 'CLSI M100 (33rd–35th ed., 2023–2025), Table 2A-1, Enterobacterales, comment on Salmonella and Shigella spp.',
  },
];

export interface ReportingInstruction {
  rule: string;
  instruction: Localized;
  source: string;
}

/** The reporting comments that apply to one result (empty when none). */
export function reportingInstructions(organism: ReportingOrganism, antibioticCode: string, category: AstCategory | null, guideline: string): ReportingInstruction[] {
  if (category === null) return [];
  const family = guideline.split(' ')[0]!.toUpperCase();
  const out: ReportingInstruction[] = [];
  for (const rule of REPORTING_RULES) {
    if (!rule.guidelines.includes(family) || !rule.genera.includes(organism.genus) || !rule.drugs.includes(antibioticCode) || !rule.categories.includes(category)) continue;
    out.push({ rule: rule.id, instruction: rule.instruction, source: rule.source });
  }
  return out;
}

// ---- alerts ------------------------------------------------------------------------------------

export type AlertId = 'cre' | 'esbl-screen' | 'mrsa' | 'vre' | 'visa' | 'vrsa' | 'colistin-r' | 'carbapenem-contradiction';

export interface AlertResult {
  antibioticCode: string;
  category: AstCategory | null;
  method?: 'MIC' | 'DISK' | null;
  /** The measured number (MIC mg/L or zone mm), when there is one. */
  value?: number | null;
  /** The organism is expected (intrinsically) resistant to the drug. */
  expectedResistant?: boolean;
}

export interface IsolateAlert {
  id: AlertId;
  title: Localized;
  nextStep: Localized;
  /** The drugs whose results raised it. */
  drugs: string[];
  source: string;
}

const CARBAPENEMS = ['ETP', 'IPM', 'MEM', 'DOR'];
const NON_SUSCEPTIBLE: ReadonlySet<AstCategory> = new Set(['I', 'R', 'NS', 'SDD']);
/**
 * CLSI M100 Table 3A defines the ESBL screen for E. coli, K. pneumoniae and K. oxytoca, and with
 * fewer drugs and another cefpodoxime cut-off for P. mirabilis; in AmpC producers (Enterobacter,
 * Serratia, K. aerogenes, Citrobacter freundii…) raised cephalosporin MICs say nothing about an ESBL.
 */
const ESBL_SCREEN: Record<string, { mic: Record<string, number>; disk: Record<string, number> }> = {
  'Escherichia coli': { mic: { CAZ: 2, CTX: 2, CRO: 2, ATM: 2, CPD: 8 }, disk: { CAZ: 22, CTX: 27, CRO: 25, ATM: 27, CPD: 17 } },
  'Klebsiella pneumoniae': { mic: { CAZ: 2, CTX: 2, CRO: 2, ATM: 2, CPD: 8 }, disk: { CAZ: 22, CTX: 27, CRO: 25, ATM: 27, CPD: 17 } },
  'Klebsiella oxytoca': { mic: { CAZ: 2, CTX: 2, CRO: 2, ATM: 2, CPD: 8 }, disk: { CAZ: 22, CTX: 27, CRO: 25, ATM: 27, CPD: 17 } },
  'Proteus mirabilis': { mic: { CAZ: 2, CTX: 2, CPD: 2 }, disk: { CAZ: 22, CTX: 27, CPD: 22 } },
};

const ALERT_TEXTS: Record<AlertId, { title: Localized; nextStep: Localized; source: string }> = {
  cre: {
    title: { en: 'Carbapenem-non-susceptible Enterobacterales (CRE)', zh: '碳青霉烯类不敏感肠杆菌目细菌（CRE）' },
    nextStep: {
      en: 'test for carbapenemase production (mCIM/eCIM, immunochromatography or PCR for KPC, NDM, OXA-48, VIM, IMP); infection control',
      zh: '进行碳青霉烯酶检测（mCIM/eCIM、胶体金免疫层析或 KPC、NDM、OXA-48、VIM、IMP 的 PCR）；通知感染控制',
    },
    source: 'CLSI M100 (2025), Table 3B–3C; EUCAST guidelines for detection of resistance mechanisms v2.0',
  },
  'esbl-screen': {
    title: { en: 'ESBL screen positive', zh: 'ESBL 筛查阳性' },
    nextStep: {
      en: 'confirm extended-spectrum β-lactamase production phenotypically (cefotaxime and ceftazidime with and without clavulanate)',
      zh: '以表型试验确认超广谱 β-内酰胺酶（头孢噻肟、头孢他啶加与不加克拉维酸）',
    },
    source: 'CLSI M100 (2025), Table 3A (ESBL screening and confirmatory tests)',
  },
  mrsa: {
    title: { en: 'Methicillin-resistant Staphylococcus aureus (MRSA)', zh: '耐甲氧西林金黄色葡萄球菌（MRSA）' },
    nextStep: {
      en: 'report resistant to β-lactams other than anti-MRSA cephalosporins (ceftaroline, ceftobiprole); contact precautions',
      zh: '除抗 MRSA 头孢菌素（头孢洛林、头孢吡普）外报告对 β-内酰胺类耐药；接触隔离',
    },
    source: 'CLSI M100 (2025), Table 2C, oxacillin and cefoxitin comments',
  },
  vre: {
    title: { en: 'Vancomycin-resistant Enterococcus (VRE)', zh: '耐万古霉素肠球菌（VRE）' },
    nextStep: {
      en: 'confirm the identification (E. gallinarum / E. casseliflavus are intrinsically low-level resistant); contact precautions',
      zh: '确认鉴定（鹑鸡肠球菌、铅黄肠球菌天然低水平耐药）；接触隔离',
    },
    source: 'CLSI M100 (2025), Table 2D, vancomycin comments',
  },
  visa: {
    title: { en: 'Vancomycin-intermediate Staphylococcus aureus (VISA)', zh: '万古霉素中介金黄色葡萄球菌（VISA）' },
    nextStep: {
      en: 'confirm the vancomycin MIC by a reference method (broth microdilution); disk diffusion cannot detect it',
      zh: '以参考方法（肉汤微量稀释）确认万古霉素 MIC；纸片法不能检出',
    },
    source: 'CLSI M100 (2025), Table 2C, vancomycin comments',
  },
  vrsa: {
    title: { en: 'Vancomycin-resistant Staphylococcus aureus (VRSA)', zh: '耐万古霉素金黄色葡萄球菌（VRSA）' },
    nextStep: {
      en: 'confirm identification and MIC at once, keep the isolate, and notify infection control and public health',
      zh: '立即确认鉴定和 MIC，保存菌株，并通知感染控制和公共卫生部门',
    },
    source: 'CLSI M100 (2025), Table 2C and Appendix A (results to confirm)',
  },
  'colistin-r': {
    title: { en: 'Colistin resistance', zh: '黏菌素耐药' },
    nextStep: {
      en: 'confirm by broth microdilution and test for mobile colistin resistance (mcr) genes',
      zh: '以肉汤微量稀释确认，并检测可移动黏菌素耐药基因（mcr）',
    },
    source: 'CLSI M100 (2025), Table 2A-1 colistin comment; EUCAST/CLSI joint recommendation on colistin testing (2016)',
  },
  'carbapenem-contradiction': {
    title: { en: 'Results contradict each other: meropenem/imipenem resistant but ertapenem susceptible', zh: '结果相互矛盾：美罗培南/亚胺培南耐药而厄他培南敏感' },
    nextStep: {
      en: 'check the identification and purity, and repeat both tests before reporting',
      zh: '核对鉴定和纯度，两项药敏重复检测后再报告',
    },
    source: 'CLSI M100 (2025), Appendix A (unusual results to verify)',
  },
};

function alert(id: AlertId, drugs: string[]): IsolateAlert {
  const text = ALERT_TEXTS[id];
  return { id, title: text.title, nextStep: text.nextStep, drugs, source: text.source };
}

/**
 * Morganella, Proteus and Providencia (Morganellaceae) have intrinsically raised imipenem MICs by
 * mechanisms other than carbapenemases (CLSI M100 2025 Table 2A-1, imipenem comment; EUCAST
 * Expected Resistant Phenotypes v1.2, Table 1: low-level imipenem activity): imipenem alone says
 * nothing about a carbapenemase in them.
 */
const LOW_IMIPENEM_ACTIVITY_GENERA = ['Morganella', 'Proteus', 'Providencia'];

export function hasLowImipenemActivity(organism: ReportingOrganism): boolean {
  return LOW_IMIPENEM_ACTIVITY_GENERA.includes(organism.genus) || organism.family === 'Morganellaceae';
}

function isEnterobacterales(organism: ReportingOrganism): boolean {
  return organism.order === 'Enterobacterales' || organism.family === 'Enterobacteriaceae';
}

/**
 * The alerts an isolate's results raise. A drug the organism is expected to resist (Proteus and
 * colistin, E. gallinarum and vancomycin) raises none.
 */
export function isolateAlerts(organism: ReportingOrganism, results: readonly AlertResult[]): IsolateAlert[] {
  const measured = results.filter((r) => r.category !== null && !r.expectedResistant);
  const by = (codes: readonly string[], test: (r: AlertResult) => boolean) => measured.filter((r) => codes.includes(r.antibioticCode) && test(r)).map((r) => r.antibioticCode);
  const nonSusceptible = (r: AlertResult) => r.category !== null && NON_SUSCEPTIBLE.has(r.category);
  const resistant = (r: AlertResult) => r.category === 'R';
  const out: IsolateAlert[] = [];
  const species = organism.name.split(' ').slice(0, 2).join(' ');
  if (isEnterobacterales(organism)) {
    const carbapenems = by(hasLowImipenemActivity(organism) ? CARBAPENEMS.filter((c) => c !== 'IPM') : CARBAPENEMS, nonSusceptible);
    if (carbapenems.length) out.push(alert('cre', carbapenems));
    const cutOffs = ESBL_SCREEN[species];
    const screen = !cutOffs
      ? []
      : measured
          .filter((r) => {
            if (r.value === null || r.value === undefined) return false;
            if (r.method === 'MIC' && cutOffs.mic[r.antibioticCode] !== undefined) return r.value >= cutOffs.mic[r.antibioticCode]!;
            if (r.method === 'DISK' && cutOffs.disk[r.antibioticCode] !== undefined) return r.value <= cutOffs.disk[r.antibioticCode]!;
            return false;
          })
          .map((r) => r.antibioticCode);
    if (screen.length) out.push(alert('esbl-screen', screen));
  }
  if (species === 'Staphylococcus aureus') {
    const mrsa = by(['OXA', 'FOX'], resistant);
    if (mrsa.length) out.push(alert('mrsa', mrsa));
    const vanR = by(['VAN'], resistant);
    const vanI = by(['VAN'], (r) => r.category === 'I');
    if (vanR.length) out.push(alert('vrsa', vanR));
    else if (vanI.length) out.push(alert('visa', vanI));
  }
  if (organism.genus === 'Enterococcus') {
    const vre = by(['VAN'], resistant);
    if (vre.length) out.push(alert('vre', vre));
  }
  const colistin = by(['COL', 'PLB'], resistant);
  if (colistin.length) out.push(alert('colistin-r', colistin));
  const strongR = by(hasLowImipenemActivity(organism) ? ['MEM'] : ['MEM', 'IPM'], resistant);
  const ertapenemS = by(['ETP'], (r) => r.category === 'S');
  if (strongR.length && ertapenemS.length) out.push(alert('carbapenem-contradiction', [...strongR, ...ertapenemS]));
  return out;
}
