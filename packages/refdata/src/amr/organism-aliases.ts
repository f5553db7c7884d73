import { organismAliases, type OrganismAlias } from '@mdc/core/ast';
import type { TaxonomyTable } from '../taxonomy/table';
import type { OrganismRecord } from '../whonet/organisms';
import { taxonForWhonetName } from './whonet-names';

/** organismAliases over the taxonomy table: only taxa of genera WHONET knows are worth a name. */
export function organismAliasesFrom(taxonomy: TaxonomyTable, organisms: readonly OrganismRecord[]): OrganismAlias[] {
  const genera = new Set(organisms.map((o) => o.genus).filter(Boolean));
  const whonet = organisms.map((o) => {
    const taxon = taxonForWhonetName(taxonomy, o.name);
    const current = taxon ? taxonomy.currentName(taxon).current : undefined;
    return { code: o.code, name: o.name, genus: o.genus, taxonMo: taxon && current === taxon ? taxon.mo : null };
  });
  const taxa = taxonomy.taxa
    .filter((t) => t.lineage.genus !== undefined && genera.has(t.lineage.genus))
    .map((t) => ({ mo: t.mo, name: t.name, rank: t.rank, currentMo: taxonomy.currentName(t).current?.mo ?? null, genus: t.lineage.genus ?? null }));
  return organismAliases(taxa, whonet);
}
