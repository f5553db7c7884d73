import { breakpointSummary, ISOLATE_TEST_CODES, ISOLATE_TEST_NAMES, type IsolateTestCode, type IsolateTests } from '@mdc/contracts';
import type { BreakpointView, Localized, Organism } from '@mdc/core/ast';

export interface Choice {
  value: string;
  label: Localized;
}

/** Specimen types a clinical microbiology lab receives (WHONET SPEC_TYPE codes where they exist). */
export const SAMPLE_TYPES: Choice[] = [
  { value: 'bl', label: { zh: '血液', en: 'Blood' } },
  { value: 'ur', label: { zh: '尿液', en: 'Urine' } },
  { value: 'sp', label: { zh: '痰', en: 'Sputum' } },
  { value: 'ba', label: { zh: '支气管肺泡灌洗液', en: 'Bronchoalveolar lavage' } },
  { value: 'cf', label: { zh: '脑脊液', en: 'Cerebrospinal fluid (CSF)' } },
  { value: 'wd', label: { zh: '伤口分泌物', en: 'Wound' } },
  { value: 'pu', label: { zh: '脓液', en: 'Pus / abscess' } },
  { value: 'sf', label: { zh: '无菌体液（胸水、腹水、关节液）', en: 'Sterile body fluid (pleural, peritoneal, joint)' } },
  { value: 'ti', label: { zh: '组织', en: 'Tissue' } },
  { value: 'st', label: { zh: '粪便', en: 'Stool' } },
  { value: 'gn', label: { zh: '生殖道分泌物', en: 'Genital swab' } },
  { value: 'ct', label: { zh: '导管尖端', en: 'Catheter tip' } },
  { value: 'sw', label: { zh: '筛查拭子', en: 'Screening swab' } },
  { value: 'ot', label: { zh: '其他', en: 'Other' } },
];

/** The "not site-specific" choice: the engine then uses the general (or systemic) breakpoint. */
export const GENERAL_SITE = 'general';

/** Sites of infection the engine understands (see @mdc/core/ast normalizeSite). */
export const SITES: Choice[] = [
  { value: GENERAL_SITE, label: { zh: '不限部位（全身感染）', en: 'Not site-specific (systemic)' } },
  { value: 'non-meningitis', label: { zh: '非脑膜炎', en: 'Non-meningitis' } },
  { value: 'meningitis', label: { zh: '脑膜炎', en: 'Meningitis' } },
  { value: 'urinary tract infection', label: { zh: '尿路感染（单纯性）', en: 'Urinary tract infection (uncomplicated)' } },
  { value: 'pneumonia', label: { zh: '肺炎', en: 'Pneumonia' } },
  { value: 'respiratory', label: { zh: '呼吸道感染', en: 'Respiratory tract infection' } },
  { value: 'skin', label: { zh: '皮肤软组织感染', en: 'Skin and soft tissue infection' } },
  { value: 'intestinal', label: { zh: '肠道感染', en: 'Intestinal infection' } },
  { value: 'extraintestinal', label: { zh: '肠外感染', en: 'Extraintestinal infection' } },
  { value: 'oral', label: { zh: '口服给药', en: 'Oral administration' } },
  { value: 'intravenous', label: { zh: '静脉给药', en: 'Intravenous administration' } },
  { value: 'screen', label: { zh: '筛查', en: 'Screening' } },
];

/** The site a specimen usually means; the form pre-selects it, the user may change it. */
export const SITE_FOR_SAMPLE: Readonly<Record<string, string>> = {
  bl: GENERAL_SITE,
  ur: 'urinary tract infection',
  sp: 'respiratory',
  ba: 'pneumonia',
  cf: 'meningitis',
  wd: 'skin',
  pu: 'skin',
  st: 'intestinal',
  sw: 'screen',
};

/** The isolate tests (codes shared with the web app) with the names reports and the API document use. */
export const ISOLATE_TESTS = ISOLATE_TEST_CODES.map((code) => ({ value: code, label: ISOLATE_TEST_NAMES[code] }));
export type { IsolateTestCode, IsolateTests };

export const METHODS: Choice[] = [
  { value: 'MIC', label: { zh: 'MIC 法（mg/L）', en: 'MIC (mg/L)' } },
  { value: 'DISK', label: { zh: '纸片扩散法（抑菌圈直径 mm）', en: 'Disk diffusion (zone diameter, mm)' } },
];

