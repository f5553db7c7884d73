import { Alert, Table, Tag } from 'antd';
import { claimedRank } from '@mdc/core/identify';
import { sequenceCall, type Hit } from '@mdc/core/identify/rrna';
import { ITS_BASIS_LABELS, ITS_METHOD_NOTE, ITS_THRESHOLDS, type ItsResult as ItsAnswer } from '@mdc/core/identify/its';
import { useLocale } from '../../../lib/i18n/hooks';
import type { TaskDetail } from '../api';
import { CallName, ClosestSpecies, ConfidenceTag, NextStep, SpeciesLink, percent } from '../components/bits';
import { fmt, useBlastTexts } from '../texts';
import type { ItsItem } from './api';
import { useItsTexts } from './texts';

const span = (s: { start: number; end: number } | null) => (s ? `${s.start + 1}–${s.end}` : null);

/** The read drawn to scale: 18S end, ITS1, 5.8S, ITS2, 28S start. */
function RegionBar({ result, length }: { result: ItsAnswer; length: number }) {
  const ix = useItsTexts();
  const r = result.its.regions;
  const pieces = [
    { key: 'ssu', label: ix.result.ssu, s: r.ssuEnd },
    { key: 'its1', label: ix.result.its1, s: r.its1 },
    { key: 's58', label: ix.result.s58, s: r.fiveEightS },
    { key: 'its2', label: ix.result.its2, s: r.its2 },
    { key: 'lsu', label: ix.result.lsu, s: r.lsuStart },
  ].filter((p) => p.s && p.s.end > p.s.start);
  if (!r.fiveEightS) return <p className="mdc-blast-muted" data-testid="its-regions">{ix.result.notFound}</p>;
  return (
    <div className="mdc-its-regions" data-testid="its-regions">
      <div className="mdc-its-bar" aria-hidden>
        {pieces.map((p) => (
          <span key={p.key} className={`mdc-its-bar__piece mdc-its-bar__piece--${p.key}`} style={{ left: `${(100 * p.s!.start) / length}%`, width: `${(100 * (p.s!.end - p.s!.start)) / length}%` }} />
        ))}
      </div>
      <ul className="mdc-its-legend">
        {pieces.map((p) => (
          <li key={p.key}>
            <span className={`mdc-its-dot mdc-its-bar__piece--${p.key}`} />
            {p.label} {span(p.s)}
          </li>
        ))}
        {r.partial58S && <li className="mdc-blast-muted">{ix.result.partial}</li>}
      </ul>
    </div>
  );
}

