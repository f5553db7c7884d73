import type { AstCategory, Localized } from '../ast/types';
import { hasLowImipenemActivity } from '../ast/reporting';
import { isClinicalCategory } from './builder';
import type { AntibiogramIsolate, AntibiogramTaxon } from './types';

/**
 * A resistance phenotype whose rate the antibiogram reports: the species its guideline defines it
 * for, which first isolates were tested for it (the denominator) and which have it. A rate outside
 * the scope means nothing (an "ESBL screen" of Enterobacter cloacae counts its chromosomal AmpC),
 * so an organism outside it gets no row at all.
 */
export interface PhenotypeDefinition {
  /** The phenotype's key in the rates ("ESBL screen", "CRE", "MRSA"). */
  code: string;
  /** What the rate view prints, in each language ("ESBL screen" / "ESBL 筛查"; abbreviations as they are). */
  label: Localized;
  name: Localized;
  /** The species the definition is for, as the page states it. */
  scope: Localized;
  /** What counts as tested and as positive, as the page states it. */
  definition: Localized;
  source: string;
  inScope(taxon: AntibiogramTaxon): boolean;
  tested(isolate: AntibiogramIsolate, taxon: AntibiogramTaxon): boolean;
  positive(isolate: AntibiogramIsolate, taxon: AntibiogramTaxon): boolean;
}

/** The categories an isolate has for these drugs, from measurements (intrinsic-rule results are not tests). */
function measured(isolate: AntibiogramIsolate, drugs: readonly string[]): AstCategory[] {
  const out: AstCategory[] = [];
  for (const r of isolate.results) if (drugs.includes(r.drug) && !r.intrinsic && isClinicalCategory(r.category)) out.push(r.category);
  return out;
}

const ENTEROBACTERALES_FAMILIES = ['Enterobacteriaceae', 'Erwiniaceae', 'Pectobacteriaceae', 'Yersiniaceae', 'Hafniaceae', 'Morganellaceae', 'Budviciaceae'];

/** WHONET still files the order as "Enterobacteriales" and most of its genera under Enterobacteriaceae. */
function isEnterobacterales(t: AntibiogramTaxon): boolean {
  return t.order === 'Enterobacterales' || t.order === 'Enterobacteriales' || ENTEROBACTERALES_FAMILIES.includes(t.family);
}

/** CLSI M100 Table 3A: the species the ESBL screening and confirmatory tests are defined for. */
export const ESBL_SPECIES = ['Escherichia coli', 'Klebsiella pneumoniae', 'Klebsiella oxytoca', 'Proteus mirabilis'] as const;
const ESBL_SCREEN_DRUGS = ['CAZ', 'CTX', 'CRO', 'ATM', 'CPD'];
const CARBAPENEMS = ['DOR', 'ETP', 'IPM', 'MEM'];
/** Expected resistant to polymyxins (EUCAST Expected Resistant Phenotypes v1.2, Table 1): no colistin rate. */
const POLYMYXIN_RESISTANT_GENERA = ['Proteus', 'Morganella', 'Providencia', 'Serratia'];
/** VanC: intrinsic low-level vancomycin resistance (CLSI M100 Table 2D), not VRE. */
const VANC_ENTEROCOCCI = ['Enterococcus gallinarum', 'Enterococcus casseliflavus'];

const esblSpecies = (t: AntibiogramTaxon) => (ESBL_SPECIES as readonly string[]).includes(t.species);
const aureus = (t: AntibiogramTaxon) => t.species === 'Staphylococcus aureus';
const carbapenemsFor = (t: AntibiogramTaxon) =>
  hasLowImipenemActivity({ name: t.species, genus: t.genus, family: t.family, order: t.order }) ? CARBAPENEMS.filter((d) => d !== 'IPM') : CARBAPENEMS;
const ESBL_SCOPE: Localized = { en: 'E. coli, K. pneumoniae, K. oxytoca, P. mirabilis', zh: '大肠埃希菌、肺炎克雷伯菌、产酸克雷伯菌、奇异变形杆菌' };
const AUREUS_SCOPE: Localized = { en: 'S. aureus', zh: '金黄色葡萄球菌' };

