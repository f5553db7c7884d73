import { Alert, Grid, Table, Tag, type TableColumnsType } from 'antd';
import type { GenomeHit } from '@mdc/core/identify/genome';
import { useLocale } from '../../../lib/i18n/hooks';
import type { TaskDetail } from '../api';
import { CallName, ClosestSpecies, ConfidenceTag, NextStep, SpeciesLink, percent } from '../components/bits';
import { fmt } from '../texts';
import type { GenomeReport } from './api';
import { GenomeResistance, type DrugLabel } from './GenomeResistance';
import { GenomeTyping } from './GenomeTyping';
import { useGenomeTexts } from './texts';

type Row = GenomeHit & { taxonId: string | null };

const LEVEL_CLASS = { species: 'is-species', genus: 'is-genus', none: 'is-none' } as const;

const mbp = (n: number) => (n / 1e6).toFixed(2);
const bp = (n: number) => n.toLocaleString('en');

/**
 * ANI of the closest references as bars against the species and genus lines: what a reviewer
 * reads first (how far the best is above 95 %, how close the next species comes). Drawn with
 * boxes rather than SVG so that at phone width the names wrap above their bars and stay legible.
 */
export function AniChart({ hits, species, genus, comparable, notComparable }: { hits: Row[]; species: number; genus: number; comparable: number; notComparable: string }) {
  const low = 75;
  const at = (ani: number) => `${((Math.max(low, Math.min(100, ani)) - low) / (100 - low)) * 100}%`;
  const band = (ani: number) => (ani >= species ? 'is-species' : ani >= genus ? 'is-genus' : 'is-below');
  return (
    <div className="mdc-genome-chart" role="img" aria-label="ANI" data-testid="ani-chart">
      {hits.slice(0, 10).map((h) => (
        <div key={h.referenceId} className="mdc-genome-chart__row" data-testid="ani-bar" data-ani={h.ani.toFixed(2)}>
          <span className="mdc-genome-chart__label">
            <i>{h.species}</i>
            <small>{h.strain}</small>
          </span>
          <span className="mdc-genome-chart__track">
            {h.ani >= comparable ? (
              <>
                <span className={`mdc-genome-chart__bar ${band(h.ani)}`} style={{ width: at(h.ani) }} />
                <span className="mdc-genome-chart__value">{h.ani.toFixed(2)}</span>
              </>
            ) : (
              <span className="mdc-genome-chart__value is-not-comparable" data-testid="ani-not-comparable">
                {notComparable}
              </span>
            )}
            <span className="mdc-genome-chart__line is-species" style={{ left: at(species) }} />
            <span className="mdc-genome-chart__line is-genus" style={{ left: at(genus) }} />
          </span>
        </div>
      ))}
      <div className="mdc-genome-chart__row mdc-genome-chart__axis" aria-hidden="true">
        <span className="mdc-genome-chart__label" />
        <span className="mdc-genome-chart__track">
          {[75, 80, 85, 90, 95, 100].map((tick) => (
            <span key={tick} className="mdc-genome-chart__tick" style={{ left: at(tick) }}>
              {tick}
            </span>
          ))}
        </span>
      </div>
    </div>
  );
}

