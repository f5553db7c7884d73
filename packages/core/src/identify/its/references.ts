import type { ReferenceSequence } from '../rrna/reference-index';

/** The three ITS reference sets: the two spacers cut by ITSx, and whole ITS1–5.8S–ITS2 sequences. */
export const ITS_REGIONS = ['ITS1', 'ITS2', 'ITS'] as const;
export type ItsRegion = (typeof ITS_REGIONS)[number];

/** Why a reference record is kept out of identification (it stays imported and counted). */
export type ItsExclusion = 'short' | 'unnamed';

/**
 * Shortest reference accepted as evidence: 100 bases for a spacer (the source says some ITS1/ITS2
 * records are fragments shorter than that: ~1,050 ITS1 and ~560 ITS2 — a 60-base piece of a spacer
 * matches many genera equally well), 300 for a whole ITS (ITS1 + 5.8S + ITS2 cannot be shorter
 * in the fungi: the 5.8S alone is ~155 bases).
 */
export const MIN_REFERENCE_LENGTH: Readonly<Record<ItsRegion, number>> = Object.freeze({ ITS1: 100, ITS2: 100, ITS: 300 });

/** An ITS reference as the engine takes it, with why it is not evidence (null when it is). */
export interface ItsReference extends ReferenceSequence {
  species: string;
  lineage: string[];
  exclusion: ItsExclusion | null;
}

/**
 * Reads a header of the IF+UNITE+INSDC sets, `Fungi;phylum;class;order;family;Genus;Genus_species [id]`
 * (records are named by region and place, e.g. `ITS2_000123`: the spacer sets carry no id and the
 * whole-ITS ids repeat; the id is kept in the description). `Genus_sp` is
 * an unnamed record: kept with an empty species, never evidence for a name.
 */
export function parseItsHeader(header: string, region: ItsRegion, ordinal: number): Omit<ItsReference, 'sequence' | 'exclusion'> {
  const text = header.replace(/^>/, '').trim();
  const space = text.search(/\s/);
  const taxonomy = space < 0 ? text : text.slice(0, space);
  const id = space < 0 ? '' : text.slice(space + 1).trim();
  const ranks = taxonomy.split(';').map((r) => r.trim());
  const lineage = ranks.slice(0, 6);
  const last = ranks[6] ?? '';
  const species = namesSpecies(lineage[5] ?? '', last) ? last.replace('_', ' ') : '';
  return {
    // The source's ids repeat across records of the whole-ITS set: a record is named by its place.
    accession: `${region}_${String(ordinal).padStart(6, '0')}`,
    species,
    lineage,
    description: id ? `${last.replace(/_/g, ' ')} [${id}]` : last.replace(/_/g, ' '),
  };
}

/** `Genus_species` under a genus that is one (not `Genus_sp`, not an incertae sedis or `_gen_` placeholder). */
function namesSpecies(genus: string, last: string): boolean {
  return /^[A-Z][a-z-]+_[a-z][a-z-]*$/.test(last) && !/_sp$/.test(last) && !/incertae|_gen_/i.test(genus);
}

/**
 * Whether a header of the IF+UNITE+INSDC sets names a species, as {@link parseItsHeader} decides it,
 * reading only the genus and species fields: what a filter over 40,000 headers needs.
 */
export function itsHeaderNamesSpecies(header: string): boolean {
  const text = header.startsWith('>') ? header.slice(1).trim() : header.trim();
  const space = text.search(/\s/);
  const taxonomy = space < 0 ? text : text.slice(0, space);
  let genus = '';
  let last = '';
  let from = 0;
  for (let field = 0; field <= 6; field++) {
    const semicolon = taxonomy.indexOf(';', from);
    const to = semicolon < 0 ? taxonomy.length : semicolon;
    if (field === 5) genus = taxonomy.slice(from, to).trim();
    else if (field === 6) last = taxonomy.slice(from, to).trim();
    if (semicolon < 0) break;
    from = semicolon + 1;
  }
  return namesSpecies(genus, last);
}

/** Whether a record can be evidence for a name: long enough for its region and named to species. */
export function itsExclusion(reference: { species: string; sequence: string } | { species: string; length: number }, region: ItsRegion): ItsExclusion | null {
  const length = 'sequence' in reference ? reference.sequence.length : reference.length;
  if (length < MIN_REFERENCE_LENGTH[region]) return 'short';
  if (!reference.species) return 'unnamed';
  return null;
}

export function itsReference(header: string, sequence: string, region: ItsRegion, ordinal: number): ItsReference {
  const parsed = parseItsHeader(header, region, ordinal);
  return { ...parsed, sequence, exclusion: itsExclusion({ species: parsed.species, sequence }, region) };
}
