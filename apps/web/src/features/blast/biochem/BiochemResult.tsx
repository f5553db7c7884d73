import { Alert, Grid, Table, Tag, type TableColumnsType } from 'antd';
import { QUALITY_THRESHOLDS, UNACCEPTABLE_TYPICITY, biochemHistoryCall, biochemStatement, biochemTest, taxonNameParts, type BiochemCandidate, type QualityLevel, type TestComparison } from '@mdc/core/identify/biochem';
import { biochemMatrixSource } from '@mdc/contracts';
import { LocaleLink } from '../../../components/LocaleLink';
import { useLocale } from '../../../lib/i18n/hooks';
import type { TaskDetail } from '../api';
import { CallName, ClosestSpecies, NextStep, taxonPath } from '../components/bits';
import { fmt } from '../texts';
import type { BiochemReport } from './api';
import { noNextTestReason } from './entry';
import { useBiochemTexts } from './texts';
import { chartLabel, chartTaxon } from './chart-label';

export const LEVEL_COLOURS: Record<QualityLevel, string> = {
  excellent: 'green',
  'very good': 'green',
  good: 'cyan',
  acceptable: 'gold',
  'low discrimination': 'orange',
  unacceptable: 'red',
};

/** A taxon name with its Latin parts in italics ("Salmonella enterica subsp. arizonae", "Salmonella Typhi"). */
export function TaxonName({ name, testId }: { name: string; testId?: string }) {
  return (
    <span className="mdc-bc-taxon" data-testid={testId} data-taxon={name}>
      {taxonNameParts(name).map((part, i) => (part.italic ? <i key={i}>{part.text}</i> : <span key={i}>{part.text}</span>))}
    </span>
  );
}

/** A taxon name linked to the search of the portal (the matrix knows no taxon ids). */
function TaxonLink({ name, testId }: { name: string; testId?: string }) {
  return (
    <LocaleLink to={taxonPath(name.replace(/\s*\(.*\)\s*$/, ''), null)} className="mdc-blast-species">
      <TaxonName name={name} testId={testId} />
    </LocaleLink>
  );
}

/** The quality label of a result (never of each candidate); `text` for a label of a claim above the species ("… to the genus"). */
export function QualityTag({ level, text }: { level: QualityLevel; text?: string }) {
  const bx = useBiochemTexts();
  return (
    <Tag color={LEVEL_COLOURS[level]} data-testid="quality-tag" data-level={level}>
      {text ?? bx.levels[level]}
    </Tag>
  );
}

const percent = (value: number) => (value >= 99.95 ? '99.9' : value < 0.05 ? '<0.1' : value.toFixed(1));

/** White to deep blue as the % positive rises. */
function shade(p: number | undefined): { fill: string; ink: string } {
  if (p === undefined) return { fill: '#f5f5f5', ink: '#8c8c8c' };
  const f = Math.max(0, Math.min(1, p / 100));
  const mix = (a: number, b: number) => Math.round(a + (b - a) * f);
  return { fill: `rgb(${mix(255, 22)},${mix(255, 80)},${mix(255, 150)})`, ink: f > 0.55 ? '#fff' : '#262626' };
}

/** The reaction a taxon is expected to give: + (≥ 85 %), – (≤ 15 %) or v (variable), as identification tables print it. */
function expectedSign(p: number | undefined): string {
  if (p === undefined) return '?';
  return p >= 85 ? '+' : p <= 15 ? '–' : 'v';
}

/**
 * Each counted test: the reaction entered, and below it the % positive of each leading candidate,
 * the tests against framed in red. Wide screens read the tests across like a strip; phones read
 * them down, one test a row.
 */
