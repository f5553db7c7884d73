import type { PageHead } from '@mdc/contracts';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** The tags the server owns: whatever the build put there is replaced, not added to. */
const OWNED = [
  /<title\b[^>]*>[\s\S]*?<\/title>\s*/gi,
  /<meta\b[^>]*\bname=["']description["'][^>]*>\s*/gi,
  /<meta\b[^>]*\bproperty=["']og:[^"']*["'][^>]*>\s*/gi,
  /<link\b[^>]*\brel=["']alternate["'][^>]*\bhreflang=[^>]*>\s*/gi,
];

export function headTags(head: PageHead, indent = '    '): string {
  const meta = (property: string, content: string) => `<meta property="${property}" content="${escapeHtml(content)}" />`;
  return [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}" />`,
    meta('og:type', 'website'),
    meta('og:site_name', head.siteName),
    meta('og:title', head.title),
    meta('og:description', head.description),
    meta('og:locale', head.ogLocale),
    meta('og:locale:alternate', head.ogLocaleAlternate),
    meta('og:url', head.url),
    ...head.alternates.map((link) => `<link rel="alternate" hreflang="${link.hreflang}" href="${escapeHtml(link.href)}" />`),
  ].join(`\n${indent}`);
}

/**
 * Writes a page's own head into the built `index.html`: `lang`, title, description, Open Graph
 * and hreflang alternates. Works on any HTML the build produces (with or without a head).
 */
export function renderPage(html: string, head: PageHead): string {
  const strip = (part: string) => OWNED.reduce((text, pattern) => text.replace(pattern, ''), part);
  const withLang = (part: string) =>
    /<html\b[^>]*>/i.test(part)
      ? part.replace(/<html\b([^>]*)>/i, (_, attributes: string) => `<html${attributes.replace(/\s+lang=("[^"]*"|'[^']*'|\S+)/i, '')} lang="${head.lang}">`)
      : part.replace(/^(\s*<!doctype[^>]*>)?/i, (doctype: string) => `${doctype}<html lang="${head.lang}">`);
  // The head goes where the build had its title (early, before the scripts), else before </head>.
  const at = html.search(/<title\b/i);
  if (at >= 0) {
    const before = withLang(strip(html.slice(0, at)));
    const indent = /[ \t]*$/.exec(before)?.[0] ?? '';
    return `${before}${headTags(head, indent)}\n${indent}${strip(html.slice(at))}`;
  }
  const out = withLang(strip(html));
  if (/<\/head>/i.test(out)) return out.replace(/<\/head>/i, () => `  ${headTags(head, '    ')}\n  </head>`);
  if (/<head\b[^>]*>/i.test(out)) return out.replace(/<head\b[^>]*>/i, (open) => `${open}${headTags(head, '')}`);
  return out.replace(/<html\b[^>]*>/i, (open) => `${open}<head>${headTags(head, '')}</head>`);
}