export const PHENOTYPES: readonly PhenotypeDefinition[] = [
  {
    code: 'ESBL screen',
    label: { en: 'ESBL screen', zh: 'ESBL 筛查' },
    name: { en: 'ESBL screen positive', zh: 'ESBL 筛查阳性' },
    scope: ESBL_SCOPE,
    definition: {
      en: 'screen MIC or zone of cefotaxime, ceftriaxone, ceftazidime, aztreonam or cefpodoxime past the screening breakpoint, among first isolates tested with any of them',
      zh: '头孢噻肟、头孢曲松、头孢他啶、氨曲南或头孢泊肟任一 MIC/抑菌圈达到筛查折点；分母为检测过其中任一药物的第一株',
    },
    source: 'CLSI M100 (2025), Table 3A (ESBL screening and confirmatory tests: K. pneumoniae, K. oxytoca, E. coli, P. mirabilis)',
    inScope: esblSpecies,
    tested: (i) => measured(i, ESBL_SCREEN_DRUGS).length > 0,
    positive: (i) => (i.alerts ?? []).includes('ESBL screen'),
  },
  {
    code: 'ESBL',
    label: { en: 'ESBL', zh: 'ESBL' },
    name: { en: 'ESBL (reported by the laboratory)', zh: 'ESBL（实验室报告）' },
    scope: ESBL_SCOPE,
    definition: { en: 'ESBL "+" in the file\'s ESBL column, among first isolates of the species with a result there ("+" or "-"; a blank is not tested)', zh: '文件 ESBL 列为“+”；分母为该列有结果（“+”或“-”，空白为未检测）的该菌种第一株' },
    source: 'CLSI M100 (2025), Table 3A (ESBL confirmatory test); WHONET ESBL field',
    inScope: esblSpecies,
    tested: (i) => (i.phenotypeTests ?? []).includes('ESBL'),
    positive: (i) => (i.alerts ?? []).includes('ESBL'),
  },
  {
    code: 'CRE',
    label: { en: 'CRE', zh: 'CRE' },
    name: { en: 'Carbapenem-resistant Enterobacterales (CRE)', zh: '耐碳青霉烯类肠杆菌目细菌（CRE）' },
    scope: { en: 'Enterobacterales', zh: '肠杆菌目' },
    definition: {
      en: 'resistant (R) to at least one carbapenem (ertapenem, meropenem, imipenem, doripenem; imipenem not counted for Morganella, Proteus, Providencia), among first isolates tested with one',
      zh: '至少一种碳青霉烯类（厄他培南、美罗培南、亚胺培南、多立培南；摩根菌、变形杆菌、普罗威登斯菌不计亚胺培南）耐药（R）；分母为检测过其中任一药物的第一株',
    },
    source: 'CDC CRE definition (2015); CLSI M100 (2025), Table 2A-1 (imipenem comment for Morganellaceae)',
    inScope: isEnterobacterales,
    tested: (i, t) => measured(i, carbapenemsFor(t)).length > 0,
    positive: (i, t) => measured(i, carbapenemsFor(t)).includes('R'),
  },
  {
    code: 'MRSA',
    label: { en: 'MRSA', zh: 'MRSA' },
    name: { en: 'Methicillin-resistant S. aureus (MRSA)', zh: '耐甲氧西林金黄色葡萄球菌（MRSA）' },
    scope: AUREUS_SCOPE,
    definition: {
      en: 'oxacillin or cefoxitin resistant, or MRSA "+" in the file, among first isolates tested with either or so marked',
      zh: '苯唑西林或头孢西丁耐药，或文件 MRSA 列为“+”；分母为检测过其一或有此标记的第一株',
    },
    source: 'CLSI M100 (2025), Table 2C, oxacillin and cefoxitin comments',
    inScope: aureus,
    tested: (i) => measured(i, ['OXA', 'FOX']).length > 0 || (i.alerts ?? []).includes('MRSA') || (i.phenotypeTests ?? []).includes('MRSA'),
    positive: (i) => measured(i, ['OXA', 'FOX']).includes('R') || (i.alerts ?? []).includes('MRSA'),
  },
  {
    code: 'VISA',
    label: { en: 'VISA', zh: 'VISA' },
    name: { en: 'Vancomycin-intermediate S. aureus (VISA)', zh: '万古霉素中介金黄色葡萄球菌（VISA）' },
    scope: AUREUS_SCOPE,
    definition: { en: 'vancomycin intermediate (I), among first isolates tested with vancomycin', zh: '万古霉素中介（I）；分母为检测过万古霉素的第一株' },
    source: 'CLSI M100 (2025), Table 2C, vancomycin comments',
    inScope: aureus,
    tested: (i) => measured(i, ['VAN']).length > 0,
    positive: (i) => measured(i, ['VAN']).includes('I') && !measured(i, ['VAN']).includes('R'),
  },
  {
    code: 'VRSA',
    label: { en: 'VRSA', zh: 'VRSA' },
    name: { en: 'Vancomycin-resistant S. aureus (VRSA)', zh: '耐万古霉素金黄色葡萄球菌（VRSA）' },
    scope: AUREUS_SCOPE,
    definition: { en: 'vancomycin resistant (R), among first isolates tested with vancomycin', zh: '万古霉素耐药（R）；分母为检测过万古霉素的第一株' },
    source: 'CLSI M100 (2025), Table 2C and Appendix A',
    inScope: aureus,
    tested: (i) => measured(i, ['VAN']).length > 0,
    positive: (i) => measured(i, ['VAN']).includes('R'),
  },
  {
    code: 'VRE',
    label: { en: 'VRE', zh: 'VRE' },
    name: { en: 'Vancomycin-resistant Enterococcus (VRE)', zh: '耐万古霉素肠球菌（VRE）' },
    scope: { en: 'Enterococcus (not E. gallinarum, E. casseliflavus: intrinsic VanC)', zh: '肠球菌属（不含鹑鸡肠球菌、铅黄肠球菌：天然 VanC）' },
    definition: { en: 'vancomycin resistant (R), among first isolates tested with vancomycin', zh: '万古霉素耐药（R）；分母为检测过万古霉素的第一株' },
    source: 'CLSI M100 (2025), Table 2D, vancomycin comments',
    inScope: (t) => t.genus === 'Enterococcus' && !VANC_ENTEROCOCCI.includes(t.species),
    tested: (i) => measured(i, ['VAN']).length > 0,
    positive: (i) => measured(i, ['VAN']).includes('R'),
  },
  {
    code: 'Colistin R',
    label: { en: 'Colistin R', zh: '黏菌素耐药' },
    name: { en: 'Colistin resistance', zh: '黏菌素耐药' },
    scope: {
      en: 'Enterobacterales (not Proteus, Morganella, Providencia, Serratia: intrinsically resistant), P. aeruginosa, Acinetobacter',
      zh: '肠杆菌目（不含天然耐药的变形杆菌、摩根菌、普罗威登斯菌、沙雷菌）、铜绿假单胞菌、不动杆菌属',
    },
    definition: { en: 'colistin or polymyxin B resistant (R), among first isolates tested with either', zh: '黏菌素或多黏菌素 B 耐药（R）；分母为检测过其一的第一株' },
    source: 'CLSI M100 (2025), Tables 2A-1, 2B-1, 2B-2 (colistin); EUCAST Expected Resistant Phenotypes v1.2',
    inScope: (t) => (isEnterobacterales(t) && !POLYMYXIN_RESISTANT_GENERA.includes(t.genus)) || t.species === 'Pseudomonas aeruginosa' || t.genus === 'Acinetobacter',
    tested: (i) => measured(i, ['COL', 'PLB']).length > 0,
    positive: (i) => measured(i, ['COL', 'PLB']).includes('R'),
  },
];