export function sampleTypeLabel(value: string): Localized {
  return SAMPLE_TYPES.find((c) => c.value === value)?.label ?? { zh: value, en: value };
}

export function siteChoiceLabel(value: string): Localized {
  return SITES.find((c) => c.value === value)?.label ?? { zh: value, en: value };
}

/**
 * The drugs a lab usually reports for an organism group, in reporting order (after the tiered
 * panels of CLSI M100 Table 1 and EUCAST's clinical breakpoint tables). They head the "add
 * antibiotic" list; every other drug with a breakpoint follows.
 */
const PANELS: Array<{ test: (o: Organism) => boolean; drugs: string[] }> = [
  {
    test: (o) => o.definition.familyCode === 'EBC',
    drugs: ['AMP', 'AMC', 'SAM', 'TZP', 'CZO', 'CXM', 'CRO', 'CTX', 'CAZ', 'FEP', 'FOX', 'ATM', 'ETP', 'IPM', 'MEM', 'AMK', 'GEN', 'TOB', 'CIP', 'LVX', 'SXT', 'NIT', 'FOS', 'TGC', 'COL', 'CZA'],
  },
  {
    test: (o) => o.definition.genusCode === 'PS-' || o.code === 'pae',
    drugs: ['TZP', 'CAZ', 'FEP', 'ATM', 'IPM', 'MEM', 'AMK', 'GEN', 'TOB', 'CIP', 'LVX', 'COL', 'CZA', 'CZT'],
  },
  {
    test: (o) => o.definition.genusCode === 'AC-',
    drugs: ['SAM', 'TZP', 'CAZ', 'FEP', 'IPM', 'MEM', 'AMK', 'GEN', 'TOB', 'CIP', 'LVX', 'SXT', 'MNO', 'TGC', 'COL'],
  },
  {
    test: (o) => o.definition.genusCode === 'STA',
    drugs: ['PEN', 'FOX', 'OXA', 'ERY', 'CLI', 'GEN', 'CIP', 'LVX', 'MFX', 'SXT', 'TCY', 'DOX', 'VAN', 'TEC', 'LNZ', 'DAP', 'RIF', 'NIT', 'TGC'],
  },
  {
    test: (o) => o.definition.genusCode === 'ENT',
    drugs: ['AMP', 'PEN', 'GEH', 'STH', 'VAN', 'TEC', 'LNZ', 'DAP', 'NIT', 'FOS', 'CIP', 'LVX', 'TGC'],
  },
  {
    test: (o) => o.code === 'spn',
    drugs: ['PEN', 'AMX', 'CRO', 'CTX', 'FEP', 'MEM', 'ERY', 'CLI', 'LVX', 'MFX', 'SXT', 'TCY', 'VAN', 'LNZ', 'CHL', 'RIF'],
  },
  {
    test: (o) => o.definition.genusCode === 'STR',
    drugs: ['PEN', 'AMP', 'CRO', 'CTX', 'FEP', 'ERY', 'CLI', 'LVX', 'TCY', 'VAN', 'LNZ', 'CHL'],
  },
  {
    test: (o) => o.definition.genusCode === 'HA-',
    drugs: ['AMP', 'AMC', 'SAM', 'CXM', 'CRO', 'CTX', 'MEM', 'AZM', 'CLR', 'CIP', 'LVX', 'SXT', 'TCY', 'CHL', 'RIF'],
  },
  {
    test: (o) => o.definition.organismType === 'f',
    drugs: ['AMB', 'FLU', 'VOR', 'ITR', 'POS', 'CAS', 'MIF', 'ANI', 'FCT'],
  },
];

export function usualPanel(organism: Organism): string[] {
  return PANELS.find((panel) => panel.test(organism))?.drugs ?? [];
}

/**
 * How a breakpoint row reads in a table cell, in its guideline's notation: "S ≤ 8 · R ≥ 16 mg/L"
 * (CLSI), "S ≤ (0.001) · I 0.002–4 · R > 4 mg/L" (EUCAST), "S ≥ 14 · R < 14 mm (10 µg)".
 */
export function breakpointText(bp: BreakpointView | null | undefined): string {
  return bp ? breakpointSummary(bp) : '';
}
