/**
 * Ranks that occur in the `microorganisms` table (LPSN / GBIF, Dec 2022; AMR 3.0.0 adds
 * MycoBank fungi, "species group" records such as the Bacteroides fragilis group, and
 * "(unknown rank)" placeholders such as "(unknown Gram-negatives)").
 */
export const TAXON_RANKS = [
  'kingdom',
  'phylum',
  'class',
  'order',
  'family',
  'genus',
  'species group',
  'species',
  'subspecies',
  '(unknown rank)',
] as const;
export type TaxonRank = (typeof TAXON_RANKS)[number];

/**
 * `accepted`: the name is the current one. `synonym`: a former or heterotypic name whose
 * current name is reached through `lpsn_renamed_to` / `mycobank_renamed_to` /
 * `gbif_renamed_to`. `unknown` (GBIF names nobody has ruled on, placeholders) and
 * `not validly published` (LPSN names in use without valid publication, e.g. "Candidatus")
 * come with AMR 3.0.0; such a name is its own current name, as nothing renames it.
 */
export const TAXON_STATUSES = ['accepted', 'synonym', 'unknown', 'not validly published'] as const;
export type TaxonStatus = (typeof TAXON_STATUSES)[number];

/**
 * Classification as written in the table. `species` and `subspecies` are epithets only
 * ("coli", not "Escherichia coli"). Manually added pseudo-taxa carry placeholders such as
 * "(unknown phylum)", kept verbatim because other tables refer to them by those names.
 */
export interface Lineage {
  kingdom?: string;
  phylum?: string;
  class?: string;
  order?: string;
  family?: string;
  genus?: string;
  species?: string;
  subspecies?: string;
}

export interface Taxon {
  /** Stable microorganism code of the AMR `microorganisms` table, e.g. `B_ESCHR_COLI`. */
  mo: string;
  /** Full scientific name, e.g. "Escherichia coli". */
  name: string;
  status: TaxonStatus;
  rank: TaxonRank;
  lineage: Lineage;
  /** Naming authority and year, e.g. "Castellani et al., 1919". */
  author?: string;
  /** Where the record comes from: "LPSN", "GBIF" or "manually added". */
  source: string;
  lpsnId?: string;
  lpsnParentId?: string;
  lpsnRenamedTo?: string;
  gbifId?: string;
  gbifParentId?: string;
  gbifRenamedTo?: string;
  /** MycoBank ids (fungi, AMR 3.0.0 table). */
  mycobankId?: string;
  mycobankParentId?: string;
  mycobankRenamedTo?: string;
  /** "aerobe", "facultative anaerobe", "anaerobe"… (AMR 3.0.0 table). */
  oxygenTolerance?: string;
  /**
   * A record of the earlier (Dec 2022) table whose code the current table no longer has
   * (protozoa moved to Chromista, placeholder codes renamed): kept so that its address still
   * works, and pointing at the current record of the same name when there is one.
   */
  retired?: { file: string; replacedByMo?: string };
  /**
   * Set when the project's curated status corrections made this record accepted: the list named
   * it a synonym of a GBIF record it does not hold, and that record is this very binomial under
   * its accepted authority (see `corrections.ts`). `author` is then the accepted authority.
   */
  statusCorrection?: TaxonStatusCorrection;
  /**
   * Clinical prevalence class of the AMR package: 1 = commonly isolated from humans,
   * 1.25 / 1.5 = less common or genera of them, 2 = rare or not known from humans.
   */
  prevalence: number;
  snomed: string[];
  /** 1-based line in the source file, kept so that later checks can point at the row. */
  line: number;
}

/** A laboratory code or abbreviation (WHONET codes, older LIS codes…) naming a taxon. */
export interface TaxonCode {
  code: string;
  mo: string;
  line: number;
}

/** Which renamed-to link (or the retired-code link) led from one name to the next. */
export type RenameAuthority = 'lpsn' | 'mycobank' | 'gbif' | 'retired code';

export type CurrentNameProblem =
  /** The renamed-to chain comes back to a name already visited (e.g. two synonyms naming each other). */
  | { kind: 'cycle'; at: Taxon }
  /** A renamed-to id names no row of the table. */
  | { kind: 'dangling'; at: Taxon; lpsnId?: string; gbifId?: string }
  /** A synonym without any renamed-to id. */
  | { kind: 'no-target'; at: Taxon };

export interface CurrentName {
  /** The accepted taxon the name resolves to; undefined when the chain breaks. */
  current?: Taxon;
  /** Every name visited, starting with the queried one (and ending with `current` when found). */
  path: Taxon[];
  /** The link taken at each step of `path` (one fewer than its names). */
  via?: RenameAuthority[];
  problem?: CurrentNameProblem;
}

/**
 * One curated correction (packages/refdata/taxonomy/status-corrections.tsv): the list calls `name`
 * (under `listedAuthority`) a synonym of GBIF record `gbifRenamedTo`, which it does not hold; the
 * nomenclatural databases cited in `source` give the same binomial, under `acceptedAuthority`, as
 * the accepted name.
 */
export interface StatusCorrection {
  name: string;
  listedAuthority: string;
  gbifRenamedTo: string;
  acceptedAuthority: string;
  reason: string;
  reasonZh: string;
  /** Where the accepted status is published: one or more addresses. */
  source: string[];
  /** Row of the corrections file. */
  file: string;
  line: number;
}

/** What the project changed about a record's status, and on what evidence (a correction as applied to the record). */
export interface TaxonStatusCorrection extends Omit<StatusCorrection, 'name' | 'gbifRenamedTo'> {
  /** Status as the list gives it. */
  listedStatus: TaxonStatus;
  /** The GBIF id the list renames the record to, which names none of its rows. */
  gbifId: string;
}
