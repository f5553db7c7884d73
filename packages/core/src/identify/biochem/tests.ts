import type { LocalizedText } from '../index';

/**
 * One biochemical, physiological or morphological test. The code is the one every panel and
 * every matrix uses, so that a reaction entered once means the same thing everywhere: the API
 * well code where bioMérieux has one (ONPG, ADH, … OX, and from the other strips MNT, MAL,
 * LAC, ESC, NO3, PYRA, HIP, GRAM, SPOR, COCC, CAT, MAC), a short laboratory code otherwise.
 */
export interface BiochemTest {
  code: string;
  name: LocalizedText;
  /** Substrate or medium, when the test has one. */
  substrate?: LocalizedText;
  /** What a positive reaction means, for tests whose "+" is not self-evident (shape, oxygen…). */
  positive?: LocalizedText;
  /**
   * Tests of one group describe alternatives of one character (cell shape, arrangement, oxygen
   * relation, haemolysis). When one member is entered "+", the "–" of the others only restates
   * that choice and is not counted a second time.
   */
  group?: BiochemTestGroup;
  /** Other spellings accepted on input (e.g. MOB for MOT, as API 20E's supplementary test). */
  aliases?: readonly string[];
}

export type BiochemTestGroup = 'shape' | 'arrangement' | 'oxygen' | 'haemolysis';

export const TEST_GROUP_NAMES: Readonly<Record<BiochemTestGroup, LocalizedText>> = Object.freeze({
  shape: { en: 'Cell shape', zh: '细胞形态' },
  arrangement: { en: 'Cell arrangement', zh: '排列方式' },
  oxygen: { en: 'Oxygen relation', zh: '需氧类型' },
  haemolysis: { en: 'Haemolysis on blood agar', zh: '血平板溶血' },
});

const t = (
  code: string,
  en: string,
  zh: string,
  extra: { substrate?: [string, string]; positive?: [string, string]; group?: BiochemTestGroup; aliases?: string[] } = {},
): BiochemTest => ({
  code,
  name: { en, zh },
  ...(extra.substrate ? { substrate: { en: extra.substrate[0], zh: extra.substrate[1] } } : {}),
  ...(extra.positive ? { positive: { en: extra.positive[0], zh: extra.positive[1] } } : {}),
  ...(extra.group ? { group: extra.group } : {}),
  ...(extra.aliases ? { aliases: extra.aliases } : {}),
});

