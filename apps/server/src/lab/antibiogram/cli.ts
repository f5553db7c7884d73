import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { AntibiogramBuilder, describeRules, type Antibiogram, type AntibiogramFilter, type AntibiogramRules, type FirstIsolateRule, type PatientSetting, type SusceptibleCount } from '@mdc/core/antibiogram';
import type { KnowledgeBase } from '@mdc/core/ast';
import { toLocale, tsvRow, type Locale } from '@mdc/contracts';
import { findRefdataDir } from '@mdc/refdata/datadir';
import { interpretFileIsolate, type BatchOptions } from '../batch';
import { isProblem, openIsolateFile, parseGuidelineText, IsolateFileError } from '../isolate-file';
import { loadConfig } from '../../config';
import { knowledgeFromTables } from '../knowledge';
import { astTablesOf } from '../tables-cache';
import { AntibiogramSpecies, antibiogramIsolate, OrganismResolver, reportingPolicy } from './from-file';

const usage = `mdc antibiogram — the cumulative antibiogram (CLSI M39) of a WHONET isolate file

  mdc antibiogram --input FILE [--period YYYY|all] [--guideline "CLSI 2025"] [--format tsv|json]

Output (TSV, one row per period × organism × drug; organisms by species, a subspecies counted
with its species): period, organism, organism_code, gram,
isolates (first isolates of the organism), drug (WHONET code), drug_name, n (first isolates
tested), susceptible, percent_s (0–100, one decimal; empty when n is below the minimum or the
cell is intrinsic resistance), cell (below-minimum | intrinsic), guidelines. The rules used,
the isolates left out and the drugs left out by reporting rules go to standard error.

Options:
  --period P          YYYY: that calendar year only; all: the whole file as one period
                      (default: one table per year of collection)
  --guideline G       interpret under this guideline and year (default: the file's own, newest year)
  --first RULE        patient (default: first isolate per patient per period), episode, all
  --episode-days N    episode length for --first episode (default 365)
  --min N             isolates needed for a percentage (default 30)
  --susceptible C     S (default), S+SDD, S+I (EUCAST susceptible, increased exposure)
  --include-screening count screening specimens too (default: diagnostic isolates only)
  --ward W            only these wards (comma-separated); also --specimen, --setting
                      (inpatient, outpatient, emergency)
  --format tsv|json   default tsv
  --lang zh|en        names and notes in this language (default en)
  --data DIR          reference data folder (default REFDATA_DIR or ../shared/data)`;

class UsageError extends Error {}

const FIRST: Record<string, FirstIsolateRule> = { patient: 'patient-period', 'patient-period': 'patient-period', episode: 'episode', all: 'all' };
const SUSCEPTIBLE: Record<string, SusceptibleCount> = { S: 'S', 'S+SDD': 'S+SDD', 'S+I': 'S+I' };

function wholeNumber(text: string | undefined, name: string, fallback: number): number {
  if (text === undefined) return fallback;
  if (!/^\d+$/.test(text) || Number(text) < 1) throw new UsageError(`--${name} must be a whole number ≥ 1, got "${text}"`);
  return Number(text);
}

const list = (text: string | undefined) => (text ? text.split(',').map((s) => s.trim()).filter(Boolean) : undefined);

export interface FileAntibiogram {
  antibiogram: Antibiogram;
  problems: number;
  isolates: number;
}

/** Interprets a file isolate by isolate and feeds the builder on the way: memory holds first isolates only. */
export function antibiogramOfFile(kb: KnowledgeBase, text: string, rules: Partial<AntibiogramRules>, filter: AntibiogramFilter, options: BatchOptions, onlyYear?: string): FileAntibiogram {
  const file = openIsolateFile(text);
  const builder = new AntibiogramBuilder(rules, filter, reportingPolicy(kb));
  const resolver = new OrganismResolver(kb);
  const species = new AntibiogramSpecies(kb);
  let seq = 0;
  let problems = 0;
  for (const entry of file.entries) {
    if (isProblem(entry)) {
      problems++;
      continue;
    }
    if (onlyYear && !(entry.context?.collectionDate ?? '').startsWith(onlyYear)) continue;
    builder.add(species.of(antibiogramIsolate(resolver, entry, interpretFileIsolate(kb, entry, options), seq++)));
  }
  return { antibiogram: builder.build(), problems, isolates: seq };
}

