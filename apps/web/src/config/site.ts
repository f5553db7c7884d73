/**
 * Site identity shown in the footer. The filing number (ICP 备案号) depends on the domain the
 * portal is served from, so deployments add their host names here.
 */
export const siteConfig = {
  name: { zh: 'MDC 微生物数据云', en: 'MDC Microbe Data Cloud' },
  shortName: 'MDC',
  since: 2019,
  // A real filing number reads the same in both languages; the placeholders do not.
  filing: {
    localhost: { zh: '本地开发环境 · localhost', en: 'local development · localhost' },
    '127.0.0.1': { zh: '本地开发环境 · localhost', en: 'local development · localhost' },
    default: { zh: 'ICP 备案号待登记', en: 'ICP filing number pending' },
  } as FilingMap,
  filingUrl: 'https://beian.miit.gov.cn/',
} as const;

type FilingText = string | { zh: string; en: string };
type FilingMap = Record<string, FilingText> & { default: FilingText };

/** The filing text for a host name: the host itself, then its parent domains, then the default. */
export function filingFor(hostname: string, locale: 'zh' | 'en', map: FilingMap = siteConfig.filing): string {
  const text = filingEntry(hostname, map);
  return typeof text === 'string' ? text : text[locale];
}

function filingEntry(hostname: string, map: FilingMap): FilingText {
  const parts = hostname.toLowerCase().replace(/\.$/, '').split('.');
  for (let i = 0; i < parts.length; i += 1) {
    const candidate = parts.slice(i).join('.');
    const hit = candidate === 'default' || !Object.hasOwn(map, candidate) ? undefined : map[candidate];
    if (hit !== undefined) return hit;
  }
  return map.default;
}