export interface PhenotypeRate {
  period: string;
  /** The phenotype's code (PhenotypeDefinition.code). */
  alert: string;
  organism: string;
  name: Localized;
  /** First isolates of the organism in the period tested for the phenotype (the denominator). */
  isolates: number;
  /** Of them with the phenotype. */
  withAlert: number;
  /** 0–100, one decimal; null below the minimum number of isolates, as for %S. */
  percent: number | null;
  belowMinimum: boolean;
}

/**
 * Phenotype rates per period and organism, each only for the species its definition is for and
 * among the first isolates tested for it; below `minIsolates` the count without a percentage
 * (CLSI M39, the same rule as %S). Isolates without a taxonomy are in no scope.
 */
export function phenotypeRates(first: readonly AntibiogramIsolate[], periodOf: (isolate: AntibiogramIsolate) => string, minIsolates: number): PhenotypeRate[] {
  const tallies = new Map<string, { order: number; period: string; alert: string; organism: string; name: Localized; isolates: number; withAlert: number }>();
  for (const isolate of first) {
    const taxon = isolate.taxon;
    if (!taxon) continue;
    const period = periodOf(isolate);
    PHENOTYPES.forEach((phenotype, order) => {
      if (!phenotype.inScope(taxon) || !phenotype.tested(isolate, taxon)) return;
      const key = `${order}\u0001${period}\u0001${isolate.organism}`;
      let tally = tallies.get(key);
      if (!tally) tallies.set(key, (tally = { order, period, alert: phenotype.code, organism: isolate.organism, name: isolate.organismName, isolates: 0, withAlert: 0 }));
      tally.isolates++;
      if (phenotype.positive(isolate, taxon)) tally.withAlert++;
    });
  }
  return [...tallies.values()]
    .sort((a, b) => a.order - b.order || (a.period < b.period ? -1 : a.period > b.period ? 1 : b.isolates - a.isolates || (a.name.en < b.name.en ? -1 : 1)))
    .map(({ order: _, ...t }) => {
      const belowMinimum = t.isolates < minIsolates;
      return { ...t, percent: belowMinimum ? null : Math.round((1000 * t.withAlert) / t.isolates) / 10, belowMinimum };
    });
}
