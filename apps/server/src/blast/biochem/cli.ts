import { readFileSync, statSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  BIOCHEM_PANELS,
  BiochemInputError,
  biochemErrors,
  biochemHistoryCall,
  biochemList,
  biochemStatement,
  biochemTest,
  panelCode,
  checkBiochemRequest,
  identifyBiochemRequest,
  panelById,
  parseReaction,
  type BiochemField,
  type BiochemIdentification,
  type BiochemPanel,
  type Reaction,
} from '@mdc/core/identify/biochem';
import { callHeadline } from '@mdc/core/identify';
import { BiochemFileError, readBiochemMatrices } from '@mdc/refdata/biochem';

const usage = `mdc identify --method biochem — identify an isolate from biochemical reactions

Usage:
  mdc identify --method biochem --query FILE [--format tsv|json] [--top N]
  mdc identify --method biochem --panel API20E --profile 5144572 [--reactions "GRAM=-,…"] [--format tsv|json] [--top N]
  mdc identify --method biochem --panel conventional|primary --reactions "IND=+,VP=-,…" [--format tsv|json] [--top N]

  --query      TSV file, header: id, panel (API20E, conventional, primary), then either
               profile (the numerical profile) or one column per test code with +, - or empty
               (not done); both may be given, and primary tests (GRAM, CAT, OX, …) may be added
               to any panel to narrow its candidates
  --panel      API20E, conventional or primary, for one isolate
  --profile    numerical profile of the panel (API20E: 7 digits)
  --reactions  test=reaction list, e.g. "IND=+,VP=-,CIT=" (an empty reaction means not done)
  --format     tsv (default): query rank species probability t_index level complex
               tests_against closest — rank 1 the call, then the candidates; json: the full
               results with next tests
  --top        candidates per isolate (default 5)

Rank 1 is what the result claims: a species, a complex, a genus ("Citrobacter sp." when only the
genus earns a label; its best species under closest), the group morphology cannot split
(coagulase-positive staphylococci: level species-group, no %ID — its matrix row's %ID is that of
S. aureus, not the group's), or nothing for an unacceptable profile (its nearest taxon under
closest). probability is the %ID (0–100), t_index the typicity T (0–1), level the APIweb quality
label of the call (excellent, very good, good, acceptable, low discrimination, unacceptable); the
candidates below carry their %ID and no label: the label belongs to the result.`;

/** Fails with a message and exit code 2, the way command-line tools say "wrong usage". */
class UsageError extends Error {}

export interface BiochemQuery {
  id: string;
  panel: BiochemPanel;
  reactions: Record<string, Reaction>;
  profile?: string;
}

const lineField = (file: string, line: number): BiochemField => ({ en: `${file} line ${line}`, zh: `${file} 第 ${line} 行` });

/**
 * Reads a query TSV completely before anything is identified: a bad cell stops the run with its
 * line and column, and nothing is written.
 */
