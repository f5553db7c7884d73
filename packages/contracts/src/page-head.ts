import type { Locale } from './codes';
import { type RouteName, localizedPath, matchPage, splitLocale } from './routes';

/**
 * The head of every page in both languages: title, description, `lang`, Open Graph and the
 * hreflang alternates. The server writes it into the HTML it sends (link previews, search
 * engines and screen readers read that before any script runs) and the web app keeps it in
 * step while it navigates; both build it here, so they cannot disagree.
 */
export interface PageMeta {
  title: string;
  description: string;
}

export const SITE_NAME: Record<Locale, string> = { zh: 'MDC 微生物数据云', en: 'MDC Microbe Data Cloud' };

const THREE_PARTS: Record<Locale, string> = {
  zh: 'MDC 微生物数据云由三部分组成：微生物数据库（分类学、抗菌药物、CLSI/EUCAST 折点与专家规则）、药敏试验解释（逐条给出判读依据）与微生物鉴定（16S/18S rRNA 序列比对等）。',
  en: 'MDC Microbe Data Cloud has three parts: a microbial database (taxonomy, antimicrobial agents, CLSI/EUCAST breakpoints and expert rules), susceptibility test interpretation with the reason for every result, and identification (16S/18S rRNA sequence matching and more).',
};

type PageName = RouteName | 'notFound';

const m = (zhTitle: string, zhLead: string, enTitle: string, enLead: string): Record<Locale, PageMeta> => ({
  zh: { title: zhTitle, description: `${zhLead}${THREE_PARTS.zh}` },
  en: { title: enTitle, description: `${enLead} ${THREE_PARTS.en}` },
});

const home = m(
  '微生物数据库 · 药敏解释 · 微生物鉴定',
  '面向临床微生物实验室的中英双语参考与分析平台。',
  'Microbial database · AST interpretation · Identification',
  'A bilingual reference and analysis portal for clinical microbiology laboratories.',
);

