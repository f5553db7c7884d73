import { BulbOutlined } from '@ant-design/icons';
import { Alert, Button, Table, Tag, type TableColumnsType } from 'antd';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useLocale } from '../../../lib/i18n/hooks';
import type { TaskDetail } from '../api';
import { CallName, ClosestSpecies, NextStep, SpeciesLink } from '../components/bits';
import { fmt } from '../texts';
import { answerCall, answerList } from '@mdc/core/identify/proteome';
import { BandTag, Score, shown } from './bits';
import { ScoreExplanation } from './ScoreExplanation';
import type { Hit, LibraryFreeResult, ProteomeReport, SpectrumResult } from './api';
import { useProteomeTexts } from './texts';

const LEVEL_CLASS = { subspecies: 'is-species', species: 'is-species', genus: 'is-genus', none: 'is-none' } as const;

/** Which spectrum and which explanation are open live in the address: a link shows the same view. */
function useSelection(count: number): { spectrum: number; explain: number | null; select(spectrum: number): void; explainRank(rank: number | null): void } {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get('spectrum') ?? 0);
  const spectrum = Number.isInteger(raw) && raw >= 0 && raw < count ? raw : 0;
  const rank = Number(params.get('explain'));
  const explain = Number.isInteger(rank) && rank >= 1 && rank <= 100 ? rank : null;
  const update = (next: { spectrum?: number; explain?: number | null }) => {
    const out = new URLSearchParams(params);
    const s = next.spectrum ?? spectrum;
    if (s > 0) out.set('spectrum', String(s));
    else out.delete('spectrum');
    const e = next.explain === undefined ? explain : next.explain;
    if (e) out.set('explain', String(e));
    else out.delete('explain');
    setParams(out, { replace: true });
  };
  return { spectrum, explain, select: (s) => update({ spectrum: s, explain: null }), explainRank: (r) => update({ explain: r }) };
}

/** Whether the library's first entry is the answer; otherwise its entries are only the closest, with no level of their own. */
function libraryCarries(s: SpectrumResult): boolean {
  return answerList(s.hits, s.combined)[0]?.hit != null;
}

function spotName(s: SpectrumResult): string {
  if (s.label) return s.label;
  if (s.spot) return s.spot;
  const inner = s.file.includes(':') ? s.file.slice(s.file.indexOf(':') + 1) : s.file;
  return inner;
}

function PlateTable({ spectra, selected, onSelect }: { spectra: SpectrumResult[]; selected: number; onSelect(position: number): void }) {
  const px = useProteomeTexts();
  const r = px.result;
  const columns: TableColumnsType<SpectrumResult> = [
    { title: '#', key: 'n', width: 52, render: (_: unknown, s) => s.position + 1, sorter: (a, b) => a.position - b.position },
    { title: r.plateColumns.spot, key: 'spot', render: (_: unknown, s) => <span data-testid="plate-spot">{spotName(s)}</span>, sorter: (a, b) => spotName(a).localeCompare(spotName(b), 'en', { numeric: true }) },
    {
      title: r.plateColumns.call,
      key: 'call',
      // The answer from both paths where the server gave one; the spectral call otherwise.
      render: (_: unknown, s) =>
        s.combined ? (
          s.combined.name ? (
            <span data-testid="plate-call" data-carried-by={s.combined.carriedBy}>
              <CallName call={answerCall(s.combined)} />
              {s.combined.carriedBy === 'library-free' && (
                <Tag color="geekblue" className="mdc-ms-own">
                  {r.libraryFreeShort}
                </Tag>
              )}
            </span>
          ) : (
            <span className="mdc-blast-muted" data-testid="plate-call">
              {s.refused ? r.refused : r.noCall}
            </span>
          )
        ) : s.call && s.level !== 'none' ? (
          <i data-testid="plate-call">{s.call.species}</i>
        ) : (
          <span className="mdc-blast-muted" data-testid="plate-call">
            {s.refused ? r.refused : r.noCall}
          </span>
        ),
    },
    {
      title: r.plateColumns.score,
      key: 'score',
      width: 90,
      // The answer's score and band, whichever evidence carried it.
      sorter: (a, b) => (a.combined?.score ?? a.call?.score ?? -1) - (b.combined?.score ?? b.call?.score ?? -1),
      render: (_: unknown, s) =>
        s.combined ? (s.combined.score !== null ? <Score score={s.combined.score} level={s.combined.level} testId="plate-score" /> : '—') : s.call ? <Score score={s.call.score} level={s.level} testId="plate-score" /> : '—',
      onHeaderCell: () => ({ 'data-testid': 'sort-plate-score' }) as object,
    },
    { title: r.plateColumns.band, key: 'band', render: (_: unknown, s) => <BandTag level={s.combined?.level ?? s.level} />, responsive: ['sm'] },
    {
      title: r.plateColumns.notes,
      key: 'notes',
      responsive: ['md'],
      render: (_: unknown, s) => (
        <>
          {s.closeRunnerUp && <Tag color="orange">{r.close}</Tag>}
          {s.mixture && <Tag color="volcano">{r.mixture}</Tag>}
        </>
      ),
    },
  ];
  const ok = spectra.filter((s) => (s.combined?.level ?? s.level) !== 'none').length;
  return (
    <section className="mdc-genome-section" data-testid="proteome-plate">
      <h2>{r.plate}</h2>
      <p className="mdc-blast-muted">{fmt(r.plateNote, { n: spectra.length, ok, mix: spectra.filter((s) => s.mixture).length })}</p>
      <Table<SpectrumResult>
        rowKey="position"
        size="small"
        columns={columns}
        dataSource={spectra}
        pagination={spectra.length > 24 ? { pageSize: 24, size: 'small', showSizeChanger: false } : false}
        scroll={{ x: true }}
        showSorterTooltip={false}
        rowClassName={(s) => (s.position === selected ? 'mdc-ms-plate-selected' : 'mdc-ms-plate-row')}
        onRow={(s) => ({ onClick: () => onSelect(s.position), 'data-testid': 'plate-row', 'data-position': s.position, 'data-score': s.call ? shown(s.call.score) : '' }) as object}
      />
    </section>
  );
}

