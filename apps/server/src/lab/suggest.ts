import type { KnowledgeBase } from '@mdc/core/ast';
import type { ChineseNames } from '@mdc/refdata/names';

export interface OrganismSuggestion {
  /** WHONET organism code: what the form submits. */
  code: string;
  /** Current scientific name. */
  name: string;
  nameZh: string | null;
  /** The name the text matched when it is not the current one (a synonym, an alias). */
  matched: string | null;
  /** True when only a spelling correction found it. */
  corrected: boolean;
}

interface Entry {
  code: string;
  name: string;
  nameZh: string | null;
  common: boolean;
  /** Every searchable spelling, lower-cased: names, synonyms, Chinese names and aliases, the code. */
  keys: Array<{ key: string; text: string }>;
}

function fold(text: string): string {
  return text.normalize('NFKC').trim().toLowerCase().replace(/\s+/g, ' ');
}

/**
 * Autocomplete over the organisms the engine knows (WHONET codes, with their synonyms and the
 * curated Chinese names): what a lab types is offered only when it can be interpreted.
 */
export class OrganismSuggestions {
  private readonly entries: Entry[] = [];
  private readonly byCode = new Map<string, Entry>();

  constructor(
    private readonly kb: KnowledgeBase,
    names: ChineseNames,
  ) {
    for (const organism of kb.organisms.all()) {
      const zh = kb.organisms.localNameOf(organism.code) ?? names.organismZh(organism.name) ?? null;
      const keys: Entry['keys'] = [];
      const add = (text: string | undefined | null) => {
        if (text && !keys.some((k) => k.text === text)) keys.push({ key: fold(text), text });
      };
      for (const name of organism.names) add(name);
      add(zh);
      for (const alias of names.organismAliases.get(organism.name) ?? []) add(alias);
      keys.push({ key: organism.code.toLowerCase(), text: organism.code });
      const entry = { code: organism.code, name: organism.name, nameZh: zh, common: organism.definition.common, keys };
      this.entries.push(entry);
      this.byCode.set(organism.code, entry);
    }
  }

  /**
   * Best matches first: an exact name or code, then names starting with the text, then names with
   * a word starting with it, then names containing it; common clinical organisms before rare ones.
   */
  search(text: string, limit = 20): OrganismSuggestion[] {
    const query = fold(text);
    if (query === '') return [];
    const scored: Array<{ entry: Entry; score: number; matched: string }> = [];
    for (const entry of this.entries) {
      let best = Number.POSITIVE_INFINITY;
      let matched = '';
      for (const { key, text: spelling } of entry.keys) {
        let score: number;
        if (key === query) score = 0;
        else if (key.startsWith(query)) score = 1;
        else if (key.includes(` ${query}`) || key.includes(`(${query}`)) score = 2;
        else if (key.includes(query)) score = 3;
        else continue;
        if (score < best) {
          best = score;
          matched = spelling;
        }
      }
      if (best !== Number.POSITIVE_INFINITY) scored.push({ entry, score: best, matched });
    }
    scored.sort(
      (a, b) =>
        a.score - b.score ||
        Number(b.entry.common) - Number(a.entry.common) ||
        a.entry.name.length - b.entry.name.length ||
        a.entry.name.localeCompare(b.entry.name),
    );
    const out = scored.slice(0, limit).map(({ entry, matched }) => ({
      code: entry.code,
      name: entry.name,
      nameZh: entry.nameZh,
      matched: matched === entry.name || matched === entry.nameZh || matched === entry.code ? null : matched,
      corrected: false,
    }));
    if (out.length === 0) {
      // Nothing contains the text: a misspelling the engine's tolerant look-up may still place.
      const match = this.kb.findOrganism(text);
      const entry = match && this.byCode.get(match.code);
      if (match && entry) out.push({ code: entry.code, name: entry.name, nameZh: entry.nameZh, matched: match.matched, corrected: match.kind === 'fuzzy' });
    }
    return out;
  }

  label(code: string): { name: string; nameZh: string | null } | undefined {
    const entry = this.byCode.get(code);
    return entry && { name: entry.name, nameZh: entry.nameZh };
  }
}