export const pageMeta: Record<PageName, Record<Locale, PageMeta>> = {
  root: home,
  home,
  login: m('登录', '登录 MDC 账号，保存药敏解释与鉴定记录。', 'Log in', 'Log in to keep your AST interpretations and identifications.'),
  register: m('注册', '使用邮箱注册 MDC 账号。', 'Sign up', 'Create an MDC account with your email address.'),
  'register-sended': m('激活邮件已发送', '请点击邮件中的链接激活账号。', 'Activation email sent', 'Follow the link in the email to activate your account.'),
  'register-verify': m('激活账号', '验证激活链接并启用账号。', 'Activate account', 'Checks the activation link and enables the account.'),
  forgotPassword: m('找回密码', '通过注册邮箱重置密码。', 'Forgot password', 'Reset your password through your registered email.'),
  'forgotPassword-sended': m('重置邮件已发送', '请点击邮件中的链接设置新密码。', 'Reset email sent', 'Follow the link in the email to set a new password.'),
  'forgotPassword-verify': m('验证重置链接', '检查重置密码链接是否有效。', 'Check reset link', 'Checks whether a password reset link is valid.'),
  'forgotPassword-recover': m('设置新密码', '通过邮件链接为账号设置新密码。', 'Set a new password', 'Set a new password through the emailed link.'),
  updatePassword: m('修改密码', '修改账号密码，所有登录将失效。', 'Change password', 'Change your password; every session is signed out.'),
  resource: m(
    '资源库',
    '微生物参考数据库：LPSN/GBIF 分类学、16S/18S 参考序列、抗菌药物、CLSI/EUCAST 折点与专家规则。',
    'Resource',
    'The microbial reference database: LPSN/GBIF taxonomy, 16S/18S reference sequences, antimicrobial agents, CLSI/EUCAST breakpoints and expert rules.',
  ),
  'resource-atb': m('抗菌药物', '抗菌药物的中英文名称、代码、分类、ATC 与 WHO AWaRe 分组。', 'Antimicrobial agents', 'Antimicrobial agents with Chinese and English names, codes, classes, ATC and WHO AWaRe groups.'),
  'resource-atb-detail': m('抗菌药物详情', '单个抗菌药物的名称、分类与适用折点。', 'Antimicrobial agent', 'Names, class and applicable breakpoints of one antimicrobial agent.'),
  'resource-bp': m('折点', '按指南、年份、方法、菌种、药物与感染部位筛选 CLSI/EUCAST 折点。', 'Breakpoints', 'CLSI and EUCAST breakpoints filtered by guideline, year, method, organism, drug and site of infection.'),
  'resource-er': m('专家规则', '天然耐药表型、专家推断规则与 EUCAST 专家规则。', 'Expert rules', 'Expected resistant phenotypes, expert inference rules and EUCAST expert rules.'),
  'resource-taxon': m('菌种分类', '基于 LPSN 与 GBIF 的微生物分类浏览与检索。', 'Taxonomy', 'Browse and search microbial taxonomy based on LPSN and GBIF.'),
  'resource-references': m(
    '待核查的参考序列',
    '导入时被排除在鉴定之外的 16S/18S 参考序列及其证据：另一标记基因的序列、位于其他属聚类中的序列。',
    'Reference sequences to check',
    'The 16S/18S reference sequences an import left out of identification, with the evidence: genes of the other marker, records inside another genus.',
  ),
  'resource-genes': m(
    '耐药基因',
    'ResFinder 获得性耐药基因：按基因家族、耐药类别、药物与机制浏览，附 PubMed 文献。',
    'Resistance genes',
    'Acquired resistance genes of ResFinder by gene family, class, drug and mechanism, with their PubMed references.',
  ),
  'resource-genes-detail': m('耐药基因详情', '单个耐药基因的类别、涉及药物、耐药机制、文献与来源。', 'Resistance gene', 'Class, drugs, mechanism, references and source of one resistance gene.'),
  'resource-taxon-detail': m('分类单元详情', '分类单元的谱系、命名、同义名、参考序列与适用折点。', 'Taxon', 'Lineage, nomenclature, synonyms, reference sequences and breakpoints of one taxon.'),
  search: m('搜索', '在菌种、抗菌药物与折点中搜索。', 'Search', 'Search across organisms, antimicrobial agents and breakpoints.'),
  lab: m(
    '药敏解释',
    '按 CLSI 或 EUCAST 解释 MIC 与抑菌圈直径，逐条给出折点、天然耐药与专家规则依据。',
    'Lab · AST interpretation',
    'Interpret MICs and inhibition zones by CLSI or EUCAST, with the breakpoint, intrinsic resistance and expert rule behind every result.',
  ),
  'lab-hist': m('药敏记录', '您的药敏试验记录。', 'AST history', 'Your susceptibility experiments.'),
  'lab-antibiogram': m('累积药敏报告', '按 CLSI M39 汇总本实验室菌株的敏感率：第一株规则、≥30 株、天然耐药与报告规则。', 'Cumulative antibiogram', "Percent susceptible of your laboratory's isolates by CLSI M39: first isolates, the 30-isolate rule, intrinsic resistance and reporting rules."),
  'lab-res': m('药敏结果', '药敏试验的判读结果与依据。', 'AST result', 'Interpretation of a susceptibility experiment with its reasons.'),
  blast: m(
    '微生物鉴定',
    '通过 16S/18S rRNA 序列、基因组、质谱、生化与形态学鉴定微生物。',
    'Blast · Identification',
    'Identify microorganisms by 16S/18S rRNA sequence, genome, mass spectrometry, biochemistry and morphology.',
  ),
  'blast-hist': m('鉴定记录', '您的鉴定任务记录。', 'Identification history', 'Your identification tasks.'),
  'blast-res': m('鉴定结果', '序列鉴定的最佳匹配、置信水平与比对详情。', 'Identification result', 'Top hit, confidence level and alignments of a sequence identification.'),
  'blast-ms-library': m(
    '我的质谱谱库',
    '用本实验室已知菌株的重复谱图建立 MALDI-TOF 主谱图（MSP），鉴定时与内置谱库一并检索，仅本人可见。',
    'My MALDI-TOF library',
    "Main spectra (MSPs) of your lab's known strains, made from replicate spectra and searched with the built-in library; private to you.",
  ),
  atb: m('药物速查', '快速查找抗菌药物的名称、代码与折点。', 'Drug lookup', 'Quickly look up antimicrobial names, codes and breakpoints.'),
  bk: m('折点速查', '快速查找某菌种与药物的 CLSI/EUCAST 折点。', 'Breakpoint lookup', 'Quickly look up CLSI/EUCAST breakpoints for an organism and a drug.'),
  '404': m('无法访问', '无法连接到服务。', "Can't Found", 'The service could not be reached.'),
  '500': m('系统维护中', '系统维护中，请稍后再试。', 'System under maintenance', 'The system is under maintenance. Try again later.'),
  notFound: m('页面不存在', '您访问的页面不存在。', 'This page could not be found', 'The page you asked for does not exist.'),
};

