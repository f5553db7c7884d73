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

const SITE_TERMS: SiteTerm[] = [
  { token: 'meningitis', zh: '脑膜炎', spellings: ['meningitis', 'meningeal', 'csf', 'cns', '脑膜炎', '脑脊液'] },
  {
    token: 'non-meningitis',
    zh: '非脑膜炎',
    spellings: ['non-meningitis', 'nonmeningitis', 'non meningitis', 'systemic', '非脑膜炎'],
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
      'cystitis',
      '尿路感染',
      '泌尿道感染',
      '泌尿系感染',
      '单纯性尿路感染',
      '非复杂性尿路感染',
      '尿液',
      '尿',
    ],
  },
  { token: 'screen', zh: '筛查', spellings: ['screen', 'screening', '筛查', '筛选'] },
  { token: 'respiratory', zh: '呼吸道', spellings: ['respiratory', 'respiratory tract', '呼吸道', '呼吸道感染'] },
  { token: 'pneumonia', zh: '肺炎', spellings: ['pneumonia', '肺炎'] },
  { token: 'non-pneumonia', zh: '非肺炎', spellings: ['non-pneumonia', 'nonpneumonia', 'non pneumonia', '非肺炎'] },
  { token: 'extraintestinal', zh: '肠外感染', spellings: ['extraintestinal', 'extra-intestinal', '肠外', '肠外感染'] },
  { token: 'intestinal', zh: '肠道感染', spellings: ['intestinal', 'gastrointestinal', '肠道', '肠道感染'] },
  { token: 'prophylaxis', zh: '预防', spellings: ['prophylaxis', '预防', '预防用药'] },
  { token: 'other infections', zh: '其他感染', spellings: ['other infections', 'other', '其他感染'] },
  { token: 'skin', zh: '皮肤', spellings: ['skin', '皮肤'] },
  { token: 'soft tissue', zh: '软组织', spellings: ['soft tissue', '软组织'] },
  { token: 'genital', zh: '生殖道', spellings: ['genital', '生殖道'] },
];

const BY_SPELLING = new Map<string, SiteTerm>();
const BY_TOKEN = new Map<string, SiteTerm>();
for (const term of SITE_TERMS) {
  BY_TOKEN.set(term.token, term);
  for (const spelling of term.spellings) BY_SPELLING.set(spelling, term);
}

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

function clean(text: string): string {
  return text.normalize('NFKC').trim().toLowerCase().replace(/\s+/g, ' ');
}

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
export function siteTokens(rowSite: string): string[] {
  if (rowSite.trim() === '') return [];
  return rowSite.split(',').map((part) => {
    const cleaned = clean(part);
    return BY_SPELLING.get(cleaned)?.token ?? cleaned;
  });
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

/** Chinese label of a row's site text ("Urinary tract infection" → 尿路感染). */
export function siteLabelZh(rowSite: string): string {
  return siteTokens(rowSite)
    .map((token) => BY_TOKEN.get(token)?.zh ?? token)
    .join('、');
}