/** Every test MDC knows, in no particular order; panels list the ones they use, in their order. */
export const BIOCHEM_TESTS: readonly BiochemTest[] = Object.freeze([
  // API 20E wells (codes as on the strip) and the conventional tubes they correspond to.
  t('ONPG', 'β-galactosidase (ONPG)', 'β-半乳糖苷酶（ONPG）', { substrate: ['o-nitrophenyl-β-D-galactopyranoside', '邻硝基苯-β-D-半乳糖苷'], aliases: ['PNPG', 'BETAGAL', 'BGAL', 'BETA GAL', 'βGAL', 'β-GAL'] }),
  t('ADH', 'Arginine dihydrolase', '精氨酸双水解酶', { substrate: ['L-arginine', 'L-精氨酸'], aliases: ['ARG', 'ADH (ARG)'] }),
  t('LDC', 'Lysine decarboxylase', '赖氨酸脱羧酶', { substrate: ['L-lysine', 'L-赖氨酸'] }),
  t('ODC', 'Ornithine decarboxylase', '鸟氨酸脱羧酶', { substrate: ['L-ornithine', 'L-鸟氨酸'] }),
  t('CIT', 'Citrate utilisation', '枸橼酸盐利用', { substrate: ['trisodium citrate', '枸橼酸三钠'] }),
  t('H2S', 'H2S production', '产生 H2S', { substrate: ['sodium thiosulfate', '硫代硫酸钠'], aliases: ['H₂S'] }),
  t('URE', 'Urease', '脲酶', { substrate: ['urea', '尿素'], aliases: ['UREA'] }),
  t('TDA', 'Tryptophan deaminase', '色氨酸脱氨酶', { substrate: ['L-tryptophan', 'L-色氨酸'], aliases: ['TDA (TRP)'] }),
  t('IND', 'Indole production', '吲哚试验', { substrate: ['L-tryptophan', 'L-色氨酸'], aliases: ['TRP', 'INDOLE'] }),
  t('VP', 'Acetoin production (Voges–Proskauer)', '乙酰甲基甲醇（VP 试验）', { substrate: ['sodium pyruvate / glucose', '丙酮酸钠/葡萄糖'] }),
  t('GEL', 'Gelatinase (gelatin hydrolysis)', '明胶酶（明胶液化）', { substrate: ['gelatin', '明胶'] }),
  t('GLU', 'Acid from D-glucose', '葡萄糖产酸', { substrate: ['D-glucose', 'D-葡萄糖'] }),
  t('MAN', 'Acid from D-mannitol', '甘露醇产酸', { substrate: ['D-mannitol', 'D-甘露醇'] }),
  t('INO', 'Acid from myo-inositol', '肌醇产酸', { substrate: ['myo-inositol', '肌醇'] }),
  t('SOR', 'Acid from D-sorbitol', '山梨醇产酸', { substrate: ['D-sorbitol', 'D-山梨醇'] }),
  t('RHA', 'Acid from L-rhamnose', '鼠李糖产酸', { substrate: ['L-rhamnose', 'L-鼠李糖'] }),
  t('SAC', 'Acid from sucrose', '蔗糖产酸', { substrate: ['sucrose', '蔗糖'] }),
  t('MEL', 'Acid from melibiose', '蜜二糖产酸', { substrate: ['melibiose', '蜜二糖'] }),
  t('AMY', 'Acid from amygdalin', '苦杏仁苷产酸', { substrate: ['amygdalin', '苦杏仁苷'] }),
  t('ARA', 'Acid from L-arabinose', '阿拉伯糖产酸', { substrate: ['L-arabinose', 'L-阿拉伯糖'] }),
  t('OX', 'Cytochrome oxidase', '氧化酶', { substrate: ['tetramethyl-p-phenylenediamine', '四甲基对苯二胺'] }),
  // Conventional Enterobacterales tubes without an API 20E well.
  t('MR', 'Methyl red', '甲基红试验', { substrate: ['glucose (MR-VP broth)', '葡萄糖（MR-VP 肉汤）'] }),
  t('PDA', 'Phenylalanine deaminase', '苯丙氨酸脱氨酶', { substrate: ['L-phenylalanine', 'L-苯丙氨酸'], aliases: ['PAD'] }),
  t('MOT', 'Motility', '动力', { positive: ['motile (at 36 °C; Listeria and Yersinia at 25 °C)', '有动力（36 °C；李斯特菌、耶尔森菌 25 °C）'], aliases: ['MOB'] }),
  t('KCN', 'Growth in KCN', 'KCN 生长试验', { substrate: ['potassium cyanide broth', '氰化钾肉汤'] }),
  t('MNT', 'Malonate utilisation', '丙二酸盐利用', { substrate: ['sodium malonate', '丙二酸钠'] }),
  t('GAS', 'Gas from D-glucose', '葡萄糖产气', { substrate: ['D-glucose', 'D-葡萄糖'] }),
  t('LAC', 'Acid from lactose', '乳糖产酸（发酵乳糖）', { substrate: ['lactose', '乳糖'] }),
  t('DUL', 'Acid from dulcitol', '卫矛醇产酸', { substrate: ['dulcitol', '卫矛醇'] }),
  t('SAL', 'Acid from salicin', '水杨苷产酸', { substrate: ['salicin', '水杨苷'] }),
  t('ADO', 'Acid from adonitol', '侧金盏花醇产酸', { substrate: ['adonitol', '侧金盏花醇'] }),
  t('RAF', 'Acid from raffinose', '棉子糖产酸', { substrate: ['raffinose', '棉子糖'] }),
  t('MAL', 'Acid from maltose', '麦芽糖产酸', { substrate: ['maltose', '麦芽糖'] }),
  t('XYL', 'Acid from D-xylose', '木糖产酸', { substrate: ['D-xylose', 'D-木糖'] }),
  t('TRE', 'Acid from trehalose', '海藻糖产酸', { substrate: ['trehalose', '海藻糖'] }),
  t('CEL', 'Acid from cellobiose', '纤维二糖产酸', { substrate: ['cellobiose', '纤维二糖'] }),
  t('MDG', 'Acid from α-methyl-D-glucoside', 'α-甲基-D-葡萄糖苷产酸', { substrate: ['α-methyl-D-glucoside', 'α-甲基-D-葡萄糖苷'] }),
  t('ESC', 'Esculin hydrolysis', '七叶苷水解', { substrate: ['esculin', '七叶苷'] }),
  t('DARL', 'Acid from D-arabitol', 'D-阿拉伯醇产酸', { substrate: ['D-arabitol', 'D-阿拉伯醇'] }),
  t('MUC', 'Mucate fermentation', '黏酸盐发酵', { substrate: ['mucic acid', '黏酸'] }),
  t('LIP', 'Lipase (corn oil)', '脂酶（玉米油）', { substrate: ['corn oil', '玉米油'] }),
  t('DNA', 'DNase', 'DNA 酶', { substrate: ['DNA', 'DNA'] }),
  t('NO3', 'Nitrate reduced to nitrite', '硝酸盐还原', { substrate: ['potassium nitrate', '硝酸钾'] }),
  t('YEL', 'Yellow pigment', '黄色色素', { positive: ['yellow colonies at 25 °C', '25 °C 菌落呈黄色'] }),
  t('MNE', 'Acid from D-mannose', '甘露糖产酸', { substrate: ['D-mannose', 'D-甘露糖'] }),
  // Primary tests and morphology.
  t('GRAM', 'Gram stain', '革兰染色', { positive: ['Gram-positive', '革兰阳性'] }),
  t('COCC', 'Cocci', '球菌', { group: 'shape', positive: ['cells are cocci (yeasts: no, see YST)', '细胞为球形'] }),
  t('ROD', 'Rods', '杆菌', { group: 'shape', positive: ['cells are straight rods', '细胞为直杆状'] }),
  t('COCB', 'Coccobacilli', '球杆菌', { group: 'shape', positive: ['cells are short coccobacilli', '细胞为短球杆状'] }),
  t('CURV', 'Curved or spiral rods', '弯曲或螺旋形杆菌', { group: 'shape', positive: ['cells are curved, comma- or S-shaped, or spiral', '细胞呈弧形、逗点状、S 形或螺旋形'] }),
  t('YST', 'Budding yeast cells', '出芽酵母细胞', { group: 'shape', positive: ['oval budding cells (yeast)', '卵圆形出芽细胞（酵母）'] }),
  t('CLUS', 'In clusters', '葡萄状排列', { group: 'arrangement', positive: ['cells in irregular clusters', '细胞呈不规则葡萄串状'] }),
  t('CHAIN', 'In chains', '链状排列', { group: 'arrangement', positive: ['cells in chains', '细胞呈链状'] }),
  t('PAIR', 'In pairs', '成双排列', { group: 'arrangement', positive: ['cells in pairs (diplococci)', '细胞成双（双球菌）'] }),
  t('PAL', 'Palisades / V forms', '栅栏状/V 字形排列', { group: 'arrangement', positive: ['club-shaped rods in palisades or V forms', '棒状杆菌呈栅栏状或 V、L 字形'] }),
  t('SPOR', 'Endospores', '芽孢', { positive: ['endospores seen', '可见芽孢'] }),
  t('AERO', 'Strictly aerobic', '专性需氧', { group: 'oxygen', positive: ['grows in air, not anaerobically', '需氧生长，厌氧不生长'] }),
  t('FACA', 'Facultatively anaerobic', '兼性厌氧', { group: 'oxygen', positive: ['grows in air and anaerobically', '需氧和厌氧均生长'] }),
  t('ANAE', 'Strictly anaerobic', '专性厌氧', { group: 'oxygen', positive: ['grows only anaerobically', '仅厌氧生长'] }),
  t('MICA', 'Microaerophilic', '微需氧', { group: 'oxygen', positive: ['grows only in reduced oxygen (5–10 % O2)', '仅在低氧（5–10 % O2）下生长'] }),
  t('CAT', 'Catalase', '触酶（过氧化氢酶）', { substrate: ['3 % hydrogen peroxide', '3 % 过氧化氢'] }),
  t('COA', 'Coagulase (tube)', '血浆凝固酶（试管法）', { substrate: ['rabbit plasma', '兔血浆'] }),
  t('BHEM', 'β-haemolysis', 'β 溶血', { group: 'haemolysis', positive: ['clear zone of haemolysis on sheep blood agar', '羊血平板上透明溶血环'], aliases: ['BETAHEM'] }),
  t('AHEM', 'α-haemolysis', 'α 溶血', { group: 'haemolysis', positive: ['green zone (partial haemolysis) on sheep blood agar', '羊血平板上草绿色溶血环'] }),
  t('MAC', 'Growth on MacConkey agar', '麦康凯平板生长', { substrate: ['MacConkey agar', '麦康凯琼脂'] }),
  t('PIG', 'Pigment', '色素', { positive: ['coloured colonies or diffusible pigment', '菌落有色或产生可溶性色素'] }),
  t('PYRA', 'Pyrrolidonyl arylamidase (PYR)', '吡咯烷酮芳基酰胺酶（PYR）', { substrate: ['L-pyrrolidonyl-β-naphthylamide', 'L-吡咯烷酮-β-萘酰胺'], aliases: ['PYR'] }),
  t('OPT', 'Optochin susceptible', 'Optochin 敏感', { substrate: ['optochin disc (5 µg)', 'Optochin 纸片（5 µg）'] }),
  t('BSOL', 'Bile solubility', '胆汁溶菌试验', { substrate: ['sodium deoxycholate', '去氧胆酸钠'] }),
  t('BAC', 'Bacitracin susceptible', '杆菌肽敏感', { substrate: ['bacitracin disc (0.04 U)', '杆菌肽纸片（0.04 U）'] }),
  t('CAMP', 'CAMP test', 'CAMP 试验', { positive: ['enhanced haemolysis next to S. aureus β-lysin', '与金黄色葡萄球菌 β 溶素协同溶血增强'] }),
  t('HIP', 'Hippurate hydrolysis', '马尿酸盐水解', { substrate: ['sodium hippurate', '马尿酸钠'] }),
  t('BE', 'Bile–esculin', '胆汁七叶苷试验', { substrate: ['bile esculin agar', '胆汁七叶苷琼脂'] }),
  t('NACL', 'Growth in 6.5 % NaCl', '6.5 % NaCl 生长', { substrate: ['6.5 % NaCl broth', '6.5 % NaCl 肉汤'] }),
  t('GT', 'Germ tube', '芽管试验', { substrate: ['serum, 2–3 h at 37 °C', '血清，37 °C 2–3 h'] }),
  t('CAPS', 'Capsule (India ink)', '荚膜（墨汁染色）', { positive: ['wide capsule in India ink', '墨汁染色见宽厚荚膜'] }),
  t('XFAC', 'Requires X factor (haemin)', '需要 X 因子（血红素）'),
  t('VFAC', 'Requires V factor (NAD)', '需要 V 因子（NAD）'),
]);

