import type { StatusCorrectionOutcome } from './corrections';
import { TaxonomyFormatError } from './errors';
import { TAXON_CODES_FILE } from './parse';
import type { CurrentName, RenameAuthority, Taxon, TaxonCode, TaxonRank } from './types';

/** Ranks above a given rank, nearest first, used to walk up by name when ids are absent. */
const PARENT_RANKS: Record<TaxonRank, readonly TaxonRank[]> = {
  kingdom: [],
  phylum: ['kingdom'],
  class: ['phylum', 'kingdom'],
  order: ['class', 'phylum', 'kingdom'],
  family: ['order', 'class', 'phylum', 'kingdom'],
  genus: ['family', 'order', 'class', 'phylum', 'kingdom'],
  'species group': ['genus', 'family', 'order', 'class', 'phylum', 'kingdom'],
  species: ['genus', 'family', 'order', 'class', 'phylum', 'kingdom'],
  subspecies: ['species', 'genus', 'family', 'order', 'class', 'phylum', 'kingdom'],
  '(unknown rank)': ['kingdom'],
};

function preferAccepted(existing: Taxon | undefined, candidate: Taxon): Taxon {
  if (!existing) return candidate;
  return existing.status !== 'accepted' && candidate.status === 'accepted' ? candidate : existing;
}

function nameAtRank(taxon: Taxon, rank: TaxonRank): string | undefined {
  const l = taxon.lineage;
  switch (rank) {
    case 'species':
      return l.genus && l.species ? `${l.genus} ${l.species}` : undefined;
    case 'subspecies':
      return l.genus && l.species && l.subspecies ? `${l.genus} ${l.species} ${l.subspecies}` : undefined;
    case 'species group':
    case '(unknown rank)':
      return undefined;
    default:
      return l[rank];
  }
}

export interface TaxonomyTableOptions {
  /** File label used in errors about codes that name no taxon. */
  codesFile?: string;
  /** What the curated status corrections did to the taxa given (see `applyStatusCorrections`). */
  statusCorrections?: StatusCorrectionOutcome;
}

/**
 * The taxonomy with its look-ups: by microorganism code, name, LPSN / GBIF id and laboratory
 * code, current-name resolution for synonyms and the synonyms of each accepted taxon.
 */
export class TaxonomyTable {
  readonly taxa: readonly Taxon[];
  readonly codes: readonly TaxonCode[];
  readonly statusCorrections: StatusCorrectionOutcome;
  private readonly moIndex = new Map<string, Taxon>();
  private readonly nameIndex = new Map<string, Taxon[]>();
  private readonly lpsnIndex = new Map<string, Taxon>();
  private readonly gbifIndex = new Map<string, Taxon>();
  private readonly mycobankIndex = new Map<string, Taxon>();
  private readonly codeIndex = new Map<string, Taxon>();
  private readonly currentCache = new Map<Taxon, CurrentName>();
  private synonymIndex?: Map<Taxon, Taxon[]>;

  constructor(taxa: readonly Taxon[], codes: readonly TaxonCode[] = [], options: TaxonomyTableOptions = {}) {
    this.taxa = taxa;
    this.codes = codes;
    this.statusCorrections = options.statusCorrections ?? { applied: [], refused: [] };
    for (const taxon of taxa) {
      this.moIndex.set(taxon.mo, taxon);
      const key = taxon.name.toLowerCase();
      const same = this.nameIndex.get(key);
      if (same) same.push(taxon);
      else this.nameIndex.set(key, [taxon]);
      if (taxon.lpsnId) this.lpsnIndex.set(taxon.lpsnId, preferAccepted(this.lpsnIndex.get(taxon.lpsnId), taxon));
      // GBIF sometimes gives one id to an accepted name and its synonym; the accepted one is meant.
      if (taxon.gbifId) this.gbifIndex.set(taxon.gbifId, preferAccepted(this.gbifIndex.get(taxon.gbifId), taxon));
      if (taxon.mycobankId) this.mycobankIndex.set(taxon.mycobankId, preferAccepted(this.mycobankIndex.get(taxon.mycobankId), taxon));
    }
    // A corrected record is what its list's missing GBIF target stands for: rows renamed to that id
    // (autonyms, forms) reach it instead of a dangling link.
    for (const taxon of taxa) {
      const id = taxon.statusCorrection?.gbifId;
      if (id && !this.gbifIndex.has(id)) this.gbifIndex.set(id, taxon);
    }
    for (const same of this.nameIndex.values()) {
      same.sort((a, b) => Number(b.status === 'accepted') - Number(a.status === 'accepted'));
    }
    const codesFile = options.codesFile ?? TAXON_CODES_FILE;
    for (const entry of codes) {
      const taxon = this.moIndex.get(entry.mo);
      if (!taxon) {
        throw new TaxonomyFormatError(`microorganism code ${entry.mo} is not in the taxonomy table`, {
          file: codesFile,
          line: entry.line,
          column: 'mo',
        });
      }
      this.codeIndex.set(entry.code.toUpperCase(), taxon);
    }
  }

  get size(): number {
    return this.taxa.length;
  }

  byMo(mo: string): Taxon | undefined {
    return this.moIndex.get(mo);
  }

  /** Case-insensitive exact name; when a name occurs twice the accepted record wins. */
  byName(name: string): Taxon | undefined {
    return this.nameIndex.get(name.trim().toLowerCase())?.[0];
  }

  /** Every record with this name (accepted first); homonyms exist across kingdoms. */
  allByName(name: string): readonly Taxon[] {
    return this.nameIndex.get(name.trim().toLowerCase()) ?? [];
  }