export function GenomeResult({ task }: { task: TaskDetail }) {
  const gx = useGenomeTexts();
  const locale = useLocale();
  const report = task.genome as GenomeReport | null | undefined;
  const narrow = Grid.useBreakpoint().sm === false;
  if (task.status === 'running' || !report) return null;
  const { call, hits, qc, rrna, thresholds } = report;
  const r = gx.result;
  const complex = call.complex ?? null;
  const calledName = call.level === 'species' ? (complex?.name ?? call.species) : call.level === 'genus' ? call.genus : null;
  const comparable = thresholds.comparable ?? 78;
  const aniCell = (v: number) => (v >= comparable ? v.toFixed(2) : r.notComparable);

  const columns: TableColumnsType<Row> = [
    { title: r.columns.rank, dataIndex: 'rank', width: 48, sorter: (a, b) => a.rank - b.rank },
    {
      title: r.columns.species,
      dataIndex: 'species',
      render: (species: string, h) => <SpeciesLink species={species} taxonId={h.taxonId} testId="genome-hit-species" />,
    },
    { title: r.columns.strain, dataIndex: 'strain', ellipsis: true, responsive: ['md'] },
    {
      title: r.columns.ani,
      dataIndex: 'ani',
      width: 96,
      defaultSortOrder: 'descend',
      sorter: (a, b) => a.ani - b.ani,
      render: (v: number) => <span data-testid="genome-hit-ani">{aniCell(v)}</span>,
      onHeaderCell: () => ({ 'data-testid': 'sort-ani' }) as object,
    },
    {
      title: r.columns.queryAf,
      dataIndex: 'queryAf',
      width: 110,
      sorter: (a, b) => a.queryAf - b.queryAf,
      render: (v: number) => <span data-testid="genome-hit-af">{(100 * v).toFixed(1)}</span>,
      onHeaderCell: () => ({ 'data-testid': 'sort-af' }) as object,
    },
    { title: r.columns.referenceAf, dataIndex: 'referenceAf', width: 110, sorter: (a, b) => a.referenceAf - b.referenceAf, render: (v: number) => (100 * v).toFixed(1), responsive: ['md'] },
    { title: r.columns.fragments, key: 'fragments', width: 110, render: (_: unknown, h) => `${h.mappedFragments}/${h.queryFragments}`, responsive: ['lg'] },
  ];

  const s = qc.stats;
  return (
    <>
      <section className={`mdc-genome-call ${LEVEL_CLASS[call.level]}`} data-testid="genome-call" data-level={call.level}>
        <div className="mdc-genome-call__head">
          <span className="mdc-genome-call__label">{r.call}</span>
          <ConfidenceTag level={call.level} />
          {call.ambiguous && <Tag color="orange" data-testid="genome-ambiguous">{r.ambiguous}</Tag>}
        </div>
        <h2 className="mdc-genome-call__name" data-testid="genome-call-name">
          {call.level === 'none' ? (
            r.noCall
          ) : call.level === 'genus' ? (
            <CallName call={{ name: call.genus ?? '', level: 'genus', closest: call.species }} />
          ) : complex && locale === 'zh' ? (
            <>
              {complex.zh} <i>{complex.name}</i>
            </>
          ) : (
            <i>{calledName}</i>
          )}
        </h2>
        {call.level === 'genus' && <ClosestSpecies call={{ name: call.genus ?? '', level: 'genus', closest: call.species }} />}
        <NextStep method="genome" call={{ name: call.genus ?? '', level: call.level }} />
        <dl className="mdc-genome-call__figures">
          {call.ani !== null && (
            <div>
              <dt>{r.ani}</dt>
              <dd data-testid="genome-call-ani">{call.ani >= comparable ? percent(call.ani) : r.notComparable}</dd>
            </div>
          )}
          {call.queryAf !== null && (
            <div>
              <dt>{r.queryAf}</dt>
              <dd>{percent(100 * call.queryAf, 1)}</dd>
            </div>
          )}
          {call.runnerUp && (
            <div>
              <dt>{r.runnerUp}</dt>
              <dd data-testid="genome-runner-up">
                <i>{call.runnerUp.species}</i> {percent(call.runnerUp.ani)}
              </dd>
            </div>
          )}
        </dl>
        {call.notes.map((note) => (
          <Alert
            key={note.code}
            type={note.code === 'ecoli-shigella' || note.code === 'complex' ? 'info' : 'warning'}
            showIcon
            className="mdc-genome-note"
            message={note.text[locale]}
            data-testid={`genome-note-${note.code}`}
          />
        ))}
      </section>

      {/* Results from before typing and resistance existed have neither field: nothing is shown. */}
      <GenomeTyping typing={report.typing} />
      <GenomeResistance resistance={report.resistance} drugs={(task.drugs as Record<string, DrugLabel> | undefined) ?? {}} />

      {hits.length > 0 && (
        <section className="mdc-genome-section" data-testid="genome-hits">
          <h2>{r.closest}</h2>
          <AniChart hits={hits} species={thresholds.species ?? 95} genus={thresholds.genus ?? 85} comparable={comparable} notComparable={r.notComparable} />
          <p className="mdc-blast-muted">{fmt(r.pictureNote, { species: thresholds.species ?? 95, genus: thresholds.genus ?? 85, comparable })}</p>
          <Table<Row>
            rowKey="referenceId"
            size="small"
            columns={columns}
            dataSource={hits}
            pagination={false}
            scroll={{ x: true }}
            showSorterTooltip={false}
            sortDirections={['descend', 'ascend']}
            onRow={(h) => ({ 'data-testid': 'genome-hit-row', 'data-rank': h.rank }) as object}
          />
        </section>
      )}

      <section className="mdc-genome-section" data-testid="genome-qc">
        <h2>{r.qc}</h2>
        <dl className="mdc-blast-summary__facts mdc-genome-stats">
          <div>
            <dt>{r.stats.length}</dt>
            <dd data-testid="qc-length">{mbp(s.length)} Mbp</dd>
          </div>
          <div>
            <dt>{r.stats.contigs}</dt>
            <dd>{s.contigs}</dd>
          </div>
          <div>
            <dt>{r.stats.n50}</dt>
            <dd>{bp(s.n50)} bp</dd>
          </div>
          <div>
            <dt>{r.stats.largest}</dt>
            <dd>{bp(s.largestContig)} bp</dd>
          </div>
          <div>
            <dt>{r.stats.gc}</dt>
            <dd data-testid="qc-gc">{percent(s.gcPercent)}</dd>
          </div>
          <div>
            <dt>{r.stats.n}</dt>
            <dd>{percent(s.nPercent)}</dd>
          </div>
          {qc.contamination && (
            <div>
              <dt>{r.contamination}</dt>
              <dd data-testid="qc-contamination">{percent(100 * qc.contamination.share, 1)}</dd>
            </div>
          )}
        </dl>
        <p className="mdc-blast-muted">
          {qc.range
            ? fmt(r.range, {
                species: qc.range.species,
                n: qc.range.references,
                lmin: mbp(qc.range.lengthMin),
                lmax: mbp(qc.range.lengthMax),
                gmin: qc.range.gcMin.toFixed(1),
                gmax: qc.range.gcMax.toFixed(1),
              })
            : r.noRange}
        </p>
        {qc.findings.length === 0 ? (
          <p data-testid="qc-ok">{r.qcOk}</p>
        ) : (
          qc.findings.map((f) => <Alert key={f.code} type="warning" showIcon className="mdc-genome-note" message={f.text[locale]} data-testid={`qc-${f.code}`} />)
        )}
      </section>

      <section className="mdc-genome-section" data-testid="genome-rrna">
        <h2>{r.rrna}</h2>
        {rrna.found === 0 ? (
          <p>{r.rrnaNone}</p>
        ) : (
          <>
            <p data-testid="rrna-summary">
              {rrna.found === 1 ? r.rrnaSummaryOne : fmt(r.rrnaSummary, { n: rrna.found })}
              {rrna.identityMin !== null && rrna.identityMax !== null && <> · {fmt(r.rrnaIdentity, { min: rrna.identityMin.toFixed(2), max: rrna.identityMax.toFixed(2) })}</>}
              {rrna.topSpecies[0] && (
                <>
                  {' · '}
                  {r.rrnaTop}: <i data-testid="rrna-top-species">{rrna.topSpecies[0].species}</i>
                </>
              )}
            </p>
            {!rrna.identified && <Alert type="info" showIcon message={r.rrnaNotIdentified} className="mdc-genome-note" />}
            {rrna.found === 1 && <p className="mdc-blast-muted">{r.rrnaDraft}</p>}
            <Table
              rowKey={(c) => `${c.contig}:${c.start}`}
              size="small"
              pagination={false}
              scroll={narrow ? undefined : { x: true }}
              dataSource={rrna.copies}
              columns={
                narrow
                  ? // On a phone five columns were cut at the screen's edge with no sign of more: two columns, each holding two facts.
                    [
                      { title: r.copyColumns.copy, key: 'n', width: 44, render: (_: unknown, __: unknown, i: number) => i + 1 },
                      {
                        title: `${r.copyColumns.position} · ${r.copyColumns.length}`,
                        key: 'position',
                        render: (_: unknown, c) => (
                          <span className="mdc-genome-copy-position">
                            {`${c.contig}:${bp(c.start)}–${bp(c.end)} (${c.strand})`}
                            <br />
                            {`${bp(c.length)} bp`}
                          </span>
                        ),
                      },
                      {
                        title: `${r.copyColumns.species} · ${r.copyColumns.similarity}`,
                        key: 'species',
                        render: (_: unknown, c) =>
                          c.species ? (
                            <>
                              <SpeciesLink species={c.species} taxonId={c.taxonId ?? null} />
                              <br />
                              {c.similarity === null ? '—' : percent(c.similarity)}
                            </>
                          ) : (
                            '—'
                          ),
                      },
                    ]
                  : [
                      { title: r.copyColumns.copy, key: 'n', width: 56, render: (_: unknown, __: unknown, i: number) => i + 1 },
                      { title: r.copyColumns.position, key: 'position', render: (_: unknown, c) => `${c.contig}:${bp(c.start)}–${bp(c.end)} (${c.strand})` },
                      { title: r.copyColumns.length, dataIndex: 'length', width: 90, render: (n: number) => `${bp(n)} bp` },
                      { title: r.copyColumns.species, dataIndex: 'species', render: (sp: string | null, c) => (sp ? <SpeciesLink species={sp} taxonId={c.taxonId ?? null} /> : '—') },
                      { title: r.copyColumns.similarity, dataIndex: 'similarity', width: 100, render: (v: number | null) => (v === null ? '—' : percent(v)) },
                    ]
              }
              data-testid="rrna-copies"
            />
          </>
        )}
      </section>

      <section className="mdc-blast-definition" data-testid="ani-definition">
        <h2>{r.definition}</h2>
        <p>{r.definitionText}</p>
        <p>{fmt(r.thresholds, { species: thresholds.species ?? 95, af: Math.round(100 * (thresholds.speciesQueryAf ?? 0.5)), genus: thresholds.genus ?? 83 })}</p>
      </section>
    </>
  );
}