function CallCard({ s, plate }: { s: SpectrumResult; plate: boolean }) {
  const px = useProteomeTexts();
  const locale = useLocale();
  const r = px.result;
  // The library's first entry when another evidence carried the answer: the closest entry, its score, no level of its own.
  if (s.call && !libraryCarries(s)) {
    return (
      <section className="mdc-genome-call is-closest" data-testid="proteome-call" data-level="closest">
        <div className="mdc-genome-call__head">
          <span className="mdc-genome-call__label">{plate ? `${r.spectrum} ${spotName(s)} · ${r.closestEntry}` : r.closestEntry}</span>
          {s.call.own && <Tag color="purple">{r.own}</Tag>}
        </div>
        <h2 className="mdc-genome-call__name mdc-ms-closest-name" data-testid="proteome-call-name">
          <i>{s.call.species}</i>
        </h2>
        <dl className="mdc-genome-call__figures">
          <div>
            <dt>{r.score}</dt>
            <dd>
              <span className="mdc-ms-score" data-testid="proteome-call-score" data-score={shown(s.call.score)}>
                {shown(s.call.score)}
              </span>
            </dd>
          </div>
          {s.call.strain && (
            <div>
              <dt>{r.strain}</dt>
              <dd>{s.call.strain}</dd>
            </div>
          )}
        </dl>
        <p className="mdc-blast-muted mdc-blast-small">{r.closestEntryNote}</p>
      </section>
    );
  }
  const named = s.call && s.level !== 'none';
  return (
    <section className={`mdc-genome-call ${LEVEL_CLASS[s.level]}`} data-testid="proteome-call" data-level={s.level}>
      <div className="mdc-genome-call__head">
        <span className="mdc-genome-call__label">{plate ? `${r.spectrum} ${spotName(s)} · ${r.spectral}` : s.combined ? r.spectral : r.call}</span>
        <BandTag level={s.level} />
        {s.call?.own && <Tag color="purple">{r.own}</Tag>}
        {s.closeRunnerUp && <Tag color="orange" data-testid="proteome-close">{r.close}</Tag>}
        {s.mixture && <Tag color="volcano" data-testid="proteome-mixture">{r.mixture}</Tag>}
      </div>
      <h2 className="mdc-genome-call__name" data-testid="proteome-call-name">
        {named ? <i>{s.call!.species}</i> : s.refused ? r.refused : r.noCall}
      </h2>
      <dl className="mdc-genome-call__figures">
        {s.call && (
          <div>
            <dt>{r.score}</dt>
            <dd>
              <Score score={s.call.score} level={s.level} testId="proteome-call-score" />
            </dd>
          </div>
        )}
        {s.call?.strain && (
          <div>
            <dt>{r.strain}</dt>
            <dd>{s.call.strain}</dd>
          </div>
        )}
        {s.runnerUp && (
          <div>
            <dt>{r.runnerUp}</dt>
            <dd data-testid="proteome-runner-up">
              <i>{s.runnerUp.species}</i> {shown(s.runnerUp.score)}
              {s.margin !== null && <span className="mdc-blast-muted"> ({r.margin} {s.margin.toFixed(2)})</span>}
            </dd>
          </div>
        )}
      </dl>
      {/* The band tag says the rest; the sentence is shown when it warns (close runner-up, mixture, no call). */}
      {(s.level === 'none' || s.closeRunnerUp || s.mixture) && <Alert type="warning" showIcon className="mdc-genome-note" message={s.text[locale]} data-testid="proteome-verdict" />}
    </section>
  );
}

