import type { Language } from '@mdc/core/identify';
import { drugOf } from '@mdc/core/resistome';
import { readChineseNames, type ChineseNames } from '@mdc/refdata/names';

/**
 * Names and classes of the drugs a genome's predicted phenotype answers, in both languages, for the
 * result page and the PDF: the predictions carry AMR codes and ResFinder's English names only, and a
 * Chinese page must not show those. Chinese names are the project's curated ones (the Lab's, keyed by
 * WHONET code, which the AMR code shares for these drugs but two).
 */

export interface DrugLabel {
  name: Record<Language, string>;
  /** Key of the class the predicted table groups the drug under (ordered as CLSI M100's tables). */
  classKey: string;
  classLabel: Record<Language, string>;
  /** Position of the class in the table. */
  classOrder: number;
}

/**
 * Antimicrobial classes in the order CLSI M100 Table 1A lists them for Enterobacterales and
 * Staphylococcus (penicillins, β-lactam combinations, cephems, carbapenems, monobactams, then
 * the others), with the Chinese of Chinese clinical microbiology usage.
 */
const CLASSES: readonly { key: string; en: string; zh: string; codes: readonly string[] }[] = [
  { key: 'penicillins', en: 'Penicillins', zh: '青霉素类', codes: ['PEN', 'AMP', 'AMX', 'PIP', 'TIC', 'TEM', 'OXA', 'CRB'] },
  { key: 'bl-combinations', en: 'β-lactam combination agents', zh: 'β-内酰胺/酶抑制剂复合制剂', codes: ['AMC', 'SAM', 'TZP', 'TCC', 'CZA', 'CZT', 'MEV', 'IMR'] },
  { key: 'cephems', en: 'Cephems', zh: '头孢菌素类', codes: ['CZO', 'CEP', 'CXM', 'FOX', 'CFM', 'CTX', 'CRO', 'CAZ', 'FEP', 'CPT', 'FDC'] },
  { key: 'carbapenems', en: 'Carbapenems', zh: '碳青霉烯类', codes: ['ETP', 'IPM', 'MEM'] },
  { key: 'monobactams', en: 'Monobactams', zh: '单环 β-内酰胺类', codes: ['ATM'] },
  { key: 'aminoglycosides', en: 'Aminoglycosides', zh: '氨基糖苷类', codes: ['GEN', 'TOB', 'AMK', 'STR1', 'KAN', 'NEO', 'NET', 'APR', 'SPT', 'ISE', 'PLZ'] },
  { key: 'quinolones', en: 'Quinolones', zh: '喹诺酮类', codes: ['CIP', 'LVX', 'MFX', 'NOR', 'NAL'] },
  { key: 'folate', en: 'Folate pathway antagonists', zh: '叶酸代谢途径抑制剂', codes: ['SXT', 'SMX', 'TMP'] },
  { key: 'tetracyclines', en: 'Tetracyclines', zh: '四环素类', codes: ['TCY', 'DOX', 'MNO', 'TGC', 'ERV'] },
  { key: 'phenicols', en: 'Phenicols', zh: '酰胺醇类', codes: ['CHL', 'FLR'] },
  { key: 'fosfomycins', en: 'Fosfomycins', zh: '磷霉素类', codes: ['FOS'] },
  { key: 'polymyxins', en: 'Polymyxins', zh: '多黏菌素类', codes: ['COL'] },
  { key: 'nitrofurans', en: 'Nitrofurans', zh: '硝基呋喃类', codes: ['NIT'] },
  { key: 'glycopeptides', en: 'Glycopeptides', zh: '糖肽类', codes: ['VAN', 'TEC'] },
  { key: 'macrolides', en: 'Macrolides', zh: '大环内酯类', codes: ['ERY', 'AZM', 'TLT'] },
  { key: 'lincosamides', en: 'Lincosamides', zh: '林可酰胺类', codes: ['CLI', 'LIN'] },
  { key: 'streptogramins', en: 'Streptogramins', zh: '链阳菌素类', codes: ['QDA'] },
  { key: 'oxazolidinones', en: 'Oxazolidinones', zh: '噁唑烷酮类', codes: ['LNZ', 'TZD'] },
  { key: 'ansamycins', en: 'Ansamycins', zh: '利福霉素类', codes: ['RIF'] },
  { key: 'fusidanes', en: 'Fusidanes', zh: '夫西地酸类', codes: ['FUS'] },
  { key: 'pseudomonic-acids', en: 'Pseudomonic acids', zh: '假单胞菌酸类', codes: ['MUP'] },
  { key: 'antituberculars', en: 'Antimycobacterial agents', zh: '抗分枝杆菌药', codes: ['INH', 'ETH', 'PZA', 'ETI1', 'BDQ', 'CLF', 'CAP'] },
  { key: 'nitroimidazoles', en: 'Nitroimidazoles', zh: '硝基咪唑类', codes: ['MTR'] },
];
const OTHER = { key: 'other', en: 'Other agents', zh: '其他' } as const;