export function parseBiochemQueryTsv(text: string, file: string): BiochemQuery[] {
  const lines = text.replace(/^\ufeff/, '').split(/\r?\n/);
  let header: string[] | undefined;
  const queries: BiochemQuery[] = [];
  const ids = new Set<string>();
  lines.forEach((raw, i) => {
    if (raw.trim() === '' || raw.startsWith('#')) return;
    const line = i + 1;
    const cells = raw.split('\t').map((c) => c.trim());
    if (!header) {
      header = cells;
      if (header[0]?.toLowerCase() !== 'id' || header[1]?.toLowerCase() !== 'panel') {
        throw new BiochemInputError('unknown-test', `${file} line ${line}`, {
          en: `${file} line ${line}: the header must start with the columns id and panel.`,
          zh: `${file} 第 ${line} 行：表头必须以 id 和 panel 两列开始。`,
        });
      }
      const seen = new Set<string>();
      for (const name of header.slice(2)) {
        if (name.toLowerCase() === 'profile') continue;
        const test = biochemTest(name);
        if (!test) throw biochemErrors.unknownTest(lineField(file, line), name);
        if (seen.has(test.code)) throw biochemErrors.duplicateTest(lineField(file, line), test.code);
        seen.add(test.code);
      }
      return;
    }
    if (cells.length > header.length) {
      throw new BiochemInputError('bad-reaction', `${file} line ${line}`, {
        en: `${file} line ${line}: ${cells.length} cells where the header has ${header.length}.`,
        zh: `${file} 第 ${line} 行：有 ${cells.length} 个单元格，而表头只有 ${header.length} 列。`,
      });
    }
    const where = (column: string): BiochemField => ({ en: `${file} line ${line}, column ${column}`, zh: `${file} 第 ${line} 行 ${column} 列` });
    const id = cells[0] ?? '';
    if (!id) {
      throw new BiochemInputError('no-reactions', `${file} line ${line}, column id`, { en: `${file} line ${line}, column id: the isolate has no id.`, zh: `${file} 第 ${line} 行 id 列：菌株缺少编号。` });
    }
    if (ids.has(id)) {
      throw new BiochemInputError('duplicate-test', `${file} line ${line}, column id`, { en: `${file} line ${line}, column id: id ${id} is used twice.`, zh: `${file} 第 ${line} 行 id 列：编号 ${id} 重复。` });
    }
    ids.add(id);
    const panel = panelById(cells[1] ?? '', where('panel'));
    let profile: string | undefined;
    const entries: Record<string, Reaction> = {};
    header.slice(2).forEach((name, j) => {
      const cell = cells[j + 2] ?? '';
      if (name.toLowerCase() === 'profile') {
        profile = cell;
        return;
      }
      const own = biochemTest(name)!.code;
      // A column of the same reaction under another panel's code (TDA for PDA) is read as the panel's.
      const code = panelCode(own, [...panel.tests, ...BIOCHEM_PANELS.primary.tests]) ?? own;
      const reaction = parseReaction(cell, code, where(name));
      if (reaction && entries[code] !== undefined) throw biochemErrors.duplicateTest(where(name), code);
      if (reaction) entries[code] = reaction;
    });
    for (const code of Object.keys(entries)) {
      if (!panel.tests.includes(code) && !BIOCHEM_PANELS.primary.tests.includes(code)) {
        throw biochemErrors.testNotInPanel(where(code), code, panel.id);
      }
    }
    const checked = checkBiochemRequest({ panel: panel.id, ...(profile === undefined ? {} : { profile }), reactions: entries }, {
      profile: where('profile'),
      reactions: lineField(file, line),
    });
    queries.push({ id, ...checked });
  });
  if (!header) {
    throw new BiochemInputError('no-reactions', file, { en: `${file}: the file is empty.`, zh: `${file}：文件为空。` });
  }
  if (queries.length === 0) {
    throw new BiochemInputError('no-reactions', file, { en: `${file}: no isolate below the header.`, zh: `${file}：表头下没有菌株。` });
  }
  return queries;
}


/** %ID with two decimals, never rounded up to 100 unless it is 100. */
function formatPercent(value: number): string {
  return (Math.floor(value * 100) / 100).toFixed(2);
}

/**
 * TSV: for each isolate, rank 1 is what the result claims — the species, a complex, the group
 * morphology cannot split, "Citrobacter sp." when only the genus earns a label, or nothing for an
 * unacceptable profile — with the label and %ID of that claim (none for a morphology group); the
 * candidates follow with their %ID and no label of their own.
 */
export function formatBiochemTsv(results: { query: BiochemQuery; result: BiochemIdentification }[]): string {
  const rows = ['query\trank\tspecies\tprobability\tt_index\tlevel\tcomplex\ttests_against\tclosest'];
  const against = (c: BiochemIdentification['candidates'][number] | null) =>
    (c?.testsAgainst ?? []).map((t) => `${t.code}${t.entered}(${t.percentPositive === undefined ? '?' : Math.round(t.percentPositive)}%)`).join(',');
  for (const { query, result } of results) {
    const statement = biochemStatement(result);
    for (const row of biochemList(result).slice(0, Math.max(1, result.candidates.length))) {
      const c = row.candidate;
      if (row.role === 'answer') {
        rows.push(
          [
            query.id,
            1,
            callHeadline(biochemHistoryCall(statement), 'en'),
            statement.percentId === null ? '' : formatPercent(statement.percentId),
            statement.typicity === null ? '' : statement.typicity.toFixed(2),
            statement.level ?? statement.rank,
            statement.rank === 'species' ? (c?.complex ?? '') : '',
            against(c),
            statement.closest ?? '',
          ].join('\t'),
        );
        continue;
      }
      rows.push([query.id, row.rank, c!.taxon, formatPercent(c!.percentId), c!.typicity.toFixed(2), '', c!.complex ?? '', against(c), ''].join('\t'));
    }
  }
  return rows.join('\n') + '\n';
}