/**
 * Where each alias above comes from (a spelling laboratories and strips use for the same reaction):
 * - PNPG, βGAL/BETA GAL (β-galactosidase with a nitrophenyl galactoside, as ONPG): API 20 NE
 *   cupule PNPG, ID 32 E and API NH cupule "beta GAL" — DSMZ BacDive kit tables
 *   (`biochem/api-panels/kit_api_20NE_meta.csv`, `kit_api_ID32E_meta.csv`, `kit_api_NH_meta.csv`).
 * - ARG, ADH (ARG): API 20E, 20 NE and ID 32 E name the arginine dihydrolase cupule "ADH (Arg)"
 *   (same tables). Not ArgA, which is arginine *arylamidase*, another reaction.
 * - TRP, INDOLE: API 20 NE names its indole cupule TRP ("Indole production, L-tryptophan",
 *   `kit_api_20NE_meta.csv`); TDA (TRP) is how API 20E labels its tryptophan deaminase cupule.
 * - H₂S: the same code typeset with a subscript. UREA: the substrate of the urease test
 *   ("Urease/urea hydrolysis" in every BacDive kit table).
 * - PAD: phenylalanine deaminase as MacFaddin abbreviates it (Biochemical Tests for
 *   Identification of Medical Bacteria, 3rd ed., 2000, "Phenylalanine deaminase test").
 */
