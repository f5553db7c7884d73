import { type PageHead, pageHead } from '@mdc/contracts';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * Keeps the document head in step with the page while the app navigates: the same head the
 * server wrote into the HTML (`pageHead` in contracts builds both).
 */

/** The name a detail page has loaded, for the address it was loaded at. */
let entity: { pathname: string; name: string } | undefined;

function setMeta(attribute: 'name' | 'property', key: string, content: string) {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!tag) {
    tag = document.createElement('meta');
    tag.setAttribute(attribute, key);
    document.head.appendChild(tag);
  }
  tag.content = content;
}

export function applyHead(head: PageHead) {
  document.title = head.title;
  document.documentElement.lang = head.lang;
  setMeta('name', 'description', head.description);
  setMeta('property', 'og:site_name', head.siteName);
  setMeta('property', 'og:title', head.title);
  setMeta('property', 'og:description', head.description);
  setMeta('property', 'og:locale', head.ogLocale);
  setMeta('property', 'og:locale:alternate', head.ogLocaleAlternate);
  setMeta('property', 'og:url', head.url);
  document.head.querySelectorAll('link[rel="alternate"][hreflang]').forEach((link) => link.remove());
  for (const alternate of head.alternates) {
    const link = document.createElement('link');
    link.rel = 'alternate';
    link.hreflang = alternate.hreflang;
    link.href = alternate.href;
    document.head.appendChild(link);
  }
}

function headAt(pathname: string, search: string): PageHead {
  return pageHead(pathname + search, { origin: window.location.origin, entity: entity?.pathname === pathname ? entity.name : undefined });
}

/**
 * The frame's part: every route change sets the page's own head, unless the document already has
 * it: the head the server sent with the page is the page's, a detail page's name included, and
 * writing it again before the page has loaded its taxon or drug would drop the name from the tab
 * until then (a title that flickers, and stays without the name if the load fails).
 */
export function useDocumentHead() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    const head = headAt(pathname, search);
    const written = document.head.querySelector('meta[property="og:url"]')?.getAttribute('content');
    if (written === head.url && document.documentElement.lang === head.lang) return;
    applyHead(head);
  }, [pathname, search]);
}

/**
 * A detail page's part: once its taxon or drug is known, the title starts with its name
 * ("Escherichia coli · Taxon · MDC …"), as the server sent it. Pages' effects run before the
 * frame's, which then finds the name already there.
 */
export function useEntityTitle(name: string | undefined) {
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (!name) return;
    entity = { pathname, name };
    applyHead(headAt(pathname, search));
  }, [name, pathname, search]);
}
