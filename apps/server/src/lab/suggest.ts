import type { KnowledgeBase, Organism } from '@mdc/core/ast';
import type { ChineseNames } from '@mdc/refdata/names';
import { SearchIndex, type SearchTerm } from '../search/index';
import { curatedTermsByEntity } from '../search/terms';

export interface OrganismSuggestion {
  /** WHONET organism code: what the form submits. */
  code: string;
  /** Current scientific name. */
  name: string;
  nameZh: string | null;
  /** The name the text matched when it is not the current one (a synonym, an alias, an abbreviation). */
  matched: string | null;
  /** True when only a spelling correction found it. */
  corrected: boolean;
}

const GENUS = /^([A-Z][a-z]+) spp?\.$/;
// The nominate subspecies ("Klebsiella pneumoniae ss. pneumoniae") is what a lab means by the species.
const NOMINATE = /^([A-Z][a-z]+ ([a-z][a-z-]+)) (?:ss|subsp)\. ([a-z][a-z-]+)$/;

/** Rank of a WHONET organism from its name: "Enterococcus sp." is the genus as a lab reports it. */
function rankOf(name: string): string {
  if (GENUS.test(name)) return 'genus';
  if (/^[A-Z][a-z]+ [a-z][a-z-]+$/.test(name)) return 'species';
  const nominate = NOMINATE.exec(name);
  if (nominate) return nominate[2] === nominate[3] ? 'species' : 'subspecies';
  return 'group';
}

/** The name a lab types for a WHONET name that adds "sp." or a nominate subspecies to it. */
function plainName(name: string): string | undefined {
  const genus = GENUS.exec(name);
  if (genus) return genus[1];
  const nominate = NOMINATE.exec(name);
  return nominate && nominate[2] === nominate[3] ? nominate[1] : undefined;
}

/**
 * Organisms the interpretation engine knows (WHONET codes, with their synonyms, the curated
 * Chinese names and the usual abbreviations), searched with the same index and matcher as the
 * site search: "E. coli", "Staph aureus", "MRSA", "大肠杆菌" find the same organisms in both.
 * WHONET's screening results ("No MRSA found", type "o") are not organisms and are left out.
 */
export class OrganismSuggestions {
  private readonly index = new SearchIndex();
  private readonly byCode = new Map<string, { name: string; nameZh: string | null; plain?: string }>();

  /** `prevalence`: WHONET code → the taxonomy's clinical prevalence (1 = most common), when known. */
  constructor(kb: KnowledgeBase, names: ChineseNames, prevalence: ReadonlyMap<string, number> = new Map()) {
    const organisms: Organism[] = [];
    const byName = new Map<string, string>();
    for (const organism of kb.organisms.all()) {
      const zh = kb.organisms.localNameOf(organism.code) ?? names.organismZh(organism.name) ?? null;
      const plain = plainName(organism.name);
      this.byCode.set(organism.code, { name: organism.name, nameZh: zh, ...(plain ? { plain } : {}) });
      if (organism.definition.organismType === 'o') continue;
      organisms.push(organism);
      for (const name of [...organism.names, plainName(organism.name)]) if (name && !byName.has(name.toLowerCase())) byName.set(name.toLowerCase(), organism.code);
    }
    const known = new Set(organisms.map((o) => o.code));
    const curated = curatedTermsByEntity<string>({
      taxon: (name) => {
        const direct = byName.get(name.toLowerCase()) ?? byName.get(`${name.toLowerCase()} sp.`);
        if (direct) return direct;
        const match = kb.findOrganism(name);
        return match && match.kind !== 'fuzzy' && known.has(match.code) ? match.code : undefined;
      },
    });
    for (const organism of organisms) {
      const { nameZh: zh, plain } = this.byCode.get(organism.code)!;
      const terms: SearchTerm[] = [{ text: organism.name, via: 'name' }];
      for (const name of organism.names.slice(1)) terms.push({ text: name, via: 'alias' });
      // As a name: "Staphylococcus aureus" ranks as the name it is, not as a synonym.
      if (plain) terms.push({ text: plain, via: 'name' });
      if (zh) terms.push({ text: zh, via: 'zh' });
      for (const alias of names.organismAliases.get(organism.name) ?? []) terms.push({ text: alias, via: 'zh-alias' });
      terms.push(...(curated.get(organism.code) ?? []));
      terms.push({ text: organism.code, via: 'whonet-code' });
      const common = organism.definition.common;
      this.index.addEntity(
        {
          type: 'taxon',
          id: organism.code,
          nameEn: organism.name,
          nameZh: zh,
          prevalence: prevalence.get(organism.code) ?? (common ? 1 : 2),
          status: 'accepted',
          rank: rankOf(organism.name),
          common: common || zh !== null,
          code: organism.code,
        },
        terms,
      );
    }
    this.index.build();
  }

  /** Best matches first, ranked as the site search ranks them (exact, prefix, word, corrected; then prevalence). */
  search(text: string, limit = 20): OrganismSuggestion[] {
    const keyword = text.trim();
    if (keyword === '') return [];
    return this.index.search(keyword, { limit }).hits.map((hit) => {
      const e = hit.entity;
      const own = hit.matched === e.nameEn || hit.matched === e.nameZh || hit.matched === e.id || hit.matched === this.byCode.get(e.id)?.plain;
      return { code: e.id, name: e.nameEn, nameZh: e.nameZh, matched: own ? null : hit.matched, corrected: hit.match === 'fuzzy' };
    });
  }

  /**
   * The organism typed text stands for when the engine's own look-up does not know it ("Staph
   * aureus", "MRSA", "K pneumo"): an exact abbreviation or short name, or the only organism the
   * typed words start. Nothing when the words fit several organisms or only a correction would.
   */
  resolve(text: string): string | undefined {
    const hits = this.index.search(text.trim(), { limit: 2 }).hits;
    const [first, second] = hits;
    if (!first || first.match === 'fuzzy') return undefined;
    if (first.match === 'exact') return first.entity.id;
    return !second || second.match === 'fuzzy' ? first.entity.id : undefined;
  }

  label(code: string): { name: string; nameZh: string | null } | undefined {
    const entry = this.byCode.get(code);
    return entry && { name: entry.name, nameZh: entry.nameZh };
  }
}
