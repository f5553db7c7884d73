import type { LocalizedText } from '../index';
import { biochemErrors, type BiochemField } from './errors';
import { BIOCHEM_TESTS, biochemTest, type BiochemTest } from './tests';

export const PANEL_IDS = ['API20E', 'conventional', 'primary'] as const;
export type PanelId = (typeof PANEL_IDS)[number];

/** A reaction as entered: positive or negative. A test not done is simply absent. */
export type Reaction = '+' | '-';
export type Reactions = Readonly<Record<string, Reaction>>;

/**
 * A panel (the "board type"): the tests a laboratory reads together, in the order of the strip
 * or the bench sheet. A panel with a numerical profile groups its tests in triplets whose
 * positives add up to one digit with weights 1, 2 and 4.
 */
export interface BiochemPanel {
  id: PanelId;
  name: LocalizedText;
  description: LocalizedText;
  /** Test codes in reading order (see `panelTests` for the test definitions). */
  tests: readonly string[];
  profile?: {
    /** Tests of each digit, first test weight 1, second 2, third 4. */
    groups: readonly (readonly string[])[];
  };
}

/**
 * API 20E: the 20 wells in strip order, then the oxidase test read separately, as the 21st test
 * of the 7-digit profile (bioMérieux API 20E instructions; well order and codes agree with the
 * DSMZ/BacDive kit table `kit_api_20E_meta.csv`, cupules 1–21). The supplementary tests of that
 * table (NO2, N2, MOB, MAC, OF-O, OF-F) are not part of the profile.
 */
const API20E_WELLS = [
  'ONPG', 'ADH', 'LDC', 'ODC', 'CIT', 'H2S', 'URE', 'TDA', 'IND', 'VP',
  'GEL', 'GLU', 'MAN', 'INO', 'SOR', 'RHA', 'SAC', 'MEL', 'AMY', 'ARA', 'OX',
] as const;

/** The conventional tubes of the Bergey's-style Enterobacteriaceae table, in its column order. */
const CONVENTIONAL_TESTS = [
  'IND', 'MR', 'VP', 'CIT', 'H2S', 'URE', 'PDA', 'LDC', 'ADH', 'ODC', 'MOT', 'GEL', 'KCN', 'MNT',
  'GLU', 'GAS', 'LAC', 'SAC', 'MAN', 'DUL', 'SAL', 'ADO', 'INO', 'SOR', 'ARA', 'RAF', 'RHA', 'MAL',
  'XYL', 'TRE', 'CEL', 'MDG', 'ESC', 'MEL', 'DARL', 'MUC', 'LIP', 'DNA', 'NO3', 'OX', 'ONPG', 'YEL', 'MNE',
] as const;

/** Microscopy, growth and the quick bench tests done before (or instead of) a panel. */
const PRIMARY_TESTS = [
  'GRAM', 'COCC', 'ROD', 'COCB', 'CURV', 'YST', 'CLUS', 'CHAIN', 'PAIR', 'PAL', 'SPOR', 'MOT',
  'AERO', 'FACA', 'ANAE', 'MICA', 'CAT', 'OX', 'COA', 'BHEM', 'AHEM', 'MAC', 'LAC', 'PIG',
  'IND', 'URE', 'PYRA', 'OPT', 'BSOL', 'BAC', 'CAMP', 'HIP', 'BE', 'NACL', 'DNA', 'GLU', 'MAL',
  'XFAC', 'VFAC', 'GT', 'CAPS',
] as const;

function triplets(codes: readonly string[]): string[][] {
  const groups: string[][] = [];
  for (let i = 0; i < codes.length; i += 3) groups.push(codes.slice(i, i + 3));
  return groups;
}

export const BIOCHEM_PANELS: Readonly<Record<PanelId, BiochemPanel>> = Object.freeze({
  API20E: {
    id: 'API20E',
    name: { en: 'API 20E', zh: 'API 20E' },
    description: {
      en: 'Enterobacterales and other Gram-negative rods: 20 wells and oxidase, 7-digit numerical profile.',
      zh: '肠杆菌目及其他革兰阴性杆菌：20 个小管加氧化酶，7 位数码谱。',
    },
    tests: API20E_WELLS,
    profile: { groups: triplets(API20E_WELLS) },
  },
  conventional: {
    id: 'conventional',
    name: { en: 'Conventional Enterobacterales tubes', zh: '肠杆菌目常规生化管' },
    description: {
      en: 'Classic tube and plate tests of the Enterobacterales identification tables (indole, MR, VP, citrate, decarboxylases, sugars …).',
      zh: '肠杆菌目鉴定表中的经典试管与平板试验（吲哚、甲基红、VP、枸橼酸盐、脱羧酶、糖类等）。',
    },
    tests: CONVENTIONAL_TESTS,
  },
  primary: {
    id: 'primary',
    name: { en: 'Primary tests and morphology', zh: '初步试验与形态学' },
    description: {
      en: 'Gram stain, cell shape and arrangement, spores, motility, oxygen relation, catalase, oxidase and the quick bench tests: a genus-level answer, and the gate to a panel.',
      zh: '革兰染色、细胞形态与排列、芽孢、动力、需氧类型、触酶、氧化酶及常用快速试验：给出属水平结果，并决定下一步用哪种鉴定板。',
    },
    tests: PRIMARY_TESTS,
  },
});

export function isPanelId(value: string): value is PanelId {
  return (PANEL_IDS as readonly string[]).includes(value);
}

/**
 * Strips whose wells MDC knows (the BacDive kit tables in the shared data) but that have no
 * probability matrix behind them yet: asked for by name, they are refused as "no matrix", not as
 * an unknown panel, so that the user learns the strip exists but cannot identify here.
 */
export const STRIPS_WITHOUT_MATRIX: readonly string[] = Object.freeze([
  'API 20NE', 'API 20 Strep', 'API Staph', 'API 20A', 'API 50 CH', 'API Campy', 'API Coryne', 'API Listeria',
  'API NH', 'ID 32 E', 'ID 32 Staph', 'rapid ID 32 A', 'rapid ID 32 Strep', 'API ZYM', 'VITEK 2 GN', 'VITEK 2 GP',
]);

const squeeze = (value: string) => value.trim().toLowerCase().replace(/[\s_-]+/g, '');

/** The panel of an id as typed by a user ("api20e", "API 20E", "Conventional" …). */
export function panelById(value: string, field: BiochemField = 'panel'): BiochemPanel {
  const wanted = squeeze(value);
  const id = PANEL_IDS.find((p) => p.toLowerCase() === wanted);
  if (!id) {
    const strip = STRIPS_WITHOUT_MATRIX.find((s) => squeeze(s) === wanted || squeeze(s).replace(/strep$/, 'str') === wanted);
    if (strip) throw biochemErrors.noMatrix(field, strip);
    throw biochemErrors.unknownPanel(field, value, PANEL_IDS);
  }
  return BIOCHEM_PANELS[id];
}

/** The test definitions of a panel, in its order (for a grid of wells with names and substrates). */
export function panelTests(panel: BiochemPanel): BiochemTest[] {
  return panel.tests.map((code) => {
    const test = biochemTest(code);
    if (!test) throw new Error(`panel ${panel.id} lists unknown test ${code}`);
    return test;
  });
}

/** Every test code of the catalogue, for checks. */
export const ALL_TEST_CODES: readonly string[] = BIOCHEM_TESTS.map((test) => test.code);
