import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { prepareResistome, type PreparedResistome } from '@mdc/core/resistome';
import { familyChain, pointfinderSpeciesList, readAmrfinderCatalog, readPointfinderSpecies, readResfinderDb, resistomeDirs, type AmrfinderCatalog } from '@mdc/refdata/resistome';

/**
 * The resistance databases under REFDATA_DIR, read and indexed once per process: ResFinder's genes
 * and phenotypes, PointFinder's species, and AMRFinderPlus's symbols (subclasses for the spectrum
 * of a β-lactamase, families for intrinsic genes).
 */
export interface ResistomeReferenceData {
  prepared: PreparedResistome;
  catalog?: AmrfinderCatalog;
  subclassOf: (symbol: string) => string | undefined;
  /** Accepted names of the AMR package's taxonomy (lower case), to refuse an unknown organism; empty when absent. */
  organisms: Set<string>;
}

export class ReferenceDataMissing extends Error {}

export function loadResistomeReference(refdataDir: string): ResistomeReferenceData {
  const dirs = resistomeDirs(refdataDir);
  if (!existsSync(path.join(dirs.resfinder, 'phenotypes.txt'))) throw new ReferenceDataMissing(`no ResFinder database under ${dirs.resfinder} (set REFDATA_DIR to the shared data folder)`);
  const resfinder = readResfinderDb(dirs.resfinder);
  const pointfinder = new Map(existsSync(dirs.pointfinder) ? pointfinderSpeciesList(dirs.pointfinder).map((s) => [s, readPointfinderSpecies(dirs.pointfinder, s)] as const) : []);
  const catalog = existsSync(path.join(dirs.amrfinderplus, 'fam.tab')) ? readAmrfinderCatalog(dirs.amrfinderplus) : undefined;
  const families = new Map<string, string[]>();
  if (catalog) for (const g of resfinder.genes) if (!families.has(g.name) && catalog.symbols.has(g.name)) families.set(g.name, familyChain(catalog, g.name));
  const prepared = prepareResistome({ genes: resfinder.genes, phenotypes: resfinder.phenotypes, pointfinder, families });
  const organisms = readOrganismNames(refdataDir);
  return { prepared, catalog, subclassOf: (symbol) => catalog?.symbols.get(symbol)?.subclass, organisms };
}

/** Names of the AMR package's taxonomy (lower case); empty when the file is absent (then any name is taken). */
export function readOrganismNames(refdataDir: string): Set<string> {
  const taxa = path.join(refdataDir, 'amr/amr-3.0.0/microorganisms.tsv.gz');
  const organisms = new Set<string>();
  if (!existsSync(taxa)) return organisms;
  const lines = gunzipSync(readFileSync(taxa)).toString('utf8').split('\n');
  for (let i = 1; i < lines.length; i++) {
    const f = lines[i]!.split('\t', 2);
    if (f[1]) organisms.add(f[1].toLowerCase());
  }
  return organisms;
}