const byCode = new Map<string, BiochemTest>();
for (const test of BIOCHEM_TESTS) {
  byCode.set(test.code, test);
  for (const alias of test.aliases ?? []) byCode.set(alias.toUpperCase(), test);
}

/** The test of a code or alias, ignoring case and surrounding space; undefined when unknown. */
export function biochemTest(code: string): BiochemTest | undefined {
  return byCode.get(code.trim().toUpperCase());
}

/**
 * Codes of different panels that read one reaction: API 20E's TDA (tryptophan deaminase) and the
 * conventional tube PDA (phenylalanine deaminase) both detect the L-amino acid deaminase of
 * Proteeae and Providencia (the API 20E instructions; Farmer et al. 1985, J Clin Microbiol 21:46,
 * where the phenylalanine deaminase column is what API's TDA is compared with). A reaction entered
 * under one code is taken by a panel that has the other.
 */
export const SAME_REACTION: readonly { codes: readonly string[]; source: string }[] = Object.freeze([
  {
    codes: ['TDA', 'PDA'],
    source: 'one L-amino acid deaminase read on tryptophan (API 20E TDA) or phenylalanine (conventional PDA); API 20E instructions; Farmer et al. 1985, J Clin Microbiol 21:46',
  },
]);

/** The code a panel reads a test under: the test's own, or the code of the same reaction the panel has; undefined when it has neither. */
export function panelCode(code: string, panelTests: readonly string[]): string | undefined {
  if (panelTests.includes(code)) return code;
  const group = SAME_REACTION.find((g) => g.codes.includes(code));
  return group?.codes.find((c) => panelTests.includes(c));
}
