/**
 * Names a laboratory writes that WHONET's organism list lacks — current names it does not carry
 * ("Salmonella enterica"), synonyms ("Enterobacter aerogenes"), species of a genus WHONET only
 * knows as "Genus sp." — mapped onto WHONET organism codes through the taxonomy. Pure: the
 * caller supplies the taxa (from the files or the database).
 */

export interface AliasTaxon {
  mo: string;
  name: string;
  rank: string;
  /** The accepted taxon's code (itself when accepted). */
  currentMo: string | null;
  genus: string | null;
}

export interface AliasWhonetOrganism {
  code: string;
  name: string;
  /**
   * The taxon the WHONET name is (by its own name, not through a synonym: WHONET's "Salmonella
   * Choleraesuis" must not stand for all of Salmonella enterica).
   */
  taxonMo: string | null;
  genus: string;
}

export interface OrganismAlias {
  name: string;
  code: string;
  /** How the alias reaches the code: the taxon's current name, or its genus. */
  via: 'current-name' | 'genus';
}

export function organismAliases(taxa: readonly AliasTaxon[], whonet: readonly AliasWhonetOrganism[]): OrganismAlias[] {
  const whonetNames = new Set(whonet.map((o) => o.name.toLowerCase()));
  const codeByMo = new Map<string, string>();
  for (const o of whonet) if (o.taxonMo && !codeByMo.has(o.taxonMo)) codeByMo.set(o.taxonMo, o.code);
  // "Salmonella sp." is how WHONET names a genus as a laboratory reports it.
  const genusCode = new Map<string, string>();
  for (const o of whonet) {
    const genus = /^([A-Z][a-z]+) spp?\.$/.exec(o.name)?.[1];
    if (genus && !genusCode.has(genus)) genusCode.set(genus, o.code);
  }
  const moByName = new Map(taxa.map((t) => [t.mo, t]));
  const out: OrganismAlias[] = [];
  for (const taxon of taxa) {
    if (whonetNames.has(taxon.name.toLowerCase())) continue;
    if (taxon.rank !== 'species' && taxon.rank !== 'subspecies' && taxon.rank !== 'genus') continue;
    const current = taxon.currentMo ? moByName.get(taxon.currentMo) : undefined;
    const code = (current && codeByMo.get(current.mo)) ?? codeByMo.get(taxon.mo);
    if (code) {
      out.push({ name: taxon.name, code, via: 'current-name' });
      continue;
    }
    const genus = (current ?? taxon).genus;
    const byGenus = genus ? genusCode.get(genus) : undefined;
    if (byGenus && taxon.rank !== 'genus') out.push({ name: taxon.name, code: byGenus, via: 'genus' });
    else if (byGenus && taxon.rank === 'genus') out.push({ name: taxon.name, code: byGenus, via: 'genus' });
  }
  return out;
}

/**
 * Serovars as laboratories write them, in WHONET's form: "Salmonella enterica serovar Enteritidis",
 * "Salmonella enterica subsp. enterica serovar Typhi", "S. enterica ser. Typhimurium", "Salmonella
 * ser. Typhi" → "Salmonella Enteritidis". Null when the text names no serovar.
 */
export function serovarName(text: string): string | null {
  const match = /^(?:salmonella|s\.)\s+(?:enterica\s+)?(?:(?:subsp\.?|ssp\.?|ss\.?)\s+enterica\s+)?(?:serovar|serotype|ser\.?|sv\.?)\s+([a-z][a-z-]+)$/i.exec(
    text.trim().replace(/\s+/g, ' '),
  );
  if (!match) return null;
  const serovar = match[1]!;
  return `Salmonella ${serovar.charAt(0).toUpperCase()}${serovar.slice(1).toLowerCase()}`;
}
