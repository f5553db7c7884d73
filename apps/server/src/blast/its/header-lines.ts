import { ITS_REGIONS, parseItsHeader, type ItsRegion } from '@mdc/core/identify/its';
import { referenceInfo, type ReferenceIndexData, type ReferenceInfo } from '@mdc/core/identify/rrna';
import { parseFastaHeader } from '@mdc/refdata/fasta';
import { lazyReferences, type LineReader, type ReferenceLines } from '../reference-lines';

/**
 * A reference file's header lines, kept as the file has them and read into a description only when
 * a search reports the reference: of 39,000 ITS2 references a batch of a few hundred reads reports
 * a few thousand, and describing every one of them up front (objects, strings, then JSON for the
 * index cache) was a fifth of a cold `mdc identify --method ITS`.
 */

const FORM_PREFIX = 'its-header:';

/**
 * `ID description |taxonomy=K;…;Genus;Genus species` read without regular expressions when the
 * taxonomy is the only field; anything else as parseFastaHeader reads it.
 */
export function mdcHeader(header: string): { accession: string; description: string; species?: string; lineage?: string[] } {
  const at = header.indexOf(' |taxonomy=');
  const space = header.search(/\s/);
  if (at < 0 || space < 0 || header.indexOf(' |', at + 1) >= 0 || /[\t\r\n]/.test(header)) return parseFastaHeader(header);
  const lineage = header
    .slice(at + ' |taxonomy='.length)
    .split(';')
    .map((name) => name.trim());
  const species = lineage[lineage.length - 1];
  return { accession: header.slice(0, space), description: header.slice(space + 1, at).trim(), lineage, ...(species ? { species } : {}) };
}

/**
 * Whether an MDC-form header names a lineage and a species (what the reference filter asks of
 * each of 40,000 headers): the last taxonomy field looked at without splitting the lineage, and
 * anything unusual read as {@link mdcHeader} reads it.
 */
export function mdcHeaderNamesSpecies(header: string): boolean {
  const at = header.indexOf(' |taxonomy=');
  if (at < 0 || header.indexOf(' |', at + 1) >= 0 || /[\t\r\n]/.test(header)) {
    const record = mdcHeader(header);
    return Boolean(record.lineage && record.species);
  }
  const semicolon = header.lastIndexOf(';');
  return header.slice(semicolon > at ? semicolon + 1 : at + ' |taxonomy='.length).trim().length > 0;
}

/**
 * A reference described from its header: MDC's rRNA header form when it has `|taxonomy=`, else the
 * IF+UNITE+INSDC form, whose records are named by region and place in the file (`ordinal`).
 */
export function describeItsHeader(header: string, region: ItsRegion, ordinal: number, length: number): ReferenceInfo {
  if (header.includes('|taxonomy=')) {
    const record = mdcHeader(header);
    return referenceInfo({ accession: record.accession, species: record.species ?? '', lineage: record.lineage ?? [], description: record.description }, length);
  }
  return referenceInfo(parseItsHeader(header, region, ordinal), length);
}

/** Header spans of the references kept while a file is read, laid out as lines at the end. */
export class HeaderLinesBuilder {
  private spans: number[] = [];
  private ordinals: number[] = [];
  private bytes = 0;

  constructor(private readonly region: ItsRegion) {}

  /** The kept reference's header is `file[from, to)`; `ordinal` is its record's place in the file. */
  add(from: number, to: number, ordinal: number): void {
    this.spans.push(from, to);
    this.ordinals.push(ordinal);
    this.bytes += to - from + 1;
  }

  /** The lines of the kept references, in the order added (in shared memory when `shared`). */
  lines(file: Uint8Array, shared: boolean): ReferenceLines {
    const count = this.ordinals.length;
    const memory = (bytes: number) => (shared ? new SharedArrayBuffer(bytes) : new ArrayBuffer(bytes));
    const text = new Uint8Array(memory(this.bytes));
    const starts = new Uint32Array(memory(4 * (count + 1)));
    const numbers = new Uint32Array(memory(4 * count));
    let at = 0;
    for (let r = 0; r < count; r++) {
      const from = this.spans[2 * r]!;
      const to = this.spans[2 * r + 1]!;
      starts[r] = at;
      text.set(file.subarray(from, to), at);
      at += to - from;
      text[at++] = 0x0a;
      numbers[r] = this.ordinals[r]!;
    }
    starts[count] = at;
    return { form: `${FORM_PREFIX}${this.region}`, text, starts, numbers };
  }
}

/** The reader of header lines (see lazyReferences), given the index whose offsets give each reference's length. */
export function headerLineReader(lines: ReferenceLines, data: Pick<ReferenceIndexData, 'offsets'>): LineReader {
  const region = lines.form.slice(FORM_PREFIX.length) as ItsRegion;
  if (!lines.form.startsWith(FORM_PREFIX) || !ITS_REGIONS.includes(region) || !lines.numbers) throw new Error(`reference lines of form ${lines.form} are not ITS header lines`);
  const { numbers } = lines;
  const { offsets } = data;
  return (line, r) => describeItsHeader(line, region, numbers[r]!, offsets[r + 1]! - offsets[r]!);
}

/** The references an index's lines describe, read when first asked for: JSON lines (references from the database) or a file's header lines. */
export function linesReferences(lines: ReferenceLines, data: Pick<ReferenceIndexData, 'offsets'>): ReferenceInfo[] {
  return lines.form === 'json' ? lazyReferences(lines) : lazyReferences(lines, headerLineReader(lines, data));
}
