import { buildKnowledgeBase, type AstTables, type KnowledgeBase, type NameMaps } from '@mdc/core/ast';
import { readChineseNames, type ChineseNames } from '@mdc/refdata/names';
import type { Queryable } from '../db';
import { loadWhonetTables, toAstTables } from '../resource/tables';
import { OrganismSuggestions } from './suggest';

/** The engine and the Chinese names a lab page shows next to its codes. */
export interface LabKnowledge {
  kb: KnowledgeBase;
  names: ChineseNames;
  suggestions: OrganismSuggestions;
  /** The reference-data import the knowledge base was built from (null: built from files). */
  importId: number | null;
  builtMs: number;
}

let chineseNames: ChineseNames | undefined;

/** The project's curated Chinese names: read once per process, they only change with a release. */
export function labChineseNames(): ChineseNames {
  return (chineseNames ??= readChineseNames());
}

/** Chinese names (and their aliases) as the engine's name maps, keyed to WHONET codes. */
export function nameMaps(tables: AstTables, names: ChineseNames): NameMaps {
  const organisms: Record<string, string> = {};
  // Current names first, so a Chinese name shared by a synonym points at the accepted code.
  const ordered = [...tables.organisms].sort((a, b) => Number(b.status === 'current') - Number(a.status === 'current'));
  for (const organism of ordered) {
    // WHONET's "Enterococcus sp." is the genus as a lab reports it: 肠球菌属.
    const genus = /^([A-Z][a-z]+) spp?\.$/.exec(organism.name)?.[1];
    const zh = names.organismZh(organism.name) ?? (genus ? names.organismZh(genus) : undefined);
    if (!zh) continue;
    for (const text of [zh, ...(names.organismAliases.get(organism.name) ?? [])]) organisms[text] ??= organism.code;
  }
  const antibiotics: Record<string, string> = {};
  for (const record of names.antibioticRecords) {
    for (const text of [record.zh, ...record.aliases]) antibiotics[text] ??= record.code;
  }
  return { organisms, antibiotics };
}

/**
 * Builds the engine from tables (the database's or the files'), with the Chinese names.
 * `prevalence` (WHONET code → the taxonomy's clinical prevalence) orders the organism suggestions.
 */
export function knowledgeFromTables(tables: AstTables, importId: number | null, prevalence?: ReadonlyMap<string, number>): LabKnowledge {
  const started = performance.now();
  const names = labChineseNames();
  const kb = buildKnowledgeBase(tables, { names: nameMaps(tables, names), defaultGuideline: 'CLSI' });
  const suggestions = new OrganismSuggestions(kb, names, prevalence);
  return { kb, names, suggestions, importId, builtMs: Math.round(performance.now() - started) };
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * knowledgeFromTables for the server: the same steps with a turn of the event loop between them.
 * Built in one go from the full reference data, it held the loop 1.2–3.7 s on a loaded machine
 * (the breakpoint index 0.9 s, the organism suggestions 0.5 s), inside the first Lab request or
 * batch job after a start or an import (issue 28).
 */
async function knowledgeInTurns(tables: AstTables, importId: number | null, prevalence?: ReadonlyMap<string, number>): Promise<LabKnowledge> {
  const started = performance.now();
  const names = labChineseNames();
  const maps = nameMaps(tables, names);
  await nextTurn();
  const kb = buildKnowledgeBase(tables, { names: maps, defaultGuideline: 'CLSI' });
  await nextTurn();
  const suggestions = new OrganismSuggestions(kb, names, prevalence);
  return { kb, names, suggestions, importId, builtMs: Math.round(performance.now() - started) };
}

interface Cache {
  current: LabKnowledge | null;
  /** The import id last seen in the database (undefined: never looked). */
  seenImportId?: number | null;
  building?: Promise<LabKnowledge | null>;
}

const caches = new WeakMap<Queryable, Cache>();

async function latestImportId(db: Queryable): Promise<number | null> {
  const rows = await db.query<{ id: number }>('SELECT id FROM refdata_import ORDER BY id DESC LIMIT 1');
  return rows[0] ? Number(rows[0].id) : null;
}

/**
 * The knowledge base of the reference data in this database, built once per process and rebuilt
 * when a newer import appears (any process may have run it, so the import id is what counts).
 * Null while nothing has been imported. Pass `recheck: false` to use what is cached without asking
 * the database (while the embedded database is held by an import).
 */
export async function labKnowledge(db: Queryable, options: { recheck?: boolean } = {}): Promise<LabKnowledge | null> {
  let cache = caches.get(db);
  if (!cache) {
    cache = { current: null };
    caches.set(db, cache);
  }
  if (options.recheck === false && cache.seenImportId !== undefined) return cache.current;
  if (cache.building) return cache.building;
  const id = await latestImportId(db);
  if (id === cache.seenImportId) return cache.current;
  if (cache.building) return cache.building;
  const entry = cache;
  const building = (async () => {
    if (id === null) {
      entry.current = null;
    } else {
      const started = performance.now();
      const tables = toAstTables(await loadWhonetTables(db));
      const prevalence = await db.query<{ code: string; prevalence: number }>(
        `SELECT w.code, min(t.prevalence) AS prevalence FROM whonet_organism w JOIN taxon t ON t.mo = w.taxon_mo GROUP BY w.code`,
      );
      const built = await knowledgeInTurns(tables, id, new Map(prevalence.map((p) => [p.code, Number(p.prevalence)])));
      built.builtMs = Math.round(performance.now() - started);
      entry.current = built;
    }
    entry.seenImportId = id;
    return entry.current;
  })();
  // Cleared once settled, never inside the body: with nothing to await (no import yet) the body
  // finishes before the assignment, and a `finally` there would leave a settled promise cached.
  const pending: Promise<LabKnowledge | null> = building.finally(() => {
    if (entry.building === pending) entry.building = undefined;
  });
  entry.building = pending;
  return pending;
}