const GRAM_WORD = { '+': 'positive', '-': 'negative', '': '' } as const;

export const ANTIBIOGRAM_COLUMNS = ['period', 'organism', 'organism_code', 'gram', 'isolates', 'drug', 'drug_name', 'n', 'susceptible', 'percent_s', 'cell', 'guidelines'] as const;

/** One TSV row per period × organism × drug, in the order of the printed tables (Gram-negative first). */
export function antibiogramTsv(kb: KnowledgeBase, antibiogram: Antibiogram, locale: Locale): string {
  const drugName = (code: string) => {
    const drug = kb.antibiotic(code);
    return drug ? kb.antibiotics.label(drug)[locale] : code;
  };
  const lines = [tsvRow([...ANTIBIOGRAM_COLUMNS])];
  for (const table of antibiogram.tables) {
    for (const row of table.organisms) {
      for (const cell of row.cells) {
        lines.push(
          tsvRow([
            table.period,
            row.name[locale],
            row.organism,
            GRAM_WORD[row.gram],
            String(row.isolates),
            cell.drug,
            drugName(cell.drug),
            String(cell.n),
            String(cell.susceptible),
            cell.percent === null ? '' : cell.percent.toFixed(1),
            cell.intrinsic ? 'intrinsic' : cell.belowMinimum ? 'below-minimum' : '',
            cell.guidelines.join(', '),
          ]),
        );
      }
    }
  }
  return lines.join('\n') + '\n';
}

/** What was left out and why, for standard error (and the report's footnotes). */
export function antibiogramNotes(antibiogram: Antibiogram, locale: Locale): string[] {
  const c = antibiogram.counts;
  const notes = describeRules(antibiogram.rules).map((t) => t[locale]);
  notes.push(
    locale === 'zh'
      ? `收到 ${c.received} 株；筛查标本 ${c.screening}、筛选条件外 ${c.filtered}、无采集日期 ${c.undated}、重复株 ${c.repeats} 未计入；计入第一株 ${c.first}；无患者 ID ${c.withoutPatient} 株各自计为一位患者`
      : `${c.received} isolates received; left out: ${c.screening} screening, ${c.filtered} by the filters, ${c.undated} without a collection date, ${c.repeats} repeats; ${c.first} first isolates counted; ${c.withoutPatient} without a patient ID each counted as their own patient`,
  );
  for (const table of antibiogram.tables) {
    for (const s of table.suppressed) notes.push(`${table.period} ${s.organism} ${s.drug} (n ${s.n}): ${s.note[locale]}`);
  }
  return notes;
}

