import { api } from '../../lib/http';

export const searchPaths = { autocomplete: '/api/search/autocomplete', search: '/api/search' } as const;

/** One autocomplete or search hit: a taxon or a drug, named in both languages. */
export interface Suggestion {
  /** The name to show in the language typed. */
  value: string;
  type?: 'taxon' | 'antibiotic' | 'gene' | string;
  /** Taxon id (/resource/taxon/:id), drug code (/resource/atb/:code) or gene allele (/resource/genes/:name). */
  id?: string;
  label_zh?: string;
  label_en?: string;
  /** The name, alias or code that matched. */
  matched?: string;
  match?: 'exact' | 'prefix' | 'word' | 'fuzzy';
  via?: string;
  rank?: string;
  status?: string;
  /** WHONET organism or drug code. */
  code?: string;
  currentId?: string;
  currentName?: string;
}

export function fetchSuggestions(kwd: string, signal: AbortSignal) {
  return api.post<{ list?: Suggestion[] } | null>(searchPaths.autocomplete, { kwd }, { silent: true, progress: false, signal });
}
