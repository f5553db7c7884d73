import type { Queryable } from '../../db';

/** A reference's species under the taxonomy's accepted name, with that name's lineage. */
export interface AcceptedLabel {
  species: string;
  /** Kingdom … genus of the accepted name, then the species, as reference headers list them. */
  lineage: string[];
}

/** `Genus species` of a label: drops "subsp. …", strain words and other trailing text (as the import does). */
function binomialOf(label: string): string {
  return label.trim().replace(/^\[([A-Z][a-z]+)\]/, '$1').split(/\s+/).slice(0, 2).join(' ');
}

/**
 * The accepted species of reference labels, from the taxonomy imported into the database — the
 * same renamed-to chain (`current_mo`) the import files its references under: the label's own
 * species or subspecies record (else its binomial's species), its current name, and a subspecies'
 * species. Labels the taxonomy does not know, or whose chain breaks, are left out (they keep
 * their own name): never a guess. An empty map when no taxonomy was imported.
 */
export async function acceptedLabels(db: Queryable, labels: readonly string[]): Promise<Map<string, AcceptedLabel>> {
  const distinct = [...new Set(labels.map((l) => l.trim()).filter(Boolean))];
  const out = new Map<string, AcceptedLabel>();
  if (distinct.length === 0) return out;
  const rows = await db.query<{ label: string; genus: string | null; species: string | null; kingdom: string | null; phylum: string | null; class: string | null; order: string | null; family: string | null }>(
    `WITH l AS (SELECT * FROM unnest($1::text[], $2::text[]) AS x(label, binomial)),
     known AS (
       SELECT l.label, k.current_mo FROM l
       JOIN LATERAL (
         SELECT t.current_mo FROM taxon t
          WHERE (lower(t.name) = lower(l.label) AND t.rank IN ('species', 'subspecies')) OR (lower(t.name) = lower(l.binomial) AND t.rank = 'species')
          ORDER BY (lower(t.name) = lower(l.label)) DESC, t.line LIMIT 1) k ON true),
     current AS (SELECT known.label, c.* FROM known JOIN taxon c ON c.mo = known.current_mo),
     -- A current subspecies stands for its species (under that species' current name).
     accepted AS (
       SELECT current.label, coalesce(sc.genus, current.genus) AS genus, coalesce(sc.species, current.species) AS species,
              coalesce(sc.kingdom, current.kingdom) AS kingdom, coalesce(sc.phylum, current.phylum) AS phylum, coalesce(sc.class, current.class) AS class,
              coalesce(sc."order", current."order") AS "order", coalesce(sc.family, current.family) AS family
         FROM current
         LEFT JOIN LATERAL (
           SELECT s.current_mo FROM taxon s WHERE current.rank = 'subspecies' AND s.rank = 'species' AND s.name = current.genus || ' ' || current.species ORDER BY s.line LIMIT 1) sp ON true
         LEFT JOIN taxon sc ON sc.mo = sp.current_mo)
     SELECT * FROM accepted`,
    [distinct, distinct.map(binomialOf)],
  );
  for (const row of rows) {
    if (!row.genus || !row.species) continue;
    const name = `${row.genus} ${row.species}`;
    out.set(row.label, { species: name, lineage: [row.kingdom ?? '', row.phylum ?? '', row.class ?? '', row.order ?? '', row.family ?? '', row.genus, name] });
  }
  return out;
}
