import { callLine, type IdentificationCall } from '../index';
import { sequenceCall } from './call';
import type { Identification, IdentificationResult } from './search';

/**
 * Columns of `mdc identify --format tsv`. `call` is the sequence's call as the page and the
 * history head it ("Weissella sp. (closest: Weissella cibaria)"), the same on each of its rows.
 */
export const TSV_COLUMNS = ['query', 'rank', 'accession', 'species', 'similarity', 'length', 'mismatches', 'gaps', 'score', 'confidence', 'call'] as const;

export type IdentificationRow = Record<(typeof TSV_COLUMNS)[number], string>;

export interface FormatOptions {
  /** Hits per query (default all listed hits). */
  top?: number;
  /** Keep the printable alignments in JSON (default false). */
  alignments?: boolean;
  /** The call of an identified sequence (default `sequenceCall`; ITS names its species groups its own way). */
  callOf?: (result: Identification) => IdentificationCall;
}

/** `level` or `level:name,name` (species group, genus …), `refused:reason` for refused sequences. */
export function confidenceLabel(result: IdentificationResult): string {
  if (!result.ok) return `refused:${result.reason}`;
  const { level, names, complex } = result.confidence;
  if (complex) return `${level}:${complex.name}`;
  return names.length > 0 ? `${level}:${names.join(',')}` : level;
}

function clean(text: string): string {
  return text.replace(/[\t\r\n]+/g, ' ');
}

/** One row per listed hit (a single row for a refused sequence), as strings ready for TSV. */
export function identificationRows(results: readonly IdentificationResult[], options: FormatOptions = {}): IdentificationRow[] {
  const rows: IdentificationRow[] = [];
  const callOf = options.callOf ?? sequenceCall;
  for (const result of results) {
    const confidence = confidenceLabel(result);
    if (!result.ok) {
      rows.push({ query: clean(result.queryId), rank: '0', accession: '', species: '', similarity: '', length: '', mismatches: '', gaps: '', score: '', confidence, call: '' });
      continue;
    }
    const call = clean(callLine(callOf(result), 'en'));
    const hits = options.top === undefined ? result.hits : result.hits.slice(0, Math.max(1, options.top));
    for (const hit of hits) {
      rows.push({
        query: clean(result.queryId),
        rank: String(hit.rank),
        accession: clean(hit.accession),
        species: clean(hit.species),
        similarity: hit.similarity.toFixed(2),
        length: String(hit.alignedLength),
        mismatches: String(hit.mismatches),
        gaps: String(hit.gaps),
        score: String(hit.score),
        confidence,
        call,
      });
    }
  }
  return rows;
}

export function formatIdentificationTsv(results: readonly IdentificationResult[], options: FormatOptions = {}): string {
  const lines = [TSV_COLUMNS.join('\t')];
  for (const row of identificationRows(results, options)) lines.push(TSV_COLUMNS.map((c) => row[c]).join('\t'));
  return lines.join('\n') + '\n';
}

/**
 * The results as JSON, hits cut to `top`, alignments left out unless asked for; each identified
 * sequence with its `call` (the taxon claimed, `closest` above the species, and the `headline`).
 */
export function formatIdentificationJson(results: readonly IdentificationResult[], options: FormatOptions = {}): string {
  const callOf = options.callOf ?? sequenceCall;
  const trimmed = results.map((result) => {
    if (!result.ok) return result;
    const hits = (options.top === undefined ? result.hits : result.hits.slice(0, Math.max(1, options.top))).map((hit) => {
      if (options.alignments) return hit;
      const { alignment: _alignment, ...rest } = hit;
      return rest;
    });
    const { value: _value, measure: _measure, ...call } = callOf(result);
    return { ...result, call: { ...call, headline: callLine(call, 'en') }, topHit: hits[0], hits };
  });
  return JSON.stringify(trimmed, null, 2) + '\n';
}
