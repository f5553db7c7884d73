import { ArrowRightOutlined } from '@ant-design/icons';
import { Alert, Button, Grid, Segmented, Table, Tag, type TableColumnsType } from 'antd';
import { Fragment, useMemo, useState, type HTMLAttributes } from 'react';
import { claimedRank } from '@mdc/core/identify';
import { NOTABLE_TRIM, sequenceCall } from '@mdc/core/identify/rrna';
import { LocaleLink } from '../../../components/LocaleLink';
import { useLocale } from '../../../lib/i18n/hooks';
import type { Hit, HitSort, Marker, TaskSequence, Thresholds } from '../api';
import { explainConfidence, sortHits } from './hits';
import { fmt, useBlastTexts } from '../texts';
import { AlignmentView } from './AlignmentView';
import { CallName, ClosestSpecies, ConfidenceTag, NextStep, SpeciesLink, markerCase, percent, taxonPath } from '../components/bits';

function Stat({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="mdc-blast-stat">
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}

export function SequenceResult({
  taskId,
  marker,
  sequence,
  thresholds,
}: {
  taskId: string;
  marker: Marker;
  sequence: TaskSequence;
  thresholds: Thresholds;
}) {
  const tx = useBlastTexts();
  const locale = useLocale();
  const [sort, setSort] = useState<HitSort>('rank');
  const [showTop, setShowTop] = useState(false);
  const [expanded, setExpanded] = useState<number[]>([]);
  const narrow = Grid.useBreakpoint().md === false;
  const result = sequence.result;
  const hits = useMemo(() => (result?.ok ? sortHits(result.hits, sort) : []), [result, sort]);
  const bp = tx.units.bp;

  const heading = (
    <h2 className="mdc-blast-seq__title">
      <span className="mdc-blast-seq__no">{fmt(tx.result.sequence, { n: sequence.position })}</span>
      <span className="mdc-blast-seq__name">{sequence.queryId}</span>
      <span className="mdc-blast-seq__len">
        {sequence.length.toLocaleString()} {bp}
      </span>
    </h2>
  );

  // What was cut before identifying: the trace's low-quality ends, then the ends that do not align.
  const read = sequence.read;
  const traceNote = read
    ? fmt(read.qualityTrim ? (read.pair ? tx.result.tracePaired : tx.result.trace) : tx.result.traceUntrimmed, {
        file: read.fileName,
        sample: read.sampleName ? fmt(tx.result.sample, { name: read.sampleName }) : '',
        called: read.calledLength.toLocaleString(),
        limit: read.qualityTrim?.errorLimit ?? '',
        start: read.qualityTrim?.trimmedStart ?? 0,
        end: read.qualityTrim?.trimmedEnd ?? 0,
        // Of a pair, the forward read's own kept calls (the consensus length is in the pair's note).
        kept: (read.qualityTrim ? read.qualityTrim.end - read.qualityTrim.start : sequence.length).toLocaleString(),
        q: read.qualityTrim ? read.qualityTrim.meanQuality.toFixed(0) : '',
      })
    : null;
  const pair = read?.pair;
  const pairNote = pair
    ? fmt(tx.result.pair, {
        file: pair.reverse.fileName,
        called: pair.reverse.calledLength.toLocaleString(),
        start: pair.reverse.qualityTrim?.trimmedStart ?? 0,
        end: pair.reverse.qualityTrim?.trimmedEnd ?? 0,
        overlap: pair.overlapLength.toLocaleString(),
        identity: pair.identity.toFixed(1),
        mismatches: pair.mismatches,
        gaps: pair.gaps,
        resolved: pair.resolved,
        length: pair.consensusLength.toLocaleString(),
        q: pair.meanQuality.toFixed(0),
      })
    : read?.unpaired
      ? fmt(tx.result.unpaired, { partner: read.unpaired.partner, overlap: read.unpaired.overlapLength, identity: read.unpaired.identity.toFixed(1) })
      : null;
  const region = result?.ok ? result.region : undefined;
  const trimNote =
    result?.ok && region && (region.trimmedStart >= NOTABLE_TRIM || region.trimmedEnd >= NOTABLE_TRIM)
      ? fmt(tx.result.trimmed, { start: region.trimmedStart, end: region.trimmedEnd, from: region.start, to: region.end, coverage: result.hits[0]!.queryCoverage.toFixed(1) })
      : null;
  const notes =
    traceNote || trimNote ? (
      <>
        <p className="mdc-blast-seq__trim" data-testid="sequence-trim">
          {traceNote}
          {traceNote && trimNote && ' '}
          {trimNote}
        </p>
        {pairNote && (
          <p className="mdc-blast-seq__trim" data-testid={pair ? 'sequence-pair' : 'sequence-unpaired'}>
            {pairNote}
          </p>
        )}
      </>
    ) : null;

  if (!result) return <section className="mdc-blast-seq">{heading}</section>;
  if (!result.ok) {
    // No similar reference is a finished answer; other refusals say what to change.
    const noMatch = result.reason === 'no-similar-reference';
    return (
      <section className="mdc-blast-seq" id={`seq-${sequence.position}`} data-testid="sequence-result" data-ok="false" data-reason={result.reason}>
        {heading}
        {notes}
        {noMatch ? (
          <Alert type="warning" showIcon message={tx.result.noSimilar} description={result.detail[locale]} data-testid="sequence-no-match" />
        ) : (
          <Alert type="error" showIcon message={markerCase(result.message[locale])} description={result.detail[locale]} data-testid="sequence-refused" />
        )}
      </section>
    );
  }

  const top = result.hits.find((h) => h.rank === 1) ?? result.hits[0]!;
  // A species group is the answer: its members lead, the top hit is one of them.
  const group = result.confidence.level === 'species-group' && result.confidence.names.length > 1 ? result.confidence.names : null;
  const complex = result.confidence.complex;
  // Above the species the call is the genus ("Weissella sp."), the top hit only its closest species.
  const call = sequenceCall({ confidence: result.confidence, topHit: top });
  const aboveSpecies = !complex && !group && claimedRank(call) !== 'species';
  const speciesCell = (hit: Hit) => (
    <span className="mdc-blast-hit-species">
      <SpeciesLink species={hit.species} taxonId={hit.taxonId} />
      {hit.tiedWithTop && hit.rank > 1 && <Tag className="mdc-blast-tie">{tx.result.tiedMark}</Tag>}
      {hit.depositedSpecies && (
        <span className="mdc-blast-muted mdc-blast-small mdc-blast-deposited" data-testid="hit-deposited">
          {tx.result.depositedAs}
          <i>{hit.depositedSpecies}</i>
        </span>
      )}
    </span>
  );
  const similarityCell = (v: number) => <span data-testid="hit-similarity">{v.toFixed(2)}</span>;
  const scoreCell = (v: number) => <span data-testid="hit-score">{v}</span>;
  const wide: TableColumnsType<Hit> = [
    { title: tx.fields.rank, dataIndex: 'rank', width: 48 },
    { title: tx.fields.species, dataIndex: 'species', width: 240, render: (_: unknown, hit: Hit) => speciesCell(hit) },
    { title: tx.fields.accession, dataIndex: 'accession', width: 130 },
    { title: `${tx.fields.similarity} (%)`, dataIndex: 'similarity', width: 110, align: 'right', render: similarityCell },
    { title: `${tx.fields.length} (${bp})`, dataIndex: 'alignedLength', width: 120, align: 'right' },
    { title: `${tx.fields.mismatches} (${bp})`, dataIndex: 'mismatches', width: 110, align: 'right' },
    { title: `${tx.fields.gaps} (${bp})`, dataIndex: 'gaps', width: 90, align: 'right' },
    { title: tx.fields.score, dataIndex: 'score', width: 80, align: 'right', render: scoreCell },
    { title: `${tx.fields.coverage} (%)`, dataIndex: 'queryCoverage', width: 100, align: 'right', render: (v: number) => v.toFixed(1) },
  ];
  // A phone shows what ranks a hit; the rest of its numbers open with its alignment.
  const compact: TableColumnsType<Hit> = [
    { title: tx.fields.rank, dataIndex: 'rank', width: 30 },
    {
      title: tx.fields.species,
      dataIndex: 'species',
      render: (_: unknown, hit: Hit) => (
        <div>
          {speciesCell(hit)}
          <div className="mdc-blast-muted mdc-blast-small">{hit.accession}</div>
        </div>
      ),
    },
    { title: '%', dataIndex: 'similarity', width: 62, align: 'right', render: similarityCell },
    { title: tx.fields.score, dataIndex: 'score', width: 54, align: 'right', render: scoreCell },
  ];
  const details = (hit: Hit) =>
    narrow ? (
      <dl className="mdc-blast-stats mdc-blast-stats--hit">
        <Stat label={tx.fields.length} value={`${hit.alignedLength} ${bp}`} />
        <Stat label={tx.fields.mismatches} value={`${hit.mismatches} ${bp}`} />
        <Stat label={tx.fields.gaps} value={`${hit.gaps} ${bp}`} />
        <Stat label={tx.fields.coverage} value={percent(hit.queryCoverage, 1)} />
      </dl>
    ) : null;

  return (
    <section className="mdc-blast-seq" id={`seq-${sequence.position}`} data-testid="sequence-result" data-ok="true">
      {heading}
      {notes}
      <div className="mdc-blast-top" data-testid="top-hit">
        <div className="mdc-blast-top__head">
          <span className="mdc-blast-top__label">{aboveSpecies ? tx.result.call : tx.result.topHit}</span>
          <ConfidenceTag level={result.confidence.level} />
        </div>
        {complex ? (
          <>
            <div className="mdc-blast-top__species" data-testid="top-complex">
              {locale === 'zh' && <span>{complex.zh} </span>}
              <i>{complex.name}</i>
            </div>
            <div className="mdc-blast-top__lineage" data-testid="complex-members">
              {tx.result.complexMembers}
              {result.confidence.names.map((name, i) => (
                <Fragment key={name}>
                  {i > 0 && ', '}
                  <i>{name}</i>
                </Fragment>
              ))}
              {' · '}
              {tx.result.topHitOf}
              <SpeciesLink species={top.species} taxonId={top.taxonId} testId="top-hit-species" /> <span className="mdc-blast-top__accession">{top.accession}</span>
            </div>
            <p className="mdc-blast-top__explain" data-testid="complex-settles">
              {complex.settles[locale]}
            </p>
          </>
        ) : group ? (
          <>
            <div className="mdc-blast-top__species" data-testid="top-group">
              {group.map((name, i) => (
                <Fragment key={name}>
                  {i > 0 && <span className="mdc-blast-muted"> / </span>}
                  <i>{name}</i>
                </Fragment>
              ))}
            </div>
            <div className="mdc-blast-top__lineage">
              {tx.result.topHitOf}
              <SpeciesLink species={top.species} taxonId={top.taxonId} testId="top-hit-species" /> <span className="mdc-blast-top__accession">{top.accession}</span>
            </div>
          </>
        ) : aboveSpecies ? (
          <>
            {claimedRank(call) !== 'none' && (
              <div className="mdc-blast-top__species">
                <CallName call={call} testId="top-call" />
              </div>
            )}
            <div className="mdc-blast-top__species mdc-blast-top__closest">
              <ClosestSpecies call={call} taxonId={top.taxonId} link />
              <span className="mdc-blast-top__accession">{top.accession}</span>
            </div>
          </>
        ) : (
          <div className="mdc-blast-top__species">
            <SpeciesLink species={top.species} taxonId={top.taxonId} testId="top-hit-species" />
            <span className="mdc-blast-top__accession">{top.accession}</span>
          </div>
        )}
        {top.lineage.length > 0 && <div className="mdc-blast-top__lineage">{top.lineage.join(' › ')}</div>}
        <p className="mdc-blast-top__explain" data-testid="confidence-explain">
          {explainConfidence(result.confidence, thresholds, marker, tx)}
          {result.confidence.nextSpecies && result.confidence.level === 'species' && (
            <>
              {' '}
              {tx.explain.next.split('{species}')[0]}
              <i>{result.confidence.nextSpecies}</i>
              {tx.explain.next.split('{species}')[1]}
            </>
          )}
        </p>
        <NextStep method={marker} call={call} />
        <dl className="mdc-blast-stats">
          <Stat label={tx.fields.similarity} value={percent(top.similarity)} testId="top-hit-similarity" />
          <Stat label={tx.fields.length} value={`${top.alignedLength} ${bp}`} />
          <Stat label={tx.fields.identical} value={`${top.identical} ${bp}`} />
          <Stat label={tx.fields.mismatches} value={`${top.mismatches} ${bp}`} />
          <Stat label={tx.fields.gaps} value={`${top.gaps} ${bp}`} />
          <Stat label={tx.fields.score} value={String(top.score)} />
          <Stat label={tx.fields.coverage} value={percent(top.queryCoverage, 1)} testId="top-hit-coverage" />
          <Stat label={tx.fields.strand} value={tx.result.strand[result.strand]} />
        </dl>
        {result.tiedSpecies.length > 1 && (
          <div className="mdc-blast-top__ties" data-testid="tied-species">
            <span>
              {fmt(tx.result.tiedTitle, { n: result.tiedHits })}
              {locale === 'zh' ? '：' : ': '}
            </span>
            {result.tiedSpecies.map((species) => (
              <Tag key={species}>
                <i>{species}</i>
              </Tag>
            ))}
          </div>
        )}
        <div className="mdc-blast-top__actions">
          <LocaleLink to={taxonPath(top.species, top.taxonId)} data-testid="top-hit-taxon">
            {tx.result.taxonPage} <ArrowRightOutlined />
          </LocaleLink>
          <Button size="small" onClick={() => setShowTop((v) => !v)} data-testid="toggle-top-alignment">
            {showTop ? tx.result.hideAlignment : tx.result.showAlignment}
          </Button>
        </div>
        {showTop && <AlignmentView taskId={taskId} position={sequence.position} rank={top.rank} />}
      </div>

      <div className="mdc-blast-hits">
        <div className="mdc-blast-hits__head">
          <h3>{tx.result.hitsTitle}</h3>
          <div className="mdc-blast-hits__sort">
            <span>{tx.result.sortBy}</span>
            <Segmented
              size="small"
              value={sort}
              onChange={(value) => setSort(value as HitSort)}
              options={(['rank', 'similarity', 'score'] as const).map((key) => ({
                value: key,
                label: <span data-testid={`sort-${key}`}>{tx.result.sort[key]}</span>,
              }))}
            />
          </div>
        </div>
        <p className="mdc-blast-hits__note">{fmt(tx.result.hitsNote, { aligned: result.aligned })}</p>
        <Table<Hit>
          size="small"
          rowKey="rank"
          columns={narrow ? compact : wide}
          dataSource={hits}
          pagination={false}
          {...(narrow ? {} : { scroll: { x: 1030 } })}
          data-testid="hits-table"
          onRow={(hit) => ({ 'data-testid': 'hit-row', 'data-rank': hit.rank }) as HTMLAttributes<HTMLElement>}
          expandable={{
            expandedRowKeys: expanded,
            onExpandedRowsChange: (keys) => setExpanded(keys as number[]),
            expandedRowRender: (hit) => (
              <>
                {details(hit)}
                <AlignmentView taskId={taskId} position={sequence.position} rank={hit.rank} title={fmt(tx.result.alignmentTitle, { species: hit.species, accession: hit.accession })} />
              </>
            ),
          }}
        />
      </div>
    </section>
  );
}