export function ProfileChart({ candidates, vertical }: { candidates: BiochemCandidate[]; vertical: boolean }) {
  const bx = useBiochemTexts();
  const locale = useLocale();
  const rows = candidates.slice(0, 4);
  const tests = rows[0]?.tests ?? [];
  if (!tests.length) return null;
  const cellOf = (c: BiochemCandidate, code: string): TestComparison | undefined => c.tests.find((t) => t.code === code);

  const enteredCell = (t: TestComparison, x: number, y: number, w: number, h: number) => (
    <g key={`e-${t.code}`} data-testid="chart-entered" data-code={t.code} data-reaction={t.entered}>
      <rect x={x + 1} y={y + 1} width={w - 2} height={h - 2} rx="3" fill={t.entered === '+' ? '#389e0d' : '#fff'} stroke="#bfbfbf" />
      <text x={x + w / 2} y={y + h / 2 + 5} textAnchor="middle" fontSize="14" fontWeight="600" fill={t.entered === '+' ? '#fff' : '#262626'}>
        {t.entered === '+' ? '+' : '–'}
      </text>
    </g>
  );
  const taxonCell = (c: BiochemCandidate, code: string, x: number, y: number, w: number, h: number) => {
    const t = cellOf(c, code);
    const colour = shade(t?.percentPositive);
    return (
      <g key={`${c.rank}-${code}`} data-testid="chart-cell" data-code={code} data-rank={c.rank} data-against={t?.against ? 'true' : 'false'}>
        <rect x={x + 1} y={y + 1} width={w - 2} height={h - 2} rx="3" fill={colour.fill} />
        {t?.against && <rect x={x + 2} y={y + 2} width={w - 4} height={h - 4} rx="3" fill="none" stroke="#cf1322" strokeWidth="2.5" />}
        <text x={x + w / 2} y={y + h / 2 + 4} textAnchor="middle" fontSize="11" fill={colour.ink}>
          {t?.percentPositive === undefined ? '?' : Math.round(t.percentPositive)}
        </text>
      </g>
    );
  };

  if (vertical) {
    const codeWidth = 70;
    const col = 54;
    const h = 24;
    const head = 26;
    const width = codeWidth + col * (rows.length + 1);
    const height = head + tests.length * h + 4;
    return (
      <div className="mdc-bc-chart" data-testid="profile-chart" data-orientation="vertical">
        <ol className="mdc-bc-chart__legend">
          {rows.map((c) => (
            <li key={c.rank}>
              <b>#{c.rank}</b> <TaxonName name={chartTaxon(c, locale)} />
            </li>
          ))}
        </ol>
        <svg viewBox={`0 0 ${width} ${height}`} width="100%" role="img" aria-label={bx.result.picture}>
          <text x={codeWidth + col / 2} y={17} textAnchor="middle" fontSize="11" fill="#595959">
            {bx.result.entered}
          </text>
          {rows.map((c, i) => (
            <text key={c.rank} x={codeWidth + col * (i + 1) + col / 2} y={17} textAnchor="middle" fontSize="12" fontWeight="600" fill="#262626">
              #{c.rank}
            </text>
          ))}
          {tests.map((t, r) => {
            const y = head + r * h;
            return (
              <g key={t.code}>
                <text x={4} y={y + h / 2 + 4} fontSize="11" fill="#262626">
                  {t.code}
                </text>
                {enteredCell(t, codeWidth, y, col, h)}
                {rows.map((c, i) => taxonCell(c, t.code, codeWidth + col * (i + 1), y, col, h))}
              </g>
            );
          })}
        </svg>
      </div>
    );
  }

  const label = 230;
  const cell = 36;
  const h = 26;
  const head = 22;
  const perBlock = Math.ceil(tests.length / Math.ceil(tests.length / 24));
  const blocks: TestComparison[][] = [];
  for (let i = 0; i < tests.length; i += perBlock) blocks.push(tests.slice(i, i + perBlock));
  const blockHeight = head + h * (rows.length + 1) + 12;
  const width = label + cell * perBlock;
  return (
    <div className="mdc-bc-chart" data-testid="profile-chart" data-orientation="horizontal">
      <svg viewBox={`0 0 ${width} ${blockHeight * blocks.length}`} width="100%" style={{ maxWidth: width }} role="img" aria-label={bx.result.picture}>
        {blocks.map((block, b) => {
          const top = b * blockHeight;
          return (
            <g key={b}>
              {block.map((t, i) => (
                <text key={t.code} x={label + i * cell + cell / 2} y={top + 15} textAnchor="middle" fontSize="10" fill="#595959">
                  {t.code}
                </text>
              ))}
              <text x={label - 10} y={top + head + h / 2 + 4} textAnchor="end" fontSize="12" fill="#595959">
                {bx.result.entered}
              </text>
              {block.map((t, i) => enteredCell(t, label + i * cell, top + head, cell, h))}
              {rows.map((c, r) => {
                const y = top + head + (r + 1) * h;
                const parts = taxonNameParts(chartLabel(chartTaxon(c, locale)));
                return (
                  <g key={c.rank}>
                    <text x={label - 10} y={y + h / 2 + 4} textAnchor="end" fontSize="12" fill="#262626" data-testid="profile-chart-taxon">
                      <title>{c.taxon}</title>
                      {parts.map((p, i) => (
                        <tspan key={i} fontStyle={p.italic ? 'italic' : 'normal'}>
                          {p.text}
                        </tspan>
                      ))}
                    </text>
                    {block.map((t, i) => taxonCell(c, t.code, label + i * cell, y, cell, h))}
                  </g>
                );
              })}
            </g>
          );
        })}
      </svg>
    </div>
  );
}