/** Latin names in italics; a genus with its inseparable species ("Escherichia: coli / fergusonii") too. */
function TaxonName({ name }: { name: string }) {
  return /[\u3000-\u9fff]/.test(name) ? <>{name}</> : <i>{name}</i>;
}

/** The answer from both paths, and which evidence carried it. */
function AnswerCard({ s }: { s: SpectrumResult }) {
  const px = useProteomeTexts();
  const locale = useLocale();
  const r = px.result;
  const c = s.combined;
  if (!c) return null;
  const band: SpectrumResult['level'] = c.level;
  return (
    <section className={`mdc-genome-call ${LEVEL_CLASS[band]}`} data-testid="proteome-answer" data-carried-by={c.carriedBy} data-level={c.level}>
      <div className="mdc-genome-call__head">
        <span className="mdc-genome-call__label">{r.answer}</span>
        <Tag color={c.carriedBy === 'library-free' ? 'geekblue' : c.carriedBy === 'none' ? 'default' : 'green'} className="mdc-ms-carried" data-testid="proteome-carried-by">
          {r.carriedBy[c.carriedBy]}
        </Tag>
        {s.sameSpectrum && (
          <Tag color="orange" data-testid="proteome-same-spectrum">
            {r.sameSpectrum}
          </Tag>
        )}
      </div>
      <h2 className="mdc-genome-call__name" data-testid="proteome-answer-name">
        {c.name ? <CallName call={answerCall(c)} /> : r.noCall}
      </h2>
      {c.name && <ClosestSpecies call={answerCall(c)} />}
      <p className="mdc-ms-answer-level">
        {r.answerLevels[c.level]}
        {c.score !== null && (
          <>
            {' · '}
            {r.score} {shown(c.score)}
          </>
        )}
      </p>
      <p className="mdc-blast-muted" data-testid="proteome-answer-text">
        {c.text[locale]}
      </p>
      <NextStep method="proteome" call={answerCall(c)} />
    </section>
  );
}

