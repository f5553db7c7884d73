import { describe, expect, it } from 'vitest';
import { pageHead } from '@mdc/contracts';
import { renderPage } from '../../src/http/page-head';

const count = (html: string, re: RegExp) => (html.match(re) ?? []).length;

describe('renderPage', () => {
  const head = pageHead('/en/resource/atb/MEM', { origin: 'https://mdc.example.org', entity: 'A $& <b>"B"</b> (X)' });

  it('replaces the head a build carries instead of adding a second one, and is idempotent', () => {
    const built = '<!doctype html>\n<html lang="zh-CN">\n  <head>\n    <title>旧</title>\n    <meta name="description" content="旧" />\n    <meta property="og:title" content="旧" />\n    <script src="/a.js"></script>\n  </head>\n</html>';
    const once = renderPage(built, head);
    const twice = renderPage(once, head);
    expect(twice).toBe(once);
    expect(count(once, /<title>/g)).toBe(1);
    expect(count(once, /name="description"/g)).toBe(1);
    expect(count(once, /property="og:title"/g)).toBe(1);
    expect(once).not.toContain('旧');
    expect(once).toContain('<html lang="en">');
    // The head comes before the scripts, where the title was.
    expect(once.indexOf('<title>')).toBeLessThan(once.indexOf('<script'));
  });

  it('escapes names and keeps replacement patterns literal', () => {
    const html = renderPage('<!doctype html><html><head></head><body></body></html>', head);
    expect(html).toContain('<title>A $&amp; &lt;b&gt;&quot;B&quot;&lt;/b&gt; (X) · Antimicrobial agent · MDC Microbe Data Cloud</title>');
    expect(html).not.toContain('<b>');
  });

  it('gives HTML without a head one', () => {
    const html = renderPage('<!doctype html><div id="root"></div>', pageHead('/lab', { origin: 'http://x' }));
    expect(html).toMatch(/^<!doctype html><html lang="zh-CN"><head><title>药敏解释 · MDC 微生物数据云<\/title>/);
    expect(html).toContain('<link rel="alternate" hreflang="en" href="http://x/en/lab" />');
    expect(html).toContain('<div id="root"></div>');
  });
});
