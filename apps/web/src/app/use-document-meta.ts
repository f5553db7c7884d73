import { matchPage } from '@mdc/contracts';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { routeLocale } from '../lib/i18n/locale';
import { documentTitle, pageMeta } from './page-meta';

function setMeta(name: string, content: string) {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = name;
    document.head.appendChild(tag);
  }
  tag.content = content;
}

/** Title, description and `lang` of the document follow the page and its language. */
export function useDocumentMeta() {
  const { pathname } = useLocation();
  useEffect(() => {
    const locale = routeLocale(pathname);
    const page = matchPage(pathname);
    const name = page?.name ?? 'notFound';
    const meta = pageMeta[name as keyof typeof pageMeta][locale];
    document.title = documentTitle(meta, locale, name === 'root' || name === 'home');
    setMeta('description', meta.description);
    document.documentElement.lang = locale === 'en' ? 'en' : 'zh-CN';
  }, [pathname]);
}
