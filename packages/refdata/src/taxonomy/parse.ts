import { TaxonomyFormatError } from './errors';
import {
  TAXON_RANKS,
  TAXON_STATUSES,
  type Lineage,
  type Taxon,
  type TaxonCode,
  type TaxonRank,
  type TaxonStatus,
} from './types';

export const MICROORGANISMS_FILE = 'microorganisms.tsv';
/** The AMR 3.0.0 release of the same table (gzip), under `amr/amr-3.0.0/` of the data folder. */
export const MICROORGANISMS_GZ_FILE = 'microorganisms.tsv.gz';
export const TAXON_CODES_FILE = 'microorganisms.codes.tsv';

export const MICROORGANISMS_COLUMNS = [
  'mo',
  'fullname',
  'status',
  'kingdom',
  'phylum',
  'class',
  'order',
  'family',
  'genus',
  'species',
  'subspecies',
  'rank',
  'ref',
  'source',
  'lpsn',
  'lpsn_parent',
  'lpsn_renamed_to',
  'gbif',
  'gbif_parent',
  'gbif_renamed_to',
  'prevalence',
  'snomed',
] as const;
/** Columns of the AMR 3.0.0 release, read when present (the Dec 2022 table has none of them). */
export const MICROORGANISMS_OPTIONAL_COLUMNS = ['oxygen_tolerance', 'mycobank', 'mycobank_parent', 'mycobank_renamed_to'] as const;
type MicroorganismsColumn = (typeof MICROORGANISMS_COLUMNS)[number] | (typeof MICROORGANISMS_OPTIONAL_COLUMNS)[number];

export const TAXON_CODES_COLUMNS = ['code', 'mo'] as const;
type TaxonCodesColumn = (typeof TAXON_CODES_COLUMNS)[number];

const LINEAGE_COLUMNS = [
  'kingdom',
  'phylum',
  'class',
  'order',
  'family',
  'genus',
  'species',
  'subspecies',
] as const satisfies readonly (MicroorganismsColumn & keyof Lineage)[];

const RANKS: ReadonlySet<string> = new Set(TAXON_RANKS);
const STATUSES: ReadonlySet<string> = new Set(TAXON_STATUSES);
const NUMERIC_ID = /^[0-9]+$/;
const SNOMED_CODE = /^[0-9]+$/;

/**
 * Maps header names to field positions. Columns are found by name, not position, so a
 * reordered or extended export still reads; a missing one is an error on line 1.
 */
class TsvLayout<C extends string> {
  readonly width: number;
  private readonly index: Map<C, number>;

  constructor(
    headerLine: string,
    required: readonly C[],
    private readonly file: string,
    optionalColumns: readonly C[] = [],
  ) {
    const names = stripLineEnd(headerLine).replace(/^\uFEFF/, '').split('\t');
    this.width = names.length;
    this.index = new Map();
    for (const column of required) {
      const at = names.indexOf(column);
      if (at < 0) {
        throw new TaxonomyFormatError(`header lacks required column "${column}"`, {
          file,
          line: 1,
          column,
        });
      }
      this.index.set(column, at);
    }
    for (const column of optionalColumns) {
      const at = names.indexOf(column);
      if (at >= 0) this.index.set(column, at);
    }
  }

  split(line: string, lineNo: number): string[] {
    const fields = stripLineEnd(line).split('\t');
    if (fields.length < this.width) {
      throw new TaxonomyFormatError(
        `truncated row: ${fields.length} of ${this.width} fields`,
        { file: this.file, line: lineNo, column: this.columnAt(fields.length) },
      );
    }
    if (fields.length > this.width) {
      throw new TaxonomyFormatError(
        `row has ${fields.length} fields, header has ${this.width} (stray tab?)`,
        { file: this.file, line: lineNo },
      );
    }
    return fields;
  }

  get(fields: readonly string[], column: C): string {
    const at = this.index.get(column);
    return at === undefined ? '' : (fields[at] ?? '').trim();
  }

  private columnAt(position: number): string | undefined {
    for (const [name, at] of this.index) if (at === position) return name;
    return undefined;
  }
}

function stripLineEnd(line: string): string {
  return line.endsWith('\r') ? line.slice(0, -1) : line;
}

function optional(value: string): string | undefined {
  return value === '' ? undefined : value;
}

/**
 * Incremental reader of `microorganisms.tsv`: feed it lines (header first) from a string
 * or a stream; it validates each row and collects typed taxa.
 */
export class MicroorganismsParser {
  readonly taxa: Taxon[] = [];
  private layout?: TsvLayout<MicroorganismsColumn>;
  private lineNo = 0;
  private readonly seenMo = new Map<string, number>();

  constructor(readonly file: string = MICROORGANISMS_FILE) {}

  push(line: string): void {
    this.lineNo += 1;
    if (!this.layout) {
      this.layout = new TsvLayout<MicroorganismsColumn>(line, MICROORGANISMS_COLUMNS, this.file, MICROORGANISMS_OPTIONAL_COLUMNS);
      return;
    }
    if (stripLineEnd(line) === '') return;
    this.taxa.push(this.row(this.layout, line));
  }

  finish(): Taxon[] {
    if (!this.layout) {
      throw new TaxonomyFormatError('file is empty (no header row)', { file: this.file, line: 1 });
    }
    return this.taxa;
  }

  private fail(problem: string, column?: string): never {
    throw new TaxonomyFormatError(problem, {
      file: this.file,
      line: this.lineNo,
      ...(column === undefined ? {} : { column }),
    });
  }