/** The library-free path: genus, its inseparable species, the best genera and the genes behind them. */
function LibraryFreeCard({ s, report }: { s: SpectrumResult; report: ProteomeReport }) {
  const px = useProteomeTexts();
  const locale = useLocale();
  const r = px.result;
  const lf = s.libraryFree;
  if (!lf) return null;
  const c = r.libraryFreeColumns;
  type Candidate = LibraryFreeResult['candidates'][number];
  const columns: TableColumnsType<Candidate> = [
    { title: c.genus, dataIndex: 'genus', render: (g: string) => <i>{g}</i> },
    { title: c.species, key: 'species', render: (_: unknown, x) => <i>{`${x.genus} ${x.species}`}</i>, responsive: ['sm'] },
    { title: c.score, dataIndex: 'score', width: 70, render: (v: number) => shown(v) },
    { title: c.genes, key: 'genes', width: 100, render: (_: unknown, x) => `${x.genesMatched} / ${x.genesSearched}` },
    {
      title: c.strongest,
      key: 'matches',
      responsive: ['md'],
      render: (_: unknown, x) => (
        <span className="mdc-blast-mono mdc-blast-small">
          {x.matches
            .slice(0, 4)
            .map((m) => `${m.gene} ${m.queryMz.toFixed(0)}`)
            .join(' · ')}
        </span>
      ),
    },
  ];
  return (
    <section className="mdc-genome-section" data-testid="proteome-library-free" data-level={lf.level}>
      <h2>
        {r.libraryFree}{' '}
        <Tag color={lf.level === 'genus' ? 'geekblue' : 'default'} data-testid="proteome-library-free-level">
          {r.libraryFreeLevels[lf.level]}
        </Tag>
      </h2>
      {lf.level !== 'none' && (
        <p className="mdc-ms-lf-label" data-testid="proteome-library-free-label">
          <TaxonName name={lf.label} /> · {r.score} {shown(lf.score)}
        </p>
      )}
      <p className="mdc-blast-muted">{lf.text[locale]}</p>
      <Table<Candidate> rowKey={(x) => `${x.genus} ${x.species}`} size="small" columns={columns} dataSource={lf.candidates.slice(0, 3)} pagination={false} scroll={{ x: true }} />
      {report.proteins && <p className="mdc-blast-muted mdc-blast-small">{fmt(r.libraryFreeNote, { g: report.proteins.genera, s: report.proteins.species })}</p>}
    </section>
  );
}

function HitsTable({ s, onExplain, explaining }: { s: SpectrumResult; onExplain(rank: number): void; explaining: number | null }) {
  const px = useProteomeTexts();
  const r = px.result;
  // Only the row that is the answer carries a level; the others are the closest library entries.
  const answerRank = libraryCarries(s) ? 1 : null;
  const columns: TableColumnsType<Hit> = [
    // Below an answer from other evidence (rank 1 in the CSV, PDF and command line) the entries count from 2.
    { title: r.columns.rank, dataIndex: 'rank', width: 44, render: (rank: number) => (answerRank === null ? rank + 1 : rank) },
    {
      title: r.columns.species,
      dataIndex: 'species',
      render: (species: string, h) => (
        <>
          <SpeciesLink species={species} taxonId={h.taxonId} testId="proteome-hit-species" />
          {h.own && (
            <Tag color="purple" className="mdc-ms-own">
              {r.own}
            </Tag>
          )}
        </>
      ),
    },
    { title: r.columns.strain, dataIndex: 'strain', ellipsis: true, responsive: ['md'], render: (v?: string) => v ?? '' },
    {
      title: r.columns.score,
      dataIndex: 'score',
      width: 72,
      render: (v: number, h) =>
        h.rank === answerRank ? (
          <Score score={v} level={h.level} testId="proteome-hit-score" />
        ) : (
          <span className="mdc-ms-score" data-testid="proteome-hit-score" data-score={shown(v)}>
            {shown(v)}
          </span>
        ),
    },
    { title: r.columns.band, dataIndex: 'level', responsive: ['lg'], render: (level: Hit['level'], h) => (h.rank === answerRank ? <BandTag level={level} /> : <span className="mdc-blast-muted">{r.closestShort}</span>) },
    { title: r.columns.matched, dataIndex: 'matchedPeaks', width: 80, responsive: ['md'] },
    { title: r.columns.queryShare, dataIndex: 'queryMatchedShare', width: 90, responsive: ['lg'], render: (v: number) => `${(100 * v).toFixed(0)}%` },
    { title: r.columns.referenceShare, dataIndex: 'referenceMatchedShare', width: 90, responsive: ['lg'], render: (v: number) => `${(100 * v).toFixed(0)}%` },
    { title: r.columns.correlation, dataIndex: 'intensityCorrelation', width: 90, responsive: ['lg'], render: (v: number) => v.toFixed(2) },
    {
      title: '',
      key: 'explain',
      width: 56,
      render: (_: unknown, h) => (
        <Button size="small" type={explaining === h.rank ? 'primary' : 'default'} icon={<BulbOutlined />} onClick={() => onExplain(h.rank)} aria-label={r.explain} title={r.explain} data-testid="explain-hit" />
      ),
    },
  ];
  return (
    <Table<Hit>
      rowKey="rank"
      size="small"
      columns={columns}
      dataSource={s.hits}
      pagination={false}
      scroll={{ x: true }}
      onRow={(h) => ({ 'data-testid': 'proteome-hit-row', 'data-rank': h.rank }) as object}
    />
  );
}

