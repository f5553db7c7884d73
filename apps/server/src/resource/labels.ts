import type { Locale } from '@mdc/contracts';

export type Localized = Record<Locale, string>;

/** Words of WHONET's site-of-infection column ("Skin, soft tissue, urinary tract infection"). */
const SITE_WORDS: Record<string, string> = {
  'urinary tract infection': '尿路感染',
  respiratory: '呼吸道',
  skin: '皮肤',
  'soft tissue': '软组织',
  screen: '筛查',
  'non-meningitis': '非脑膜炎',
  meningitis: '脑膜炎',
  oral: '口服给药',
  mastitis: '乳腺炎',
  parenteral: '胃肠外给药',
  intravenous: '静脉给药',
  extraintestinal: '肠外感染',
  wounds: '伤口',
  abscesses: '脓肿',
  prophylaxis: '预防用药',
  pneumonia: '肺炎',
  'non-pneumonia': '非肺炎',
  genital: '生殖道',
  'other infections': '其他感染',
  metritis: '子宫炎',
  intestinal: '肠道感染',
};

const HOSTS: Record<string, string> = {
  human: '人',
  dogs: '犬',
  cattle: '牛',
  swine: '猪',
  cats: '猫',
  horses: '马',
  'horses (adults)': '马（成年）',
  'horses (foals)': '马驹',
  aquatic: '水生动物',
  poultry: '家禽',
};

export const BREAKPOINT_TYPE_LABELS: Record<string, Localized> = {
  Human: { en: 'Human clinical breakpoint', zh: '人用临床折点' },
  Animal: { en: 'Veterinary clinical breakpoint', zh: '兽用临床折点' },
  ECOFF: { en: 'Epidemiological cut-off (ECOFF)', zh: '流行病学界值（ECOFF）' },
};

export const METHOD_LABELS: Record<string, Localized> = {
  MIC: { en: 'MIC (mg/L)', zh: 'MIC（mg/L）' },
  DISK: { en: 'Disk diffusion (mm)', zh: '纸片扩散法（mm）' },
};

/** A comma-separated list of known words, each translated; unknown words stay as written. */
function translateList(value: string, words: Record<string, string>): Localized {
  if (value === '') return { en: '', zh: '' };
  const zh = value
    .split(',')
    .map((part) => part.trim())
    .map((part) => words[part.toLowerCase()] ?? part)
    .join('、');
  return { en: value, zh };
}

export function siteLabel(site: string): Localized {
  if (site === '') return { en: 'Any site (not site-specific)', zh: '不限感染部位' };
  return translateList(site, SITE_WORDS);
}

export function hostLabel(host: string): Localized {
  return { en: host, zh: HOSTS[host.toLowerCase()] ?? host };
}

export function label(texts: Localized, locale: Locale): string {
  return texts[locale];
}
