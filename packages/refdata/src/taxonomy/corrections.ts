import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TaxonomyFormatError } from './errors';
import type { StatusCorrection, Taxon, TaxonStatusCorrection } from './types';

export type { StatusCorrection } from './types';

export const STATUS_CORRECTIONS_FILE = 'status-corrections.tsv';
/** The project's curated corrections, `packages/refdata/taxonomy/status-corrections.tsv`. */
export const projectStatusCorrectionsFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../taxonomy', STATUS_CORRECTIONS_FILE);
export const STATUS_CORRECTION_COLUMNS = ['name', 'listed_authority', 'gbif_renamed_to', 'accepted_authority', 'reason', 'reason_zh', 'source'] as const;

const BINOMIAL = /^[A-Z][a-z]+ [a-z][a-z-]+$/;
const ADDRESS = /^https?:\/\/\S+$/;

/** Reads the corrections table; a row without a binomial, a GBIF id, a reason or a source address is refused. */
export function parseStatusCorrections(text: string, file = STATUS_CORRECTIONS_FILE): StatusCorrection[] {
  const out: StatusCorrection[] = [];
  const seen = new Set<string>();
  let header: string[] | undefined;
  text.split('\n').forEach((raw, index) => {
    const line = index + 1;
    const content = raw.replace(/\r$/, '');
    if (content.trim() === '' || content.startsWith('#')) return;
    const cells = content.split('\t');
    if (!header) {
      header = cells;
      const missing = STATUS_CORRECTION_COLUMNS.filter((c) => !header!.includes(c));
      if (missing.length) throw new TaxonomyFormatError(`missing column(s) ${missing.join(', ')}`, { file, line });
      return;
    }
    const cell = (column: (typeof STATUS_CORRECTION_COLUMNS)[number]) => {
      const value = (cells[header!.indexOf(column)] ?? '').trim();
      if (!value) throw new TaxonomyFormatError('empty cell: every correction needs each column, its source above all', { file, line, column });
      return value;
    };
    const name = cell('name');
    if (!BINOMIAL.test(name)) throw new TaxonomyFormatError(`"${name}" is not a binomial`, { file, line, column: 'name' });
    if (seen.has(name.toLowerCase())) throw new TaxonomyFormatError(`"${name}" is corrected twice`, { file, line, column: 'name' });
    seen.add(name.toLowerCase());
    const gbifRenamedTo = cell('gbif_renamed_to');
    if (!/^\d+$/.test(gbifRenamedTo)) throw new TaxonomyFormatError(`"${gbifRenamedTo}" is not a GBIF id`, { file, line, column: 'gbif_renamed_to' });
    const source = cell('source').split(/\s+/);
    const notAddress = source.find((s) => !ADDRESS.test(s));
    if (notAddress) throw new TaxonomyFormatError(`"${notAddress}" is not an address where the status can be checked`, { file, line, column: 'source' });
    out.push({ name, listedAuthority: cell('listed_authority'), gbifRenamedTo, acceptedAuthority: cell('accepted_authority'), reason: cell('reason'), reasonZh: cell('reason_zh'), source, file, line });
  });
  if (!header) throw new TaxonomyFormatError('no header row', { file, line: 1 });
  return out;
}

export function readStatusCorrections(file = projectStatusCorrectionsFile): StatusCorrection[] {
  return parseStatusCorrections(readFileSync(file, 'utf8'), path.basename(file));
}

export interface StatusCorrectionOutcome {
  applied: { correction: StatusCorrection; mo: string }[];
  /** Corrections the list no longer warrants, each with the reason (an import reports them). */
  refused: { correction: StatusCorrection; why: string }[];
}

/**
 * The list with each correction applied where, and only where, the list still has the binomial as
 * a species-rank synonym under the listed authority, renamed by GBIF alone to an id that names
 * none of its rows, and no row of that name accepted. Anything else is a renaming the list can
 * follow (or a row that changed since the correction was written), so the correction is refused
 * and said, never forced.
 */
export function applyStatusCorrections(taxa: readonly Taxon[], corrections: readonly StatusCorrection[]): { taxa: Taxon[]; outcome: StatusCorrectionOutcome } {
  const outcome: StatusCorrectionOutcome = { applied: [], refused: [] };
  if (!corrections.length) return { taxa: [...taxa], outcome };
  const gbifIds = new Map<string, Taxon>();
  for (const t of taxa) if (t.gbifId && !gbifIds.has(t.gbifId)) gbifIds.set(t.gbifId, t);
  const replaced = new Map<Taxon, Taxon>();
  for (const correction of corrections) {
    const refuse = (why: string) => outcome.refused.push({ correction, why });
    const sameName = taxa.filter((t) => t.rank === 'species' && t.name.toLowerCase() === correction.name.toLowerCase());
    if (!sameName.length) {
      refuse('the list has no species of this name');
      continue;
    }
    if (sameName.some((t) => t.status === 'accepted')) {
      refuse('the list accepts this name already');
      continue;
    }
    const row = sameName.find((t) => t.status === 'synonym' && (t.author ?? '').trim() === correction.listedAuthority);
    if (!row) {
      refuse(`the list has no synonym of this name under "${correction.listedAuthority}" (it gives ${sameName.map((t) => `${t.status}, "${t.author ?? ''}"`).join('; ')})`);
      continue;
    }
    if (row.lpsnRenamedTo || row.mycobankRenamedTo || row.retired) {
      refuse(`the list renames it through ${row.lpsnRenamedTo ? `LPSN ${row.lpsnRenamedTo}` : row.mycobankRenamedTo ? `MycoBank ${row.mycobankRenamedTo}` : 'a retired code'}: a renaming the taxonomy follows`);
      continue;
    }
    if (row.gbifRenamedTo !== correction.gbifRenamedTo) {
      refuse(`the list renames it to GBIF ${row.gbifRenamedTo ?? '(none)'}, not ${correction.gbifRenamedTo}`);
      continue;
    }
    const target = gbifIds.get(correction.gbifRenamedTo);
    if (target) {
      refuse(`GBIF ${correction.gbifRenamedTo} is ${target.name} (${target.mo}) in the list: a real renaming`);
      continue;
    }
    const statusCorrection: TaxonStatusCorrection = {
      listedStatus: row.status,
      listedAuthority: correction.listedAuthority,
      gbifId: correction.gbifRenamedTo,
      acceptedAuthority: correction.acceptedAuthority,
      reason: correction.reason,
      reasonZh: correction.reasonZh,
      source: correction.source,
      file: correction.file,
      line: correction.line,
    };
    replaced.set(row, { ...row, status: 'accepted', author: correction.acceptedAuthority, statusCorrection });
    outcome.applied.push({ correction, mo: row.mo });
  }
  return { taxa: taxa.map((t) => replaced.get(t) ?? t), outcome };
}
