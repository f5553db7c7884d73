import { createWriteStream, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { Writable } from 'node:stream';
import type { AstResult } from '@mdc/core/ast';
import { toLocale, type Locale } from '@mdc/contracts';
import { findRefdataDir } from '@mdc/refdata/datadir';
import { csvLine, emptySummary, interpretFile, outputCells, outputHeader, tsvLine } from './batch';
import { breakpointText } from './catalog';
import { openIsolateFile, parseGuidelineText, IsolateFileError } from './isolate-file';
import { loadConfig } from '../config';
import { knowledgeFromTables, type LabKnowledge } from './knowledge';
import { astTablesOf } from './tables-cache';

const usage = `mdc interpret — interpret antimicrobial susceptibility results (CLSI, EUCAST)

One result:
  mdc interpret --guideline "EUCAST 2022" --organism "Escherichia coli" --antibiotic AMP \\
                --method MIC --value 16 [--site meningitis] [--potency 10] [--json] [--lang zh]

A file:
  mdc interpret --input cases.tsv [--output result.tsv] [--guideline "CLSI 2021"] [--lang zh]

  The file is either a table with the columns guideline, organism, antibiotic, method (MIC or
  DISK), value and optionally site, potency and isolate (rows of one isolate are interpreted
  together, so expert rules see all its drugs) — written back with three added columns
  interpretation, breakpoint, reason — or a WHONET isolate file (ROW_IDX|ORGANISM|AMP_ND10|…),
  written out one row per result. Tab, comma, semicolon or pipe separated; "-" reads standard input.
  A row that cannot be interpreted gets an empty interpretation and the reason; the file goes on.
  --output FILE.csv writes CSV (UTF-8 with BOM, for Excel), any other name tab-separated text.

Options:
  --guideline G     CLSI or EUCAST, optionally with the year ("EUCAST 2022"); default CLSI, latest year
  --year YYYY       the guideline version year (default: the latest in the data)
  --site S          site of infection, or the specimen it was isolated from: blood (or systemic),
                    urine (uti), CSF (meningitis), sputum, wound, stool, oral, screening… (also in
                    Chinese: 血液, 尿液, 脑脊液, 痰…). A breakpoint for another site only (uUTI,
                    meningitis, oral, screening) is not applied: "no breakpoint for this site".
                    Files: a site column, else the specimen type (WHONET SPEC_TYPE bl, ur, cf, sp…)
  --potency P       disk content for disk diffusion ("10", "30µg")
  --no-rules        no expert rules across the drugs of an isolate (files only)
  --breakpoints-only  the breakpoint's category alone: no expert rules and no expected
                    (intrinsic) resistance, as the AMR package's as.sir() answers
  --lang zh|en      language of the reasons (default en)
  --data DIR        reference data folder (default REFDATA_DIR or ../shared/data)
  --json            one result as JSON, with the breakpoint row and every note`;

function loadKnowledge(dataDir: string | undefined): LabKnowledge {
  const dir = dataDir ?? findRefdataDir();
  if (!dir) throw new UsageError('reference data folder not found: pass --data DIR or set REFDATA_DIR');
  return knowledgeFromTables(astTablesOf(dir, loadConfig().home), null);
}

class UsageError extends Error {}

const LABELS: Record<Locale, Record<'interpretation' | 'reason' | 'breakpoint' | 'organism' | 'antibiotic' | 'note' | 'original' | 'none', string>> = {
  en: { interpretation: 'interpretation', reason: 'reason', breakpoint: 'breakpoint', organism: 'organism', antibiotic: 'antibiotic', note: 'note', original: 'before rules', none: '(none)' },
  zh: { interpretation: '判读结果', reason: '判读依据', breakpoint: '折点', organism: '菌种', antibiotic: '抗菌药物', note: '说明', original: '规则修改前', none: '（无）' },
};

function describe(result: AstResult, knowledge: LabKnowledge, locale: Locale): string {
  const l = LABELS[locale];
  const lines = [`${l.interpretation}: ${result.category ?? l.none}`, `${l.reason}: ${result.explanation[locale]}`];
  const bp = result.breakpoint;
  if (bp) {
    const where = [`${bp.guideline} ${bp.year}`, bp.referenceTable, bp.site ?? '', bp.source ?? ''].filter(Boolean).join(', ');
    lines.push(`${l.breakpoint}: ${breakpointText(bp)} (${where})`);
  }
  if (result.organism) {
    const organism = knowledge.kb.organism(result.organism.code);
    const label = organism ? knowledge.kb.organisms.label(organism)[locale] : result.organism.name;
    const level = result.matchedLevel && bp ? `, ${result.matchedLevel} ${bp.organismCode}` : '';
    lines.push(`${l.organism}: ${label} (${result.organism.code}${level})`);
  }
  if (result.antibiotic) {
    const drug = knowledge.kb.antibiotic(result.antibiotic.code);
    lines.push(`${l.antibiotic}: ${drug ? knowledge.kb.antibiotics.label(drug)[locale] : result.antibiotic.name} (${result.antibiotic.code})`);
  }
  for (const note of result.notes) lines.push(`${l.note}: ${note[locale]}`);
  return lines.join('\n');
}

async function write(out: Writable, text: string): Promise<void> {
  if (!out.write(text)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
}

async function interpretOne(values: Record<string, string | boolean | undefined>, locale: Locale): Promise<void> {
  const missing = ['organism', 'antibiotic', 'value'].filter((k) => typeof values[k] !== 'string');
  if (missing.length) throw new UsageError(`missing --${missing.join(', --')}`);
  const knowledge = loadKnowledge(values.data as string | undefined);
  const guideline = typeof values.guideline === 'string' ? parseGuidelineText(values.guideline) : null;
  if (typeof values.guideline === 'string' && !guideline) throw new UsageError(`cannot read --guideline "${values.guideline}"`);
  const year = typeof values.year === 'string' ? Number(values.year) : guideline?.year;
  const result = knowledge.kb.interpret({
    organism: values.organism as string,
    antibiotic: values.antibiotic as string,
    value: values.value as string,
    ...(typeof values.method === 'string' ? { method: values.method } : {}),
    ...(typeof values.potency === 'string' ? { diskPotency: values.potency } : {}),
    ...(guideline ? { guideline: guideline.guideline } : {}),
    ...(year !== undefined ? { year } : {}),
    ...(typeof values.site === 'string' ? { site: values.site } : {}),
  });
  process.stdout.write(values.json ? JSON.stringify(result, null, 2) + '\n' : describe(result, knowledge, locale) + '\n');
  if (result.outcome === 'error') process.exitCode = 1;
}

async function interpretInput(values: Record<string, string | boolean | undefined>, locale: Locale): Promise<void> {
  const inputPath = values.input as string;
  const text = inputPath === '-' ? readFileSync(0, 'utf8') : readFileSync(inputPath, 'utf8');
  const started = performance.now();
  const knowledge = loadKnowledge(values.data as string | undefined);
  const loadedMs = performance.now() - started;
  const file = openIsolateFile(text);
  const guideline = typeof values.guideline === 'string' ? parseGuidelineText(values.guideline) : null;
  if (typeof values.guideline === 'string' && !guideline) throw new UsageError(`cannot read --guideline "${values.guideline}"`);
  const year = typeof values.year === 'string' ? Number(values.year) : guideline?.year;
  const outputPath = values.output as string | undefined;
  const csv = outputPath !== undefined && /\.csv$/i.test(outputPath);
  const line = csv ? csvLine : tsvLine;
  const out: Writable = outputPath ? createWriteStream(outputPath) : process.stdout;
  let buffer = (csv ? '\uFEFF' : '') + line(outputHeader(file, locale)) + '\n';
  const summary = emptySummary();
  const options = { ...(guideline ? { guideline: guideline.guideline } : {}), ...(year !== undefined ? { year } : {}), expertRules: values['no-rules'] !== true && values['breakpoints-only'] !== true, expectedResistance: values['breakpoints-only'] !== true };
  for (const rows of interpretFile(knowledge.kb, file, options, summary)) {
    for (const row of rows) buffer += line(outputCells(file, row, locale)) + '\n';
    if (buffer.length > 1 << 20) {
      await write(out, buffer);
      buffer = '';
    }
  }
  await write(out, buffer);
  if (outputPath) await new Promise<void>((resolve, reject) => (out as ReturnType<typeof createWriteStream>).end((error?: Error | null) => (error ? reject(error) : resolve())));
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.error(
    `${file.format} file: ${summary.isolates} isolates, ${summary.results} results (${summary.categories.none ?? 0} without interpretation) in ${seconds} s` +
      ` (reference data ${(loadedMs / 1000).toFixed(1)} s)${outputPath ? ` → ${outputPath}` : ''}`,
  );
}

/** `mdc interpret`: one result from the options, or a whole file; reads the data folder, no database. */
export async function runInterpretCommand(args: string[]): Promise<void> {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args,
      options: {
        guideline: { type: 'string' },
        year: { type: 'string' },
        organism: { type: 'string' },
        antibiotic: { type: 'string' },
        method: { type: 'string' },
        value: { type: 'string' },
        site: { type: 'string' },
        potency: { type: 'string' },
        input: { type: 'string' },
        output: { type: 'string' },
        lang: { type: 'string' },
        data: { type: 'string' },
        'no-rules': { type: 'boolean' },
        'breakpoints-only': { type: 'boolean' },
        json: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      allowPositionals: false,
    }));
  } catch (error) {
    console.error(`mdc interpret: ${(error as Error).message}\n\n${usage}`);
    process.exitCode = 2;
    return;
  }
  if (values.help) {
    console.log(usage);
    return;
  }
  const locale = toLocale(values.lang ?? 'en');
  try {
    if (typeof values.year === 'string' && !/^\d{4}$/.test(values.year)) throw new UsageError(`--year must be a year, got "${values.year}"`);
    if (typeof values.input === 'string') await interpretInput(values, locale);
    else await interpretOne(values, locale);
  } catch (error) {
    if (error instanceof UsageError || error instanceof IsolateFileError) {
      console.error(`mdc interpret: ${error.message}${error instanceof UsageError ? `\n\n${usage}` : ''}`);
      process.exitCode = 2;
      return;
    }
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'EACCES') {
      console.error(`mdc interpret: ${(error as Error).message}`);
      process.exitCode = 2;
      return;
    }
    throw error;
  }
}