function ReadResult({ item }: { item: ItsItem }) {
  const tx = useBlastTexts();
  const ix = useItsTexts();
  const locale = useLocale();
  const r = item.result;
  const heading = (
    <h2 className="mdc-blast-seq__title">
      <span className="mdc-blast-seq__no">{fmt(ix.result.read, { n: item.position })}</span>
      <span className="mdc-blast-seq__name">{item.queryId}</span>
      <span className="mdc-blast-seq__len">{item.length} bp</span>
    </h2>
  );
  if (!r.ok) {
    return (
      <section className="mdc-blast-seq" data-testid="its-read" data-ok="false">
        {heading}
        <RegionBar result={r} length={item.length} />
        <Alert type={r.reason === 'no-similar-reference' ? 'warning' : 'error'} showIcon message={r.reason === 'no-similar-reference' ? ix.result.noSimilar : r.message[locale]} description={r.detail[locale]} />
      </section>
    );
  }
  const group = r.its.speciesGroup;
  const tied = [...new Set(r.hits.filter((h) => h.tiedWithTop).map((h) => h.species))];
  // A complex ITS cannot split by its name; otherwise the call as for 16S/18S: a genus is "<Genus> sp.", the top hit its closest species.
  const call = sequenceCall(r);
  return (
    <section className="mdc-blast-seq" id={`seq-${item.position}`} data-testid="its-read" data-ok="true">
      {heading}
      <RegionBar result={r} length={item.length} />
      <div className="mdc-blast-top mdc-its-call" data-testid="its-call">
        <div className="mdc-blast-top__head">
          <span className="mdc-blast-top__label">{ix.result.call}</span>
          <ConfidenceTag level={r.confidence.level} />
          {r.its.basis && <Tag data-testid="its-basis">{ITS_BASIS_LABELS[r.its.basis][locale]}</Tag>}
        </div>
        <div className="mdc-blast-top__species" data-testid="its-call-name">
          {group ? <span>{group.name[locale]}</span> : <CallName call={call} />}
        </div>
        {!group && claimedRank(call) !== 'species' && (
          <div className="mdc-blast-top__lineage">
            <ClosestSpecies call={call} />
          </div>
        )}
        <NextStep method="ITS" call={group ? null : call} />
        <dl className="mdc-blast-stats">
          <div className="mdc-blast-stat">
            <dt>{ix.result.similarity}</dt>
            <dd>{percent(r.topHit.similarity)}</dd>
          </div>
          {r.confidence.margin !== null && (
            <div className="mdc-blast-stat">
              <dt>{ix.result.margin}</dt>
              <dd>{r.confidence.margin.toFixed(2)}</dd>
            </div>
          )}
          <div className="mdc-blast-stat">
            <dt>{ix.result.coverage}</dt>
            <dd>{percent(r.topHit.queryCoverage, 1)}</dd>
          </div>
        </dl>
        {group && (
          <Alert
            className="mdc-its-complex"
            type="info"
            showIcon
            data-testid="its-complex"
            message={fmt(ix.result.complexTitle, { name: group.name[locale] })}
            description={
              <>
                <p>{fmt(ix.result.complexText, { by: group.resolvedBy[locale] })}</p>
                <p>
                  {ix.result.members}: {tied.map((s, i) => (
                    <span key={s}>
                      {i > 0 && ' / '}
                      <i>{s}</i>
                    </span>
                  ))}
                </p>
                <p className="mdc-blast-muted">{fmt(ix.result.complexSource, { source: group.source })}</p>
              </>
            }
          />
        )}
        {r.its.parts.length > 1 && (
          <div className="mdc-its-parts" data-testid="its-parts">
            <div className="mdc-blast-muted">{ix.result.parts}</div>
            <ul>
              {r.its.parts.map((p) => (
                <li key={p.region}>
                  {fmt(ix.result.partLine, { region: p.region, start: p.start, end: p.end })}
                  {p.result.ok ? (
                    <>
                      <i>{p.result.topHit.species}</i> {percent(p.result.topHit.similarity)}
                    </>
                  ) : (
                    ix.result.partRefused
                  )}
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
      <h3 className="mdc-its-hits-title">{ix.result.hits}</h3>
      <Table<Hit>
        size="small"
        rowKey={(h) => `${h.rank}`}
        dataSource={r.hits.slice(0, 20)}
        pagination={false}
        scroll={{ x: true }}
        data-testid="its-hits"
        className="mdc-its-table"
        columns={[
          { title: ix.result.columns.rank, dataIndex: 'rank', width: 44 },
          {
            title: ix.result.columns.species,
            render: (_, h) => (
              <span>
                <SpeciesLink species={h.species} taxonId={null} />
                {h.tiedWithTop && h.rank > 1 && <Tag className="mdc-blast-tie">{ix.result.tied}</Tag>}
              </span>
            ),
          },
          { title: ix.result.columns.similarity, dataIndex: 'similarity', render: (v: number) => percent(v), align: 'right' },
          { title: ix.result.columns.length, dataIndex: 'alignedLength', align: 'right' },
          { title: ix.result.columns.mismatches, dataIndex: 'mismatches', align: 'right' },
          { title: ix.result.columns.gaps, dataIndex: 'gaps', align: 'right' },
          // Last: the record names are long and matter least on a phone.
          { title: ix.result.columns.accession, dataIndex: 'accession', render: (v: string) => <span className="mdc-blast-small mdc-its-accession">{v}</span> },
        ]}
      />
      <span hidden>{tx.result.refused}</span>
    </section>
  );
}

export function ItsResult({ task }: { task: TaskDetail }) {
  const ix = useItsTexts();
  const locale = useLocale();
  const items = ((task.its as { items?: ItsItem[] } | null | undefined)?.items ?? []) as ItsItem[];
  return (
    <>
      {task.status !== 'running' && items.map((item) => <ReadResult key={item.position} item={item} />)}
      <section className="mdc-blast-definition" data-testid="its-definition">
        <h2>{ix.result.definitionTitle}</h2>
        <p>{ITS_METHOD_NOTE[locale]}</p>
        <p>
          {fmt(ix.result.thresholds, { species: ITS_THRESHOLDS.species, margin: ITS_THRESHOLDS.speciesMargin, genus: ITS_THRESHOLDS.genus, family: ITS_THRESHOLDS.family })}
        </p>
      </section>
    </>
  );
}
