import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db';
import { buildSearchIndex } from '../search/build';
import { SearchIndex } from '../search/index';
import { importRefdata, lastImport, type ImportOptions, type ImportProgressEvent, type ImportSummary, type LastImport } from './importer';
import { BreakpointDigest, loadBreakpointDigest } from './digest';
import { looksLikeDataDir } from './sources';

export interface ImportState {
  running: boolean;
  startedAt?: string;
  stage?: ImportProgressEvent['stage'];
  table?: string;
  done?: number;
  total?: number;
  /** The last failed import's reason (cleared by the next success). */
  error?: string;
}

export { OrganismLabels, type WhonetOrganismInfo } from './organism-labels';
import { OrganismLabels } from './organism-labels';

export interface DrugInfo {
  code: string;
  name: string;
  nameZh: string | null;
  atcCode: string;
  class: string;
}

const NEW_IMPORT_POLL_MS = 30_000;

/**
 * The reference shelf of one server process: the search index and the group labels built
 * from the database, and the import that refreshes them. A `mdc import` run by another
 * process is noticed within half a minute and the index rebuilt.
 */
export class RefdataService {
  private index = new SearchIndex().build();
  private labels = new OrganismLabels(new Map());
  private drugMap: ReadonlyMap<string, DrugInfo> = new Map();
  private breakpointDigest = BreakpointDigest.empty();
  private indexedImportId: number | null = null;
  private indexing?: Promise<void>;
  private importing?: { promise: Promise<ImportSummary>; controller: AbortController };
  private importState: ImportState = { running: false };
  private lastCheck = 0;
  private closed = false;
  private last?: LastImport;
  /** False from start() until the first reading of the index and labels has settled. */
  private loaded = true;

  constructor(
    readonly db: Db,
    private readonly log: FastifyBaseLogger,
    readonly dataDir: string | undefined,
  ) {}

  get searchIndex(): SearchIndex {
    this.maybeCheckForImport();
    return this.index;
  }

  get organismLabels(): OrganismLabels {
    return this.labels;
  }

  /** Drugs by WHONET code, for naming the drugs of rules and breakpoints. */
  get drugs(): ReadonlyMap<string, DrugInfo> {
    return this.drugMap;
  }

  /** The latest breakpoint tables and the taxon → WHONET organism way, for the search page. */
  get digest(): BreakpointDigest {
    return this.breakpointDigest;
  }

  get importStatus(): ImportState {
    return { ...this.importState };
  }

  get lastImport(): LastImport | undefined {
    return this.last;
  }

  /** True while an import holds the embedded database: queries would wait for it to finish. */
  get busy(): boolean {
    return this.importState.running && this.db.kind === 'pglite';
  }

  /**
   * True while the server reads the index and labels at start-up: the data is in the database
   * but search and the Resource pages cannot answer from it yet ("still loading", not "not imported").
   */
  get starting(): boolean {
    return !this.loaded;
  }

  /** Reads the index and labels; `mdc serve` listens meanwhile and says the data is still loading. */
  start(): Promise<void> {
    this.loaded = false;
    const indexed = this.refresh(true)
      .catch((error) => this.log.error({ err: error }, 'reference data: reading the index failed'))
      .finally(() => {
        this.loaded = true;
      });
    this.indexing = indexed;
    return indexed;
  }

  /** Fills an empty database from the data folder, in the background (first start of a server). */
  importIfEmpty(): void {
    this.indexing = (this.indexing ?? Promise.resolve()).then(() => {
      if (!this.closed && this.last === undefined && looksLikeDataDir(this.dataDir)) {
        this.log.info({ dataDir: this.dataDir }, 'reference data: empty database, importing in the background');
        this.runImport(this.dataDir).catch(() => undefined);
      }
    });
  }

  /** Resolves once the start-up work (index build, automatic import) is done. */
  async whenReady(): Promise<void> {
    await this.indexing;
    await this.importing?.promise.catch(() => undefined);
  }

  /** Rebuilds the index and labels when the database holds a newer import (or when forced). */
  async refresh(force = false): Promise<void> {
    const latest = await lastImport(this.db);
    this.last = latest;
    const id = latest?.id ?? null;
    if (!force && id === this.indexedImportId) return;
    const started = performance.now();
    const index = await buildSearchIndex(this.db);
    const labels = await loadOrganismLabels(this.db);
    const drugs = await this.db.query<{ code: string; name: string; name_zh: string | null; atc_code: string; class: string }>(
      'SELECT code, name, name_zh, atc_code, class FROM antibiotic',
    );
    const digest = await loadBreakpointDigest(this.db);
    this.index = index;
    this.labels = labels;
    this.breakpointDigest = digest;
    this.drugMap = new Map(drugs.map((d) => [d.code, { code: d.code, name: d.name, nameZh: d.name_zh, atcCode: d.atc_code, class: d.class }]));
    this.indexedImportId = id;
    this.log.info({ names: index.size, ms: Math.round(performance.now() - started) }, 'search index built');
  }

  private maybeCheckForImport(): void {
    const now = Date.now();
    if (this.closed || this.importState.running || now - this.lastCheck < NEW_IMPORT_POLL_MS) return;
    this.lastCheck = now;
    this.indexing = (this.indexing ?? Promise.resolve())
      .then(() => this.refresh())
      .catch((error) => this.log.warn({ err: error }, 'reference data: index refresh failed'));
  }

  /** Imports in the background of this process; one at a time. */
  runImport(dir: string, options: Omit<ImportOptions, 'signal' | 'onProgress'> = {}): Promise<ImportSummary> {
    if (this.importing) return this.importing.promise;
    const controller = new AbortController();
    this.importState = { running: true, startedAt: new Date().toISOString() };
    const promise = (async () => {
      try {
        const summary = await importRefdata(this.db, dir, {
          ...options,
          signal: controller.signal,
          onProgress: (event) => {
            this.importState = { ...this.importState, stage: event.stage, table: event.table, done: event.done, total: event.total };
          },
        });
        this.log.info({ counts: summary.counts, ms: summary.durationMs, skipped: summary.skipped }, 'reference data imported');
        for (const warning of summary.warnings) this.log.warn(warning);
        // Still "importing" until the index is rebuilt: the import is not visible before.
        this.importState = { ...this.importState, stage: 'write', table: 'search index' };
        if (!this.closed) await this.refresh(true);
        this.importState = { running: false };
        return summary;
      } catch (error) {
        this.importState = { running: false, error: (error as Error).message };
        if (!controller.signal.aborted) this.log.error({ err: error }, 'reference data import failed; previous data kept');
        throw error;
      } finally {
        this.importing = undefined;
      }
    })();
    this.importing = { promise, controller };
    return promise;
  }

  /** Stops a running import (its transaction rolls back) and waits for background work. */
  async close(): Promise<void> {
    this.closed = true;
    this.importing?.controller.abort();
    await this.importing?.promise.catch(() => undefined);
    await this.indexing;
  }
}

async function loadOrganismLabels(db: Db): Promise<OrganismLabels> {
  const rows = await db.query<{ code: string; name: string; name_zh: string | null; taxon_mo: string | null }>(
    `SELECT DISTINCT ON (lower(code)) code, name, name_zh, taxon_mo FROM whonet_organism
      ORDER BY lower(code), (taxonomic_status = 'C') DESC, line`,
  );
  return new OrganismLabels(new Map(rows.map((r) => [r.code.toLowerCase(), { code: r.code, name: r.name, nameZh: r.name_zh, taxonMo: r.taxon_mo }])));
}