export function ProteomeResult({ task }: { task: TaskDetail }) {
  const px = useProteomeTexts();
  const locale = useLocale();
  const report = task.proteome as ProteomeReport | null | undefined;
  const count = report?.spectra.length ?? 0;
  const { spectrum, explain, select, explainRank } = useSelection(count);
  const explanation = useRef<HTMLDivElement>(null);
  const detail = useRef<HTMLDivElement>(null);
  // Scrolled to only after a click here: a link that opens with an explanation starts at the top.
  const scrollTo = useRef<'explanation' | 'detail' | null>(null);

  useEffect(() => {
    const target = scrollTo.current === 'explanation' ? explanation.current : scrollTo.current === 'detail' ? detail.current : null;
    scrollTo.current = null;
    target?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [explain, spectrum]);

  if (task.status === 'running' || !report) return null;
  const r = px.result;
  const plate = report.spectra.length > 1;
  const s = report.spectra[spectrum]!;
  const p = report.parameters.preprocess;
  const range: [number, number] = [Number(p.mzFrom ?? 2000), Number(p.mzTo ?? 20000)];
  const b = report.bands;

  return (
    <>
      {plate && (
        <PlateTable
          spectra={report.spectra}
          selected={spectrum}
          onSelect={(position) => {
            scrollTo.current = 'detail';
            select(position);
          }}
        />
      )}
      <div data-testid="proteome-spectrum" data-position={spectrum} ref={detail}>
        <AnswerCard s={s} />
        <CallCard s={s} plate={plate} />
        <p className="mdc-blast-muted mdc-ms-meta" data-testid="proteome-spectrum-meta">
          {plate && <strong>{fmt(r.spectrumOf, { n: spectrum + 1, total: report.spectra.length })} · </strong>}
          {r.file}: <span className="mdc-blast-mono">{s.file}</span> · {r.format[s.format]} · {r.kind[s.kind]} · {fmt(r.peaks, { n: s.queryPeaks, d: s.peaksDetected })}
          {s.instrument ? ` · ${s.instrument}` : ''}
          {s.notes.length > 0 && <> · {s.notes.map((n) => n[locale]).join(' ')}</>}
        </p>
        <LibraryFreeCard s={s} report={report} />
        {s.hits.length > 0 && (
          <section className="mdc-genome-section" data-testid="proteome-hits" data-role={libraryCarries(s) ? 'answer-and-entries' : 'closest-entries'}>
            <h2>{libraryCarries(s) ? r.hits : r.closestEntries}</h2>
            <HitsTable
              s={s}
              onExplain={(rank) => {
                scrollTo.current = explain === rank ? null : 'explanation';
                explainRank(explain === rank ? null : rank);
              }}
              explaining={explain}
            />
          </section>
        )}
        <div ref={explanation}>
          {explain !== null && s.hits.some((h) => h.rank === explain) && <ScoreExplanation taskId={task.id} spectrum={spectrum} rank={explain} range={range} onClose={() => explainRank(null)} />}
        </div>
      </div>
      <section className="mdc-blast-definition" data-testid="proteome-definition">
        <h2>{r.bandsTitle}</h2>
        <p>
          {fmt(r.bandsText, {
            sub: b.subspecies.toFixed(2),
            sp: b.species.toFixed(2),
            sub2: (b.subspecies - 0.01).toFixed(2),
            g: b.genus.toFixed(2),
            sp2: (b.species - 0.01).toFixed(2),
            m: Number(report.parameters.identify.closeMargin ?? 0.1).toFixed(2),
          })}
        </p>
        <p className="mdc-blast-muted mdc-blast-small">
          {r.parameters}:{' '}
          {fmt(r.parametersText, {
            transform: String(p.transform),
            hw: p.smoothingHalfWindow ?? '',
            order: p.smoothingOrder ?? '',
            baseline: String(p.baseline).toUpperCase(),
            iter: p.snipIterations ?? '',
            norm: String(p.normalisation).toUpperCase(),
            from: p.mzFrom ?? '',
            to: p.mzTo ?? '',
            snr: p.snr ?? '',
            max: p.maxPeaks ?? '',
            ppm: String(report.parameters.identify.tolerancePpm ?? ''),
          })}
        </p>
      </section>
    </>
  );
}