/** AMR codes whose WHONET code (the key of the Chinese names) differs. */
const WHONET_CODE: Record<string, string> = { STR1: 'STR' };
/** Drugs of the resistome's list the curated names lack. */
const ZH_MISSING: Record<string, string> = { ETI1: '乙硫异烟胺' };

let chineseNames: ChineseNames | undefined;

const CLASS_OF = new Map<string, { key: string; en: string; zh: string; order: number }>();
CLASSES.forEach((c, order) => {
  for (const code of c.codes) CLASS_OF.set(code, { key: c.key, en: c.en, zh: c.zh, order });
});

/** Name and class of one drug code; `englishName` is what the prediction carries, used when MDC has no name of its own. */
export function drugLabel(code: string, englishName?: string): DrugLabel {
  const en = drugOf(code)?.name ?? englishName ?? code;
  const zh = (chineseNames ??= readChineseNames()).antibioticZh(WHONET_CODE[code] ?? code) ?? ZH_MISSING[code] ?? en;
  const c = CLASS_OF.get(code) ?? { ...OTHER, order: CLASSES.length };
  return { name: { zh, en }, classKey: c.key, classLabel: { zh: c.zh, en: c.en }, classOrder: c.order };
}

/** Labels of the drugs of a result's predictions, by code (empty for a result without them). */
export function drugLabels(predictions: readonly { drug: string; drugName: string }[] | undefined): Record<string, DrugLabel> {
  const out: Record<string, DrugLabel> = {};
  for (const p of predictions ?? []) out[p.drug] ??= drugLabel(p.drug, p.drugName);
  return out;
}

/** ResFinder's classes (of its genes and PointFinder's mutations) as a report names them. */
const GENE_CLASSES: Record<string, Record<Language, string>> = {
  'Beta-lactam': { zh: 'β-内酰胺类', en: 'Beta-lactams' },
  Aminoglycoside: { zh: '氨基糖苷类', en: 'Aminoglycosides' },
  'Folate pathway antagonist': { zh: '叶酸代谢途径抑制剂', en: 'Folate pathway antagonists' },
  Tetracycline: { zh: '四环素类', en: 'Tetracyclines' },
  Quinolone: { zh: '喹诺酮类', en: 'Quinolones' },
  Macrolide: { zh: '大环内酯类', en: 'Macrolides' },
  Lincosamide: { zh: '林可酰胺类', en: 'Lincosamides' },
  'Streptogramin A': { zh: '链阳菌素 A', en: 'Streptogramin A' },
  'Streptogramin B': { zh: '链阳菌素 B', en: 'Streptogramin B' },
  Amphenicol: { zh: '酰胺醇类', en: 'Phenicols' },
  Phenicol: { zh: '酰胺醇类', en: 'Phenicols' },
  Polymyxin: { zh: '多黏菌素类', en: 'Polymyxins' },
  Glycopeptide: { zh: '糖肽类', en: 'Glycopeptides' },
  Fosfomycin: { zh: '磷霉素类', en: 'Fosfomycin' },
  Oxazolidinone: { zh: '噁唑烷酮类', en: 'Oxazolidinones' },
  Pleuromutilin: { zh: '截短侧耳素类', en: 'Pleuromutilins' },
  Nitroimidazole: { zh: '硝基咪唑类', en: 'Nitroimidazoles' },
  Rifamycin: { zh: '利福霉素类', en: 'Rifamycins' },
  'Quaternary Ammonium Compound': { zh: '季铵盐类消毒剂', en: 'Quaternary ammonium compounds' },
  'Steroid antibacterial': { zh: '甾体类抗菌药', en: 'Steroid antibacterials' },
  'Pseudomonic acid': { zh: '假单胞菌酸类', en: 'Pseudomonic acid' },
};

export function geneClassLabel(resfinderClass: string, lang: Language): string {
  return GENE_CLASSES[resfinderClass]?.[lang] ?? resfinderClass;
}

