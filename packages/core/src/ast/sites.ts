/**
 * Sites of infection. Breakpoint rows name them in English ("Non-meningitis",
 * "Urinary tract infection", "Skin, soft tissue, respiratory"); users type them
 * in many ways and in Chinese. Everything is reduced to lower-case tokens.
 */

interface SiteTerm {
  token: string;
  zh: string;
  spellings: string[];
}

/**
 * Besides the sites breakpoint rows name, the specimen types labs write (blood, urine, CSF,
 * sputum, wound… in English and Chinese) stand for the site they usually mean: a blood culture
 * for a systemic infection, urine for a urinary tract infection, CSF for meningitis.
 */
const SITE_TERMS: SiteTerm[] = [
  {
    token: 'systemic',
    zh: '全身感染',
    spellings: [
      'systemic',
      'systemic infection',
      'general',
      'not site-specific',
      'not site-specific (systemic)',
      'blood',
      'blood culture',
      'bloodstream',
      'bloodstream infection',
      'bsi',
      'bacteraemia',
      'bacteremia',
      'sepsis',
      'septicaemia',
      'septicemia',
      '血',
      '血液',
      '血培养',
      '血流感染',
      '菌血症',
      '败血症',
      '脓毒症',
      '全身感染',
      '不限部位',
      '不限部位（全身感染）',
    ],
  },
  {
    token: 'meningitis',
    zh: '脑膜炎',
    spellings: ['meningitis', 'meningeal', 'csf', 'cns', 'cerebrospinal fluid', 'cerebrospinal fluid (csf)', '脑膜炎', '脑脊液'],
  },
  {
    token: 'non-meningitis',
    zh: '非脑膜炎',
    spellings: ['non-meningitis', 'nonmeningitis', 'non meningitis', '非脑膜炎'],
  },
  { token: 'oral', zh: '口服', spellings: ['oral', 'po', 'per os', '口服'] },
  { token: 'intravenous', zh: '静脉给药', spellings: ['intravenous', 'iv', 'i.v.', '静脉', '静脉给药', '静脉注射'] },
  { token: 'parenteral', zh: '胃肠外给药', spellings: ['parenteral', '胃肠外', '胃肠外给药', '注射'] },
  {
    token: 'urinary tract infection',
    zh: '尿路感染',
    spellings: [
      'urinary tract infection',
      'urinary tract infections',
      'uti',
      'uncomplicated uti',
      'uncomplicated urinary tract infection',
      'uuti',
      'urinary',
      'urine',
      'midstream urine',
      'catheter urine',
      'cystitis',
      'infections originating from the urinary tract',
      '尿路感染',
      '泌尿道感染',
      '泌尿系感染',
      '单纯性尿路感染',
      '非复杂性尿路感染',
      '尿液',
      '中段尿',
      '尿',
    ],
  },
  { token: 'screen', zh: '筛查', spellings: ['screen', 'screening', '筛查', '筛选'] },
  {
    token: 'respiratory',
    zh: '呼吸道',
    spellings: [
      'respiratory',
      'respiratory tract',
      'respiratory tract infection',
      'sputum',
      'tracheal aspirate',
      'endotracheal aspirate',
      '呼吸道',
      '呼吸道感染',
      '痰',
      '痰液',
      '气管吸取物',
    ],
  },
  { token: 'pneumonia', zh: '肺炎', spellings: ['pneumonia', 'bal', 'bronchoalveolar lavage', '肺炎', '支气管肺泡灌洗液', '肺泡灌洗液'] },
  { token: 'non-pneumonia', zh: '非肺炎', spellings: ['non-pneumonia', 'nonpneumonia', 'non pneumonia', '非肺炎'] },
  { token: 'extraintestinal', zh: '肠外感染', spellings: ['extraintestinal', 'extra-intestinal', '肠外', '肠外感染'] },
  {
    token: 'intestinal',
    zh: '肠道感染',
    spellings: ['intestinal', 'gastrointestinal', 'intestinal infection', 'stool', 'faeces', 'feces', '肠道', '肠道感染', '粪便', '大便'],
  },
  { token: 'prophylaxis', zh: '预防', spellings: ['prophylaxis', '预防', '预防用药'] },
  { token: 'other infections', zh: '其他感染', spellings: ['other infections', 'other indications', 'other', '其他感染'] },
  {
    token: 'skin',
    zh: '皮肤',
    spellings: [
      'skin',
      'skin and soft tissue',
      'skin and soft tissue infection',
      'ssti',
      'wound',
      'wound swab',
      'pus',
      'pus / abscess',
      'abscess',
      '皮肤',
      '皮肤软组织',
      '皮肤软组织感染',
      '伤口',
      '伤口分泌物',
      '脓',
      '脓液',
      '脓肿',
    ],
  },
  { token: 'soft tissue', zh: '软组织', spellings: ['soft tissue', '软组织'] },
  { token: 'genital', zh: '生殖道', spellings: ['genital', 'genital swab', '生殖道', '生殖道分泌物'] },
  { token: 'endocarditis', zh: '心内膜炎', spellings: ['endocarditis', '心内膜炎'] },
  { token: 'non-endocarditis', zh: '非心内膜炎', spellings: ['non-endocarditis', '非心内膜炎'] },
];

