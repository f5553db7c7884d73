import { defineTexts } from '../resource/lib/texts';

const zh = {
  types: { taxon: '菌种', antibiotic: '药物', gene: '耐药基因' } as Record<string, string>,
  title: '搜索',
  resultsFor: '“{k}” 的搜索结果',
  lead: '在菌种（学名、中文名、同义名、WHONET 代码）、抗菌药物（中英文名、代码、别名）、耐药基因（如 KPC、CTX-M-15）与折点表中搜索。',
  groups: { taxa: '菌种', antibiotics: '抗菌药物', genes: '耐药基因', breakpoints: '折点表' },
  total: '共 {n} 项结果',
  none: '没有找到与 “{k}” 相关的菌种、药物或折点。',
  noneHint: '试试中文名、拉丁学名的开头、WHONET 代码（如 kpn）或药物缩写（如 AMC）。',
  empty: '输入关键词开始搜索，例如 大肠埃希菌、Klebsiella pneumoniae、kpn、阿莫西林、AMC、meropenem、EUCAST。',
  matchedVia: '匹配：{m}',
  fuzzy: '近似',
  synonymOf: '同义名，现名',
  rows: '{n} 条',
  showAll: '在列表中查看',
  examples: ['大肠埃希菌', 'Klebsiella pneumoniae', 'kpn', '阿莫西林', 'AMC', 'meropenem', 'EUCAST'],
};

export type SearchTexts = typeof zh;

const en: SearchTexts = {
  types: { taxon: 'Organism', antibiotic: 'Drug', gene: 'Resistance gene' },
  title: 'Search',
  resultsFor: 'Results for “{k}”',
  lead: 'Search across organisms (scientific and Chinese names, synonyms, WHONET codes), antimicrobials (names in both languages, codes, aliases), resistance genes (e.g. KPC, CTX-M-15) and breakpoint tables.',
  groups: { taxa: 'Organisms', antibiotics: 'Antimicrobials', genes: 'Resistance genes', breakpoints: 'Breakpoint tables' },
  total: '{n} {n|result|results}',
  none: 'No organism, drug or breakpoint matches “{k}”.',
  noneHint: 'Try a Chinese name, the start of a scientific name, a WHONET code (e.g. kpn) or a drug code (e.g. AMC).',
  empty: 'Type a keyword to search, e.g. Escherichia coli, 大肠埃希菌, kpn, amoxicillin, AMC, meropenem, EUCAST.',
  matchedVia: 'matched: {m}',
  fuzzy: 'similar',
  synonymOf: 'synonym of',
  rows: '{n} {n|row|rows}',
  showAll: 'Open in the list',
  examples: ['Escherichia coli', '大肠埃希菌', 'kpn', 'amoxicillin', 'AMC', 'meropenem', 'EUCAST'],
};

export const useSearchTexts = defineTexts<SearchTexts>('search', { zh, en });