export function formatBiochemJson(results: { query: BiochemQuery; result: BiochemIdentification }[]): string {
  return (
    JSON.stringify(
      results.map(({ query, result }) => ({ query: query.id, panel: query.panel.id, ...(query.profile ? { profile: query.profile } : {}), reactions: query.reactions, ...result })),
      null,
      2,
    ) + '\n'
  );
}

/** `mdc identify --method biochem`: identification by biochemical reactions, for people and for checks. */
export async function runBiochemIdentify(argv: string[]): Promise<void> {
  try {
    const { values } = parseArgs({
      args: argv,
      options: {
        method: { type: 'string' },
        query: { type: 'string' },
        panel: { type: 'string' },
        profile: { type: 'string' },
        reactions: { type: 'string' },
        format: { type: 'string', default: 'tsv' },
        top: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
    if (values.help) {
      console.log(usage);
      return;
    }
    if (values.method !== undefined && values.method !== 'biochem') throw new UsageError('--method must be biochem here');
    if (values.format !== 'tsv' && values.format !== 'json') throw new UsageError('--format must be tsv or json');
    const top = values.top === undefined ? 5 : Number(values.top);
    if (!Number.isInteger(top) || top < 1) throw new UsageError('--top must be a whole number ≥ 1');
    const single = values.panel !== undefined || values.profile !== undefined || values.reactions !== undefined;
    if (values.query !== undefined && single) throw new UsageError('give either --query FILE or --panel with --profile / --reactions, not both');
    if (values.query === undefined && !single) throw new UsageError('--query FILE, or --panel with --profile or --reactions, is required');

    let queries: BiochemQuery[];
    if (values.query !== undefined) {
      let text: string;
      try {
        if (!statSync(values.query).isFile()) throw new Error('not a file');
        text = readFileSync(values.query, 'utf8');
      } catch {
        throw new UsageError(`cannot read ${values.query}`);
      }
      queries = parseBiochemQueryTsv(text, values.query);
    } else {
      if (values.panel === undefined) throw new UsageError('--panel is required with --profile or --reactions');
      if (values.profile === undefined && values.reactions === undefined) throw new UsageError('--profile or --reactions is required with --panel');
      const checked = checkBiochemRequest(
        { panel: values.panel, ...(values.profile === undefined ? {} : { profile: values.profile }), ...(values.reactions === undefined ? {} : { reactions: values.reactions }) },
        { panel: '--panel', profile: '--profile', reactions: '--reactions' },
      );
      queries = [{ id: checked.profile ?? 'query', ...checked }];
    }
    const matrices = readBiochemMatrices();
    const results = queries.map((query) => ({ query, result: identifyBiochemRequest(query, matrices, { top }) }));
    const output = values.format === 'json' ? formatBiochemJson(results) : formatBiochemTsv(results);
    await new Promise<void>((resolve) => process.stdout.write(output, () => resolve()));
  } catch (error) {
    if (error instanceof BiochemInputError) {
      console.error(`mdc identify: ${error.text.en}`);
      console.error(`mdc identify: ${error.text.zh}`);
      process.exitCode = 2;
      return;
    }
    if (error instanceof UsageError || error instanceof BiochemFileError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      console.error(`mdc identify: ${(error as Error).message}`);
      if (!(error instanceof BiochemFileError)) console.error('see mdc identify --method biochem --help');
      process.exitCode = 2;
      return;
    }
    throw error;
  }
}
