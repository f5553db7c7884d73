import type { AstCategory, Localized } from './types';

/**
 * Names of WHONET organism group codes as microbiologists say them, for
 * explanations ("EUCAST 2022, Enterobacterales"). Callers can add or override
 * the Chinese ones through NameMaps.organismGroups.
 */
export const ORGANISM_GROUP_LABELS: Readonly<Record<string, Localized>> = {
  EBC: { en: 'Enterobacterales', zh: '肠杆菌目' },
  NFR: { en: 'non-fermenting Gram-negative bacilli', zh: '非发酵革兰阴性杆菌' },
  STA: { en: 'Staphylococcus spp.', zh: '葡萄球菌属' },
  'SC+': { en: 'coagulase-positive staphylococci', zh: '凝固酶阳性葡萄球菌' },
  SCN: { en: 'coagulase-negative staphylococci', zh: '凝固酶阴性葡萄球菌' },
  STR: { en: 'Streptococcus spp.', zh: '链球菌属' },
  SVI: { en: 'viridans group streptococci', zh: '草绿色链球菌群' },
  'BS-': { en: 'β-haemolytic streptococci', zh: 'β-溶血性链球菌' },
  ENT: { en: 'Enterococcus spp.', zh: '肠球菌属' },
  'HA-': { en: 'Haemophilus spp.', zh: '嗜血杆菌属' },
  HIN: { en: 'Haemophilus influenzae', zh: '流感嗜血杆菌' },
  'NE-': { en: 'Neisseria spp.', zh: '奈瑟菌属' },
  NME: { en: 'Neisseria meningitidis', zh: '脑膜炎奈瑟菌' },
  'AC-': { en: 'Acinetobacter spp.', zh: '不动杆菌属' },
  'PS-': { en: 'Pseudomonas spp.', zh: '假单胞菌属' },
  SAL: { en: 'Salmonella spp.', zh: '沙门菌属' },
  TYP: { en: 'typhoidal Salmonella', zh: '伤寒/副伤寒沙门菌' },
  SHI: { en: 'Shigella spp.', zh: '志贺菌属' },
  'KL-': { en: 'Klebsiella spp.', zh: '克雷伯菌属' },
  'AN+': { en: 'Gram-positive anaerobes', zh: '革兰阳性厌氧菌' },
  'AN-': { en: 'Gram-negative anaerobes', zh: '革兰阴性厌氧菌' },
  ANA: { en: 'anaerobes', zh: '厌氧菌' },
  '+': { en: 'Gram-positive bacteria', zh: '革兰阳性菌' },
  '-': { en: 'Gram-negative bacteria', zh: '革兰阴性菌' },
  ALL: { en: 'all organisms (PK/PD, non-species-related)', zh: '所有菌种（PK/PD 非菌种相关）' },
  CAN: { en: 'Candida spp.', zh: '念珠菌属' },
};

interface CategoryLabel extends Localized {
  /** EUCAST redefined I in 2019 as "susceptible, increased exposure". */
  eucastSince2019?: Localized;
}

export const CATEGORY_LABELS: Readonly<Record<AstCategory, CategoryLabel>> = {
  S: { en: 'S', zh: '敏感(S)' },
  SDD: { en: 'SDD', zh: '剂量依赖性敏感(SDD)' },
  I: { en: 'I', zh: '中介(I)', eucastSince2019: { en: 'I', zh: '敏感-增加暴露(I)' } },
  R: { en: 'R', zh: '耐药(R)' },
  NS: { en: 'NS', zh: '非敏感(NS)' },
  NI: { en: 'NI', zh: '无法判读(NI)' },
  WT: { en: 'WT', zh: '野生型(WT)' },
  NWT: { en: 'NWT', zh: '非野生型(NWT)' },
};

export function categoryLabel(category: AstCategory, guideline: string, year: number | null): Localized {
  const label = CATEGORY_LABELS[category];
  if (label.eucastSince2019 && guideline === 'EUCAST' && year !== null && year >= 2019) return label.eucastSince2019;
  return label;
}

export const METHOD_LABELS: Readonly<Record<'MIC' | 'DISK', Localized>> = {
  MIC: { en: 'MIC', zh: 'MIC' },
  DISK: { en: 'disk diffusion', zh: '纸片扩散法' },
};

/** What each category means, for the legend of reports (CLSI M100 and EUCAST definitions). */
export const CATEGORY_LEGEND: ReadonlyArray<{ category: 'S' | 'SDD' | 'I' | 'R' | 'NS'; text: Localized }> = [
  { category: 'S', text: { en: 'S — susceptible: likely to respond at the standard dose', zh: 'S——敏感：标准剂量下治疗可能有效' } },
  {
    category: 'SDD',
    text: { en: 'SDD — susceptible-dose dependent (CLSI): needs a higher or more frequent dose than the standard one', zh: 'SDD——剂量依赖性敏感（CLSI）：需高于标准剂量或更频繁给药' },
  },
  {
    category: 'I',
    text: {
      en: 'I — CLSI: intermediate (uncertain response; effective where the drug concentrates or at a higher dose); EUCAST: susceptible, increased exposure (effective at the high dose)',
      zh: 'I——CLSI：中介（疗效不确定；在药物浓集部位或较高剂量时有效）；EUCAST：敏感，增加暴露（高剂量时有效）',
    },
  },
  { category: 'R', text: { en: 'R — resistant: likely treatment failure even at increased exposure', zh: 'R——耐药：即使增加暴露也可能治疗失败' } },
  {
    category: 'NS',
    text: { en: 'NS — non-susceptible: above the S breakpoint where the guideline gives no I or R category', zh: 'NS——非敏感：高于敏感折点，而指南未设中介或耐药分类' },
  },
];