export async function runAntibiogramCommand(args: string[]): Promise<void> {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args,
      options: {
        input: { type: 'string' },
        period: { type: 'string' },
        guideline: { type: 'string' },
        format: { type: 'string' },
        first: { type: 'string' },
        'episode-days': { type: 'string' },
        min: { type: 'string' },
        susceptible: { type: 'string' },
        'include-screening': { type: 'boolean' },
        ward: { type: 'string' },
        specimen: { type: 'string' },
        setting: { type: 'string' },
        lang: { type: 'string' },
        data: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      allowPositionals: false,
    }));
  } catch (error) {
    console.error(`mdc antibiogram: ${(error as Error).message}\n\n${usage}`);
    process.exitCode = 2;
    return;
  }
  if (values.help) {
    console.log(usage);
    return;
  }
  const locale = toLocale((values.lang as string | undefined) ?? 'en');
  try {
    if (typeof values.input !== 'string') throw new UsageError('missing --input FILE');
    const format = (values.format as string | undefined) ?? 'tsv';
    if (format !== 'tsv' && format !== 'json') throw new UsageError(`--format must be tsv or json, got "${format}"`);
    const period = values.period as string | undefined;
    if (period !== undefined && period !== 'all' && !/^\d{4}$/.test(period)) throw new UsageError(`--period must be a year (YYYY) or all, got "${period}"`);
    const guideline = typeof values.guideline === 'string' ? parseGuidelineText(values.guideline) : null;
    if (typeof values.guideline === 'string' && !guideline) throw new UsageError(`cannot read --guideline "${values.guideline}"`);
    const first = FIRST[(values.first as string | undefined) ?? 'patient'];
    if (!first) throw new UsageError(`--first must be patient, episode or all, got "${values.first}"`);
    const susceptible = SUSCEPTIBLE[((values.susceptible as string | undefined) ?? 'S').toUpperCase()];
    if (!susceptible) throw new UsageError(`--susceptible must be S, S+SDD or S+I, got "${values.susceptible}"`);
    const settings = list(values.setting as string | undefined);
    const wrongSetting = settings?.find((s) => !['inpatient', 'outpatient', 'emergency'].includes(s));
    if (wrongSetting) throw new UsageError(`--setting must be inpatient, outpatient or emergency, got "${wrongSetting}"`);
    const rules: Partial<AntibiogramRules> = {
      firstIsolate: first,
      episodeDays: wholeNumber(values['episode-days'] as string | undefined, 'episode-days', 365),
      minIsolates: wholeNumber(values.min as string | undefined, 'min', 30),
      susceptible,
      diagnosticOnly: values['include-screening'] !== true,
      period: period === 'all' ? 'all' : 'year',
    };
    const filter: AntibiogramFilter = {
      ...(list(values.ward as string | undefined) ? { ward: list(values.ward as string)! } : {}),
      ...(list(values.specimen as string | undefined) ? { specimenType: list(values.specimen as string)! } : {}),
      ...(settings ? { setting: settings as PatientSetting[] } : {}),
    };
    const text = values.input === '-' ? readFileSync(0, 'utf8') : readFileSync(values.input, 'utf8');
    const started = performance.now();
    const dir = (values.data as string | undefined) ?? findRefdataDir();
    if (!dir) throw new UsageError('reference data folder not found: pass --data DIR or set REFDATA_DIR');
    const { kb } = knowledgeFromTables(astTablesOf(dir, loadConfig().home), null);
    const options: BatchOptions = { ...(guideline ? { guideline: guideline.guideline } : {}), ...(guideline?.year ? { year: guideline.year } : {}) };
    const result = antibiogramOfFile(kb, text, rules, filter, options, period && period !== 'all' ? period : undefined);
    const notes = antibiogramNotes(result.antibiogram, locale);
    if (format === 'json') {
      process.stdout.write(JSON.stringify({ ...result.antibiogram, statements: describeRules(result.antibiogram.rules), problems: result.problems }, null, 1) + '\n');
    } else {
      process.stdout.write(antibiogramTsv(kb, result.antibiogram, locale));
    }
    for (const note of notes) console.error(note);
    if (result.problems) console.error(locale === 'zh' ? `${result.problems} 行无法读取（已跳过）` : `${result.problems} rows could not be read (skipped)`);
    console.error(`${((performance.now() - started) / 1000).toFixed(1)} s`);
  } catch (error) {
    if (error instanceof UsageError || error instanceof IsolateFileError || error instanceof RangeError) {
      console.error(`mdc antibiogram: ${error.message}${error instanceof UsageError ? `\n\n${usage}` : ''}`);
      process.exitCode = 2;
      return;
    }
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'EACCES' || code === 'EISDIR') {
      console.error(`mdc antibiogram: ${(error as Error).message}`);
      process.exitCode = 2;
      return;
    }
    throw error;
  }
}
