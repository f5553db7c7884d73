import { localizedPath, type Locale } from '@mdc/contracts';
import type { Suggestion } from './api';

/** The search page for a keyword, or null when the keyword is blank (a blank search does nothing). */
export function searchUrl(keyword: string, locale: Locale): string | null {
  const k = keyword.trim();
  if (!k) return null;
  return `${localizedPath('/search', locale)}?k=${encodeURIComponent(k)}`;
}

/** The page of a suggested taxon or drug (without locale), or null for a kind without a page. */
export function entityPath(item: Pick<Suggestion, 'type' | 'id'>): string | null {
  if (!item.id) return null;
  if (item.type === 'taxon') return `/resource/taxon/${encodeURIComponent(item.id)}`;
  if (item.type === 'antibiotic') return `/resource/atb/${encodeURIComponent(item.id)}`;
  if (item.type === 'gene') return `/resource/genes/${encodeURIComponent(item.id)}`;
  return null;
}