  private row(layout: TsvLayout<MicroorganismsColumn>, line: string): Taxon {
    const fields = layout.split(line, this.lineNo);
    const get = (column: MicroorganismsColumn) => layout.get(fields, column);

    const mo = get('mo');
    if (mo === '') this.fail('empty microorganism code', 'mo');
    const earlier = this.seenMo.get(mo);
    if (earlier !== undefined) this.fail(`microorganism code ${mo} already used on line ${earlier}`, 'mo');
    this.seenMo.set(mo, this.lineNo);

    const name = get('fullname');
    if (name === '') this.fail('empty name', 'fullname');

    const status = get('status');
    if (!STATUSES.has(status)) this.fail(`unknown status "${status}"`, 'status');
    const rank = get('rank');
    if (!RANKS.has(rank)) this.fail(`unknown rank "${rank}"`, 'rank');

    const prevalenceText = get('prevalence');
    const prevalence = Number(prevalenceText);
    if (prevalenceText === '' || !Number.isFinite(prevalence) || prevalence <= 0) {
      this.fail(`prevalence "${prevalenceText}" is not a positive number`, 'prevalence');
    }

    const id = (column: MicroorganismsColumn): string | undefined => {
      const value = get(column);
      if (value === '') return undefined;
      if (!NUMERIC_ID.test(value)) this.fail(`"${value}" is not a numeric id`, column);
      return value;
    };

    // The R export wrote at least one SNOMED id in scientific notation ("4.38e+08"), which has
    // lost digits and cannot be recovered; such ids are dropped rather than failing the import.
    const snomedText = get('snomed');
    // Dec 2022 joins SNOMED ids with ",", AMR 3.0.0 with "|".
    const snomed = snomedText === '' ? [] : snomedText.split(/[,|]/).map((s) => s.trim()).filter((s) => SNOMED_CODE.test(s));

    const lineage: Lineage = {};
    for (const column of LINEAGE_COLUMNS) {
      const value = optional(get(column));
      if (value !== undefined) lineage[column] = value;
    }

    const taxon: Taxon = {
      mo,
      name,
      status: status as TaxonStatus,
      rank: rank as TaxonRank,
      lineage,
      source: get('source'),
      prevalence,
      snomed,
      line: this.lineNo,
    };
    const author = optional(get('ref'));
    if (author !== undefined) taxon.author = author;
    const ids = {
      lpsnId: id('lpsn'),
      lpsnParentId: id('lpsn_parent'),
      lpsnRenamedTo: id('lpsn_renamed_to'),
      gbifId: id('gbif'),
      gbifParentId: id('gbif_parent'),
      gbifRenamedTo: id('gbif_renamed_to'),
      mycobankId: id('mycobank'),
      mycobankParentId: id('mycobank_parent'),
      mycobankRenamedTo: id('mycobank_renamed_to'),
    };
    const oxygen = optional(get('oxygen_tolerance'));
    if (oxygen !== undefined) taxon.oxygenTolerance = oxygen;
    for (const [key, value] of Object.entries(ids) as [keyof typeof ids, string | undefined][]) {
      if (value !== undefined) taxon[key] = value;
    }
    return taxon;
  }
}

/** Incremental reader of `microorganisms.codes.tsv` (code → microorganism code). */
export class TaxonCodesParser {
  readonly codes: TaxonCode[] = [];
  private layout?: TsvLayout<TaxonCodesColumn>;
  private lineNo = 0;
  private readonly seen = new Map<string, number>();

  constructor(readonly file: string = TAXON_CODES_FILE) {}

  push(line: string): void {
    this.lineNo += 1;
    if (!this.layout) {
      this.layout = new TsvLayout(line, TAXON_CODES_COLUMNS, this.file);
      return;
    }
    if (stripLineEnd(line) === '') return;
    const fields = this.layout.split(line, this.lineNo);
    const code = this.layout.get(fields, 'code');
    const mo = this.layout.get(fields, 'mo');
    const where = { file: this.file, line: this.lineNo };
    if (code === '') throw new TaxonomyFormatError('empty code', { ...where, column: 'code' });
    if (mo === '') throw new TaxonomyFormatError('empty microorganism code', { ...where, column: 'mo' });
    // Laboratory codes are case-insensitive in practice (WHONET writes "eco", LIS exports "ECO").
    const key = code.toUpperCase();
    const earlier = this.seen.get(key);
    // AMR 3.0.0 repeats one row verbatim (HACEK → B_HACEK twice): the same answer twice is harmless.
    if (earlier !== undefined && this.codes.find((c) => c.line === earlier)?.mo === mo) return;
    if (earlier !== undefined) {
      throw new TaxonomyFormatError(`code ${code} already defined on line ${earlier}`, {
        ...where,
        column: 'code',
      });
    }
    this.seen.set(key, this.lineNo);
    this.codes.push({ code, mo, line: this.lineNo });
  }

  finish(): TaxonCode[] {
    if (!this.layout) {
      throw new TaxonomyFormatError('file is empty (no header row)', { file: this.file, line: 1 });
    }
    return this.codes;
  }
}

function feed(text: string, parser: { push(line: string): void }): void {
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    parser.push(text.slice(start, end));
    start = end + 1;
  }
}

/** Parses the whole text of `microorganisms.tsv`. */
export function parseMicroorganisms(text: string, file: string = MICROORGANISMS_FILE): Taxon[] {
  const parser = new MicroorganismsParser(file);
  feed(text, parser);
  return parser.finish();
}

/** Parses the whole text of `microorganisms.codes.tsv`. */
export function parseTaxonCodes(text: string, file: string = TAXON_CODES_FILE): TaxonCode[] {
  const parser = new TaxonCodesParser(file);
  feed(text, parser);
  return parser.finish();
}