const sign = (r: '+' | '-') => (r === '+' ? '+' : '–');

function Against({ tests }: { tests: TestComparison[] }) {
  const bx = useBiochemTexts();
  if (!tests.length) return <span className="mdc-blast-muted">{bx.result.noAgainst}</span>;
  return (
    <span className="mdc-bc-against">
      {tests.map((t) => (
        <Tag key={t.code} color="red" bordered={false} data-testid="test-against">
          {t.code}
          {sign(t.entered)} {t.percentPositive === undefined ? '?' : Math.round(t.percentPositive)}%
        </Tag>
      ))}
    </span>
  );
}

export function BiochemResult({ task }: { task: TaskDetail }) {
  const bx = useBiochemTexts();
  const locale = useLocale();
  const screens = Grid.useBreakpoint();
  const report = task.biochem as BiochemReport | null | undefined;
  if (task.status === 'running' || !report) return null;
  const id = report.identification;
  const call = id.call;
  // What the result claims, as history, CSV, PDF and command line state it.
  const statement = biochemStatement(id);
  const claimed = biochemHistoryCall(statement);
  const r = bx.result;
  const vertical = screens.md === false;

  const columns: TableColumnsType<BiochemCandidate> = [
    { title: r.columns.rank, dataIndex: 'rank', width: 44 },
    {
      title: r.columns.taxon,
      dataIndex: 'taxon',
      render: (taxon: string, c) => (
        <div>
          <TaxonLink name={taxon} testId="candidate-taxon" />
          {c.zh && <div className="mdc-blast-muted mdc-blast-small">{c.zh}</div>}
        </div>
      ),
    },
    { title: r.columns.percentId, dataIndex: 'percentId', width: 76, render: (v: number) => <span data-testid="candidate-percent">{percent(v)}</span> },
    { title: r.columns.typicity, dataIndex: 'typicity', width: 60, render: (v: number) => v.toFixed(2) },
    { title: r.columns.against, key: 'against', render: (_: unknown, c) => <Against tests={c.testsAgainst} />, responsive: ['md'] },
  ];

  const pool = id.nextTests[0]?.expected.map((e) => e.taxon) ?? [];
  const nextColumns: TableColumnsType<(typeof id.nextTests)[number]> = [
    {
      title: r.nextColumns.test,
      key: 'test',
      width: vertical ? 120 : 260,
      render: (_: unknown, n) => (
        <span data-testid="next-test" data-code={n.code}>
          <b>{n.code}</b> <span className="mdc-blast-muted">{n.name[locale]}</span>
        </span>
      ),
    },
    ...pool.map((taxon, i) => ({
      // On a phone the candidates are named by rank, as in the picture's legend above.
      title: vertical ? `#${id.candidates.find((c) => c.taxon === taxon)?.rank ?? i + 1}` : <TaxonName name={taxon} />,
      key: `t${i}`,
      width: vertical ? 64 : 130,
      render: (_: unknown, n: (typeof id.nextTests)[number]) => {
        const p = n.expected.find((e) => e.taxon === taxon)?.percentPositive;
        const s = expectedSign(p);
        return (
          <span className={`mdc-bc-expected is-${s === '+' ? 'pos' : s === '–' ? 'neg' : 'var'}`} data-testid="next-expected">
            {s} <span className="mdc-blast-muted">{p === undefined ? '' : `${Math.round(p)}%`}</span>
          </span>
        );
      },
    })),
    { title: r.nextColumns.gain, dataIndex: 'informationBits', width: 90, render: (v: number) => fmt(r.bits, { b: v.toFixed(2) }), responsive: ['md'] },
  ];

  const headline = id.headline;
  const notes: { key: string; text: string }[] = [];
  if (id.impliedByGroup.length) notes.push({ key: 'implied', text: fmt(r.implied, { codes: id.impliedByGroup.join(', ') }) });
  const complexMembers = call.complex ? id.candidates.filter((c) => c.complex === call.complex && c.percentId >= 0.1).map((c) => c.taxon) : [];
  if (call.complex && complexMembers.length > 1) notes.push({ key: 'complex', text: fmt(r.complexNote, { name: call.complex, members: complexMembers.join(', ') }) });
  // Only worth saying when the primary tests lean away from the panel without ruling it out.
  if (id.primaryFit && !id.primaryFit.outsidePanel && id.primaryFit.inPanelPercent < 50) {
    notes.push({ key: 'primary', text: fmt(r.primaryFit, { pct: `${id.primaryFit.inPanelPercent.toFixed(1)}%`, taxon: id.primaryFit.best.taxon, best: `${id.primaryFit.best.percentId.toFixed(1)}%` }) });
  }

  return (
    <>
      <section className={`mdc-bc-call is-${(statement.level ?? 'group').replace(' ', '-')}`} data-testid="biochem-call" data-level={statement.level ?? statement.rank} data-rank={statement.rank}>
        <div className="mdc-bc-call__head">
          <span className="mdc-bc-call__label">{r.call}</span>
          {statement.level && statement.label ? (
            <QualityTag level={statement.level} text={statement.label[locale]} />
          ) : (
            <Tag data-testid="quality-tag" data-level="species-group">
              {r.groupLevel}
            </Tag>
          )}
        </div>
        {headline?.kind === 'unacceptable' ? (
          <>
            <h2 className="mdc-bc-call__name" data-testid="biochem-call-name">
              {headline.name[locale]}
            </h2>
            <p className="mdc-bc-call__zh" data-testid="biochem-nearest">
              {r.nearest} <TaxonName name={call.taxon} /> {call.zh && locale === 'zh' ? `（${call.zh}）` : ''}
            </p>
          </>
        ) : headline && (headline.kind === 'complex' || headline.kind === 'morphology-group') ? (
          <>
            <h2 className="mdc-bc-call__name" data-testid="biochem-call-name">
              {headline.kind === 'complex' ? <TaxonName name={headline.name.en} /> : headline.name[locale]}
            </h2>
            {locale === 'zh' && <p className="mdc-bc-call__zh">{headline.kind === 'complex' ? headline.name.zh : headline.name.en}</p>}
            <p className="mdc-blast-muted mdc-blast-small" data-testid="biochem-group-members">
              {r.members}{' '}
              {(headline.members ?? []).map((m, i) => (
                <span key={m}>
                  {i > 0 && ', '}
                  <TaxonName name={m} />
                </span>
              ))}
            </p>
            <Alert type="info" showIcon className="mdc-bc-note" message={headline.settles?.[locale]} data-testid="biochem-settles" />
          </>
        ) : statement.rank === 'genus' ? (
          <>
            <h2 className="mdc-bc-call__name">
              <CallName call={claimed} testId="biochem-call-name" />
            </h2>
            <p className="mdc-bc-call__zh">
              <ClosestSpecies call={claimed} />
            </p>
          </>
        ) : (
          <>
            <h2 className="mdc-bc-call__name">
              <TaxonName name={call.taxon} testId="biochem-call-name" />
            </h2>
            {call.zh && <p className="mdc-bc-call__zh">{call.zh}</p>}
            {headline?.kind === 'presumptive' && <Alert type="warning" showIcon className="mdc-bc-note" message={headline.settles?.[locale]} data-testid="biochem-settles" />}
          </>
        )}
        {statement.level === null && <p className="mdc-blast-muted mdc-blast-small" data-testid="biochem-group-no-label">{r.groupNoLabel}</p>}
        {/* A complex or a morphology group says what settles it above; a genus is told the next method here. */}
        {headline?.kind !== 'morphology-group' && headline?.kind !== 'complex' && <NextStep method={task.method === 'morphology' ? 'morphology' : 'biochem'} call={claimed} />}
        <dl className="mdc-bc-call__figures">
          {statement.percentId !== null && (
            <div>
              <dt>{r.percentId}</dt>
              <dd data-testid="biochem-call-percent">{percent(statement.percentId)}</dd>
            </div>
          )}
          {statement.typicity !== null && (
            <div>
              <dt>{r.typicity}</dt>
              <dd data-testid="biochem-call-t">{statement.typicity.toFixed(2)}</dd>
            </div>
          )}
          <div>
            <dt>{r.panel}</dt>
            <dd>{report.panel.name[locale]}</dd>
          </div>
          {report.profile && (
            <div>
              <dt>{r.profile}</dt>
              <dd className="mdc-blast-mono" data-testid="biochem-call-profile">
                {report.profile}
              </dd>
            </div>
          )}
        </dl>
        {call.synonyms.length > 0 && (
          <p className="mdc-blast-muted mdc-blast-small">
            {r.synonyms}: {call.synonyms.map((s, i) => (
              <span key={s}>
                {i > 0 && ', '}
                <TaxonName name={s} />
              </span>
            ))}
          </p>
        )}
        {id.groupCall && statement.rank === 'species' && (
          <p data-testid="biochem-group-call">
            <Tag color={LEVEL_COLOURS[id.groupCall.level]}>{r.groupCall[id.groupCall.kind]}</Tag>
            {fmt(r.groupCallText, { name: id.groupCall.name, pct: percent(id.groupCall.percentId), label: bx.levels[id.groupCall.level], members: id.groupCall.members.join(', ') })}
          </p>
        )}
        {call.testsAgainst.length > 0 && (
          <p>
            {r.against}: <Against tests={call.testsAgainst} />
          </p>
        )}
        {call.note && <Alert type="error" showIcon className="mdc-bc-note" message={call.note[locale]} data-testid="biochem-outside-panel" />}
      </section>

      <section className="mdc-bc-result-section" data-testid="biochem-picture">
        <h2>{r.picture}</h2>
        <ProfileChart candidates={id.candidates} vertical={vertical} />
        <p className="mdc-blast-muted mdc-blast-small">{r.pictureNote}</p>
      </section>

      <section className="mdc-bc-result-section" data-testid="biochem-candidates">
        <h2>{r.candidates}</h2>
        <Table<BiochemCandidate>
          rowKey="taxon"
          size="small"
          columns={columns}
          dataSource={headline?.kind === 'morphology-group' ? id.candidates.slice(1) : id.candidates}
          pagination={false}
          scroll={{ x: true }}
          onRow={(c) => ({ 'data-testid': 'candidate-row', 'data-rank': c.rank }) as object}
        />
      </section>

      <section className="mdc-bc-result-section" data-testid="biochem-next-tests">
        <h2>{r.nextTests}</h2>
        {id.nextTests.length === 0 ? (
          <p data-testid="no-next-tests">{{ unacceptable: r.noNextTestsUnacceptable, stands: r.noNextTests, inseparable: r.noNextTestsFound, group: r.noNextTestsGroup }[noNextTestReason(statement.level)]}</p>
        ) : (
          <>
            <p className="mdc-blast-muted">{r.nextTestsLead}</p>
            <Table rowKey="code" size="small" columns={nextColumns} dataSource={id.nextTests} pagination={false} scroll={{ x: true }} />
          </>
        )}
      </section>

      <section className="mdc-bc-result-section" data-testid="biochem-reactions">
        <h2>{r.reactions}</h2>
        <p className="mdc-bc-reactions">
          {report.reactions.map((x) => (
            <Tag key={x.code} color={x.reaction === '+' ? 'green' : 'default'} title={biochemTest(x.code)?.name[locale]} data-testid="entered-reaction" data-code={x.code}>
              {x.code} {sign(x.reaction)}
            </Tag>
          ))}
        </p>
        {notes.length > 0 && (
          <div data-testid="biochem-notes">
            <h3>{r.notes}</h3>
            <ul>
              {notes.map((n) => (
                <li key={n.key} data-testid={`biochem-note-${n.key}`}>
                  {n.text}
                </li>
              ))}
            </ul>
          </div>
        )}
      </section>

      <section className="mdc-blast-definition" data-testid="biochem-definition">
        <h2>{r.definition}</h2>
        <p>{r.definitionText}</p>
        <h3>{r.qualityTitle}</h3>
        <ul>
          {QUALITY_THRESHOLDS.map((q) => (
            <li key={q.level}>{fmt(r.quality, { label: bx.levels[q.level], pct: q.percentId, t: q.typicity })}</li>
          ))}
          <li>{fmt(r.qualityLow, { label: bx.levels['low discrimination'] })}</li>
          <li>{fmt(r.qualityUnacceptable, { label: bx.levels.unacceptable, t: UNACCEPTABLE_TYPICITY.toFixed(2) })}</li>
        </ul>
        <p className="mdc-blast-definition__source">{fmt(r.source, { source: biochemMatrixSource(report.matrix.id, report.matrix.source, locale) })}</p>
      </section>
    </>
  );
}