/** Pages whose title starts with the name of what they show, looked up by the server. */
export type EntityPage = 'resource-taxon-detail' | 'resource-atb-detail';

/** How a taxon is named in a title: the Chinese name before the Latin one on Chinese pages. */
export function taxonTitleName(taxon: { name: string; nameZh?: string | null }, locale: Locale): string {
  return locale === 'zh' && taxon.nameZh ? `${taxon.nameZh} ${taxon.name}` : taxon.name;
}

/** How a drug is named in a title: its name in the page language, then its WHONET code. */
export function antibioticTitleName(drug: { code: string; name: string; nameZh?: string | null }, locale: Locale): string {
  const main = locale === 'zh' ? (drug.nameZh ?? drug.name) : drug.name;
  return `${main} (${drug.code})`;
}

export interface HeadLink {
  hreflang: 'zh-CN' | 'en' | 'x-default';
  href: string;
}

export interface PageHead {
  locale: Locale;
  /** the `lang` of `<html>` */
  lang: 'zh-CN' | 'en';
  title: string;
  description: string;
  ogLocale: 'zh_CN' | 'en_US';
  ogLocaleAlternate: 'zh_CN' | 'en_US';
  siteName: string;
  /** The same page in each language; none for an unknown address. */
  alternates: HeadLink[];
  /** This address, absolute (og:url). */
  url: string;
}

const HTML_LANG: Record<Locale, PageHead['lang']> = { zh: 'zh-CN', en: 'en' };
const OG_LOCALE: Record<Locale, PageHead['ogLocale']> = { zh: 'zh_CN', en: 'en_US' };

/**
 * The head of the page at `url` (path with optional query). `origin` makes the links absolute
 * (the server's PUBLIC_URL, the browser's location.origin); `entity` is the name of the taxon or
 * drug a detail page shows, once known.
 */
export function pageHead(url: string, options: { origin: string; entity?: string } = { origin: '' }): PageHead {
  const [pathname = '/', query] = splitQuery(url);
  const { locale, path } = splitLocale(pathname);
  const page = matchPage(pathname);
  const name = (page?.name ?? 'notFound') as PageName;
  const meta = pageMeta[name][locale];
  const isHome = name === 'root' || name === 'home';
  const base = isHome ? `${SITE_NAME[locale]} · ${meta.title}` : `${meta.title} · ${SITE_NAME[locale]}`;
  const title = options.entity ? `${options.entity} · ${base}` : base;
  const search = query ? `?${query}` : '';
  const origin = options.origin.replace(/\/+$/, '');
  const alternates: HeadLink[] = page
    ? [
        { hreflang: 'zh-CN', href: origin + localizedPath(path, 'zh') + search },
        { hreflang: 'en', href: origin + localizedPath(path, 'en') + search },
        { hreflang: 'x-default', href: origin + localizedPath(path, 'zh') + search },
      ]
    : [];
  return {
    locale,
    lang: HTML_LANG[locale],
    title,
    description: meta.description,
    ogLocale: OG_LOCALE[locale],
    ogLocaleAlternate: OG_LOCALE[locale === 'zh' ? 'en' : 'zh'],
    siteName: SITE_NAME[locale],
    alternates,
    url: origin + pathname + search,
  };
}

function splitQuery(url: string): [string, string | undefined] {
  const clean = url.split('#')[0] ?? '';
  const at = clean.indexOf('?');
  if (at < 0) return [clean || '/', undefined];
  return [clean.slice(0, at) || '/', clean.slice(at + 1) || undefined];
}