/** The site a specimen type in a lab file means (WHONET SPEC_TYPE codes, the Lab's codes, or words). */
const SPECIMEN_CODES: Readonly<Record<string, string>> = {
  bl: 'systemic',
  ur: 'urinary tract infection',
  cf: 'meningitis',
  sp: 'respiratory',
  ba: 'pneumonia',
  wd: 'skin',
  pu: 'skin',
  st: 'intestinal',
  sw: 'screen',
};


function clean(text: string): string {
  return text.normalize('NFKC').trim().toLowerCase().replace(/\s+/g, ' ');
}

const BY_SPELLING = new Map<string, SiteTerm>();
const BY_TOKEN = new Map<string, SiteTerm>();
for (const term of SITE_TERMS) {
  BY_TOKEN.set(term.token, term);
  for (const spelling of term.spellings) BY_SPELLING.set(clean(spelling), term);
}

/** A blood culture, "not site-specific": an infection treated systemically, at no particular site. */
export const SYSTEMIC_SITE = 'systemic';

/** Routes of administration that stand for each other when a row names one and the user the other. */
const EQUIVALENT: Readonly<Record<string, string[]>> = {
  intravenous: ['parenteral'],
  parenteral: ['intravenous'],
};

/** Sites that mean "the usual systemic infection", preferred when no site is asked for. */
export const SYSTEMIC_SITES = [
  'non-meningitis',
  'intravenous',
  'parenteral',
  'non-pneumonia',
  'extraintestinal',
  'other infections',
] as const;

const seen = new Map<string, string | null>();

/** The token a user's site text stands for, or null when it is not recognised. */
export function normalizeSite(text: string | null | undefined): string | null {
  if (text === null || text === undefined) return null;
  let token = seen.get(text);
  if (token === undefined) {
    const cleaned = clean(text);
    token = BY_SPELLING.get(cleaned)?.token ?? (BY_TOKEN.has(cleaned) ? cleaned : null);
    if (seen.size < 10_000) seen.set(text, token);
  }
  return token;
}

/** Tokens a breakpoint row's SITE_OF_INFECTION covers ("Skin, soft tissue" → skin, soft tissue). */
/**
 * Texts in a row's site column that are not sites: CLSI files teicoplanin (enterococci, staphylococci)
 * and chloramphenicol (H. influenzae) as "Investigational agent" — not FDA-cleared in the US, a
 * status of the drug. Such a row holds for every site; its label still says what CLSI printed.
 */
const NOT_SITES: Record<string, string> = { 'investigational agent': '研究用药物' };

export function siteTokens(rowSite: string): string[] {
  if (rowSite.trim() === '') return [];
  return rowSite
    .split(',')
    .map((part) => clean(part))
    .filter((cleaned) => !(cleaned in NOT_SITES))
    .map((cleaned) => BY_SPELLING.get(cleaned)?.token ?? cleaned);
}

/** The site a lab file's specimen type means ("bl", "urine", "脑脊液"), or null. */
export function siteOfSpecimen(specimen: string | null | undefined): string | null {
  if (!specimen) return null;
  return SPECIMEN_CODES[clean(specimen)] ?? normalizeSite(specimen);
}

export function siteCovers(rowTokens: readonly string[], wanted: string): boolean {
  if (rowTokens.includes(wanted)) return true;
  for (const alt of EQUIVALENT[wanted] ?? []) if (rowTokens.includes(alt)) return true;
  return false;
}

const SYSTEMIC = new Set<string>(SYSTEMIC_SITES);

export function isSystemic(rowTokens: readonly string[]): boolean {
  for (const token of rowTokens) if (SYSTEMIC.has(token)) return true;
  return false;
}

/** Rows for every site but one: a non-meningitis row is not for meningitis, an intravenous one not for the oral route. */
const EXCLUDES: Readonly<Record<string, readonly string[]>> = {
  'non-meningitis': ['meningitis'],
  'non-pneumonia': ['pneumonia'],
  'non-endocarditis': ['endocarditis'],
  extraintestinal: ['intestinal'],
  intravenous: ['oral'],
  parenteral: ['oral'],
};

/**
 * Whether a row that does not name the wanted site still holds for it: a systemic row
 * (non-meningitis, intravenous, other infections…) holds for any site it does not exclude.
 */
export function rowAppliesTo(rowTokens: readonly string[], wanted: string): boolean {
  if (!isSystemic(rowTokens) && !rowTokens.includes('non-endocarditis')) return false;
  return !rowExcludes(rowTokens, wanted);
}

/** A row that says it is not for the wanted site ("Non-meningitis" for a CSF isolate). */
export function rowExcludes(rowTokens: readonly string[], wanted: string): boolean {
  for (const token of rowTokens) if (EXCLUDES[token]?.includes(wanted)) return true;
  return false;
}

/** Chinese label of a row's site text ("Urinary tract infection" → 尿路感染). */
export function siteLabelZh(rowSite: string): string {
  // EUCAST's "Uncomplicated urinary tract infection" rows are for cystitis only: the label keeps 单纯性.
  const uncomplicated = /\buncomplicated\b/i.test(rowSite);
  const originating = /originating from the urinary tract/i.test(rowSite);
  const status = rowSite
    .split(',')
    .map((part) => NOT_SITES[clean(part)])
    .filter((label): label is string => !!label);
  return [...siteTokens(rowSite), ...status]
    .map((token) => {
      if (status.includes(token)) return token;
      if (token === 'urinary tract infection' && uncomplicated) return '单纯性尿路感染';
      if (token === 'urinary tract infection' && originating) return '源自尿路的感染';
      return BY_TOKEN.get(token)?.zh ?? token;
    })
    .join('、');
}