  byLpsnId(id: string): Taxon | undefined {
    return this.lpsnIndex.get(id);
  }

  byMycobankId(id: string): Taxon | undefined {
    return this.mycobankIndex.get(id);
  }

  byGbifId(id: string): Taxon | undefined {
    return this.gbifIndex.get(id);
  }

  /** Laboratory code or abbreviation from `microorganisms.codes.tsv`, case-insensitive. */
  byCode(code: string): Taxon | undefined {
    return this.codeIndex.get(code.trim().toUpperCase());
  }

  /**
   * The accepted name a taxon is known by today. Records that are not synonyms (accepted,
   * `unknown`, `not validly published`) are their own current name even when GBIF lists a
   * renamed-to id, because the table's status already weighs LPSN and MycoBank over GBIF.
   * Synonyms follow LPSN's renamed-to first (the bacterial nomenclature authority), then
   * MycoBank's (fungi), then GBIF's, until a non-synonym is reached; a retired code of the
   * earlier table follows its same-name successor. A chain that revisits a name or leaves the
   * table is reported, not guessed.
   */
  currentName(taxon: Taxon): CurrentName {
    const cached = this.currentCache.get(taxon);
    if (cached) return cached;
    const path: Taxon[] = [taxon];
    const via: RenameAuthority[] = [];
    const visited = new Set<Taxon>([taxon]);
    let at = taxon;
    let result: CurrentName | undefined;
    while (!result) {
      if (at.status !== 'synonym') {
        result = { current: at, path, via };
        break;
      }
      const links: [RenameAuthority, Taxon | undefined][] = [
        ['retired code', at.retired?.replacedByMo ? this.moIndex.get(at.retired.replacedByMo) : undefined],
        ['lpsn', at.lpsnRenamedTo ? this.lpsnIndex.get(at.lpsnRenamedTo) : undefined],
        ['mycobank', at.mycobankRenamedTo ? this.mycobankIndex.get(at.mycobankRenamedTo) : undefined],
        ['gbif', at.gbifRenamedTo ? this.gbifIndex.get(at.gbifRenamedTo) : undefined],
      ];
      if (!at.retired?.replacedByMo && !at.lpsnRenamedTo && !at.gbifRenamedTo && !at.mycobankRenamedTo) {
        result = { path, via, problem: { kind: 'no-target', at } };
        break;
      }
      const found = links.find(([, target]) => target !== undefined);
      if (!found) {
        const problem: CurrentName['problem'] = { kind: 'dangling', at };
        if (at.lpsnRenamedTo) problem.lpsnId = at.lpsnRenamedTo;
        if (at.gbifRenamedTo) problem.gbifId = at.gbifRenamedTo;
        result = { path, via, problem };
        break;
      }
      const [authority, next] = found as [RenameAuthority, Taxon];
      if (visited.has(next)) {
        result = { path, via, problem: { kind: 'cycle', at: next } };
        break;
      }
      visited.add(next);
      path.push(next);
      via.push(authority);
      at = next;
    }
    this.currentCache.set(taxon, result);
    return result;
  }

  /** Convenience: current name of a taxon given by name, code or microorganism code. */
  resolve(nameOrCode: string): CurrentName | undefined {
    const taxon = this.byMo(nameOrCode) ?? this.byName(nameOrCode) ?? this.byCode(nameOrCode);
    return taxon ? this.currentName(taxon) : undefined;
  }

  /** Synonyms whose renamed-to chain ends at this accepted taxon, in table order. */
  synonymsOf(taxon: Taxon): readonly Taxon[] {
    if (!this.synonymIndex) {
      const index = new Map<Taxon, Taxon[]>();
      for (const candidate of this.taxa) {
        if (candidate.status !== 'synonym') continue;
        const { current } = this.currentName(candidate);
        if (!current) continue;
        const list = index.get(current);
        if (list) list.push(candidate);
        else index.set(current, [candidate]);
      }
      this.synonymIndex = index;
    }
    return this.synonymIndex.get(taxon) ?? [];
  }

  /**
   * The parent record: by LPSN parent id, then GBIF parent id, then by the lineage name of the
   * nearest higher rank present in the table (manual and some GBIF records have no ids).
   */
  parentOf(taxon: Taxon): Taxon | undefined {
    const byId =
      (taxon.lpsnParentId ? this.lpsnIndex.get(taxon.lpsnParentId) : undefined) ??
      (taxon.mycobankParentId ? this.mycobankIndex.get(taxon.mycobankParentId) : undefined) ??
      (taxon.gbifParentId ? this.gbifIndex.get(taxon.gbifParentId) : undefined);
    if (byId && byId !== taxon) return byId;
    for (const rank of PARENT_RANKS[taxon.rank]) {
      const name = nameAtRank(taxon, rank);
      if (!name) continue;
      const found = this.allByName(name).find((t) => t.rank === rank && t.lineage.kingdom === taxon.lineage.kingdom);
      if (found && found !== taxon) return found;
    }
    return undefined;
  }

  /** Ancestors from the parent up to the kingdom (or as far as the table goes). */
  ancestorsOf(taxon: Taxon): Taxon[] {
    const out: Taxon[] = [];
    const seen = new Set<Taxon>([taxon]);
    for (let parent = this.parentOf(taxon); parent && !seen.has(parent); parent = this.parentOf(parent)) {
      seen.add(parent);
      out.push(parent);
    }
    return out;
  }
}
