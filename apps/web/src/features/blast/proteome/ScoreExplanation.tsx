import { CloseOutlined } from '@ant-design/icons';
import { Alert, Button, Spin, Table, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { useLocale } from '../../../lib/i18n/hooks';
import { fmt } from '../texts';
import { BandTag, shown } from './bits';
import { MirrorChart } from './Charts';
import { proteomeApi, type Explanation } from './api';
import { useProteomeTexts } from './texts';

const pct = (x: number) => `${(100 * x).toFixed(0)}%`;
/** Intensities as a share of the spectrum's strongest peak: TIC-normalised values mean nothing to a reader. */
const relative = (max: number) => (x: number) => `${((100 * x) / max).toFixed(1)}%`;

/**
 * Why a hit scored what it did: the three factors of the log score, the mirrored picture of the
 * query and the reference main spectrum, and the peaks behind each factor.
 */
export function ScoreExplanation({ taskId, spectrum, rank, range, onClose }: { taskId: string; spectrum: number; rank: number; range: [number, number]; onClose(): void }) {
  const px = useProteomeTexts();
  const locale = useLocale();
  const t = px.explanation;
  const [state, setState] = useState<{ data?: Explanation; failed?: boolean }>({});

  useEffect(() => {
    let live = true;
    setState({});
    proteomeApi
      .explain(taskId, spectrum, rank)
      .then((answer) => live && setState(answer.code === 0 && answer.data ? { data: answer.data } : { failed: true }))
      .catch(() => live && setState({ failed: true }));
    return () => {
      live = false;
    };
  }, [taskId, spectrum, rank]);

  const ex = state.data;
  const queryPeaks = ex ? [...ex.matched.map((m) => ({ mz: m.queryMz, intensity: m.queryIntensity })), ...ex.unmatchedQuery].sort((a, b) => a.mz - b.mz) : [];
  const q = relative(Math.max(1e-12, ...queryPeaks.map((p) => p.intensity)));
  const r = relative(Math.max(1e-12, ...(ex?.reference.peaks ?? []).map((p) => p.intensity)));
  return (
    <section className="mdc-ms-explain" data-testid="proteome-explanation" data-rank={rank} data-state={ex ? 'ready' : state.failed ? 'failed' : 'loading'}>
      <div className="mdc-ms-explain__head">
        <h3>{fmt(t.title, { species: '' })}{ex && <i>{ex.hit.species}</i>}{ex?.hit.strain ? ` ${ex.hit.strain}` : ''}</h3>
        <Button type="text" icon={<CloseOutlined />} onClick={onClose} aria-label={t.close} data-testid="explanation-close" />
      </div>
      {!ex && !state.failed && (
        <div className="mdc-blast__loading">
          <Spin tip={t.loading} />
        </div>
      )}
      {state.failed && <Alert type="warning" showIcon message={t.failed} />}
      {ex && (
        <>
          <div className="mdc-ms-factors" data-testid="explanation-factors">
            <div>
              <span>{t.queryShare}</span>
              <strong data-testid="factor-query">{pct(ex.queryMatchedShare)}</strong>
              <small>{fmt(t.queryShareOf, { m: ex.matched.length, n: ex.queryPeaks })}</small>
            </div>
            <span className="mdc-ms-factors__op">×</span>
            <div>
              <span>{t.referenceShare}</span>
              <strong data-testid="factor-reference">{pct(ex.referenceMatchedShare)}</strong>
              <small>{fmt(t.referenceShareOf, { m: ex.matched.length, n: ex.referencePeaks })}</small>
            </div>
            <span className="mdc-ms-factors__op">×</span>
            <div>
              <span>{t.correlation}</span>
              <strong data-testid="factor-correlation">{ex.intensityCorrelation.toFixed(2)}</strong>
              <small>{ex.pearson === null ? t.correlationNone : fmt(t.correlationOf, { r: ex.pearson.toFixed(3) })}</small>
            </div>
            <span className="mdc-ms-factors__op">→</span>
            <div className="mdc-ms-factors__score">
              <span>{t.formula}</span>
              <strong data-testid="explanation-score">{shown(ex.score)}</strong>
              <BandTag level={ex.level} />
            </div>
          </div>
          <p className="mdc-blast-muted" data-testid="explanation-text">
            {ex.text[locale]}
          </p>
          <h4>{t.picture}</h4>
          <div className="mdc-ms-chart-wrap">
            <MirrorChart profile={ex.profile} queryPeaks={queryPeaks} reference={ex.reference.peaks} matched={ex.matched} range={range} labels={{ query: t.query, reference: `${t.reference}:`, species: ex.reference.species, strain: ex.reference.strain }} />
          </div>
          <p className="mdc-blast-muted mdc-blast-small">{fmt(t.pictureNote, { ppm: ex.tolerancePpm })}</p>
          <Tabs
            size="small"
            items={[
              {
                key: 'matched',
                label: <span data-testid="tab-matched">{fmt(t.matchedTitle, { n: ex.matched.length })}</span>,
                children: (
                  <Table
                    size="small"
                    rowKey={(m) => `${m.queryMz}-${m.referenceMz}`}
                    dataSource={ex.matched}
                    pagination={{ pageSize: 10, size: 'small', showSizeChanger: false, hideOnSinglePage: true }}
                    scroll={{ x: true }}
                    data-testid="matched-peaks"
                    columns={[
                      { title: t.columns.queryMz, dataIndex: 'queryMz', render: (v: number) => v.toFixed(2), sorter: (a, b) => a.queryMz - b.queryMz, defaultSortOrder: 'ascend' },
                      { title: t.columns.referenceMz, dataIndex: 'referenceMz', render: (v: number) => v.toFixed(2) },
                      { title: t.columns.error, dataIndex: 'errorPpm', render: (v: number) => v.toFixed(0), sorter: (a, b) => Math.abs(a.errorPpm) - Math.abs(b.errorPpm) },
                      { title: t.columns.queryIntensity, dataIndex: 'queryIntensity', render: (v: number) => q(v), responsive: ['sm'] },
                      { title: t.columns.referenceIntensity, dataIndex: 'referenceIntensity', render: (v: number) => r(v), responsive: ['sm'] },
                      { title: t.columns.frequency, dataIndex: 'referenceFrequency', render: (v: number) => pct(v), responsive: ['md'] },
                    ]}
                  />
                ),
              },
              {
                key: 'query',
                label: <span data-testid="tab-unmatched-query">{fmt(t.unmatchedQueryTitle, { n: ex.unmatchedQuery.length })}</span>,
                children: (
                  <Table
                    size="small"
                    rowKey="mz"
                    dataSource={ex.unmatchedQuery}
                    pagination={{ pageSize: 10, size: 'small', showSizeChanger: false, hideOnSinglePage: true }}
                    columns={[
                      { title: t.columns.mz, dataIndex: 'mz', render: (v: number) => v.toFixed(2), sorter: (a, b) => a.mz - b.mz, defaultSortOrder: 'ascend' },
                      { title: t.columns.intensity, dataIndex: 'intensity', render: (v: number) => q(v), sorter: (a, b) => a.intensity - b.intensity },
                    ]}
                  />
                ),
              },
              {
                key: 'reference',
                label: <span data-testid="tab-unmatched-reference">{fmt(t.unmatchedReferenceTitle, { n: ex.unmatchedReference.length })}</span>,
                children: (
                  <Table
                    size="small"
                    rowKey="mz"
                    dataSource={ex.unmatchedReference}
                    pagination={{ pageSize: 10, size: 'small', showSizeChanger: false, hideOnSinglePage: true }}
                    columns={[
                      { title: t.columns.mz, dataIndex: 'mz', render: (v: number) => v.toFixed(2), sorter: (a, b) => a.mz - b.mz, defaultSortOrder: 'ascend' },
                      { title: t.columns.intensity, dataIndex: 'intensity', render: (v: number) => r(v), sorter: (a, b) => a.intensity - b.intensity },
                      { title: t.columns.frequency, dataIndex: 'frequency', render: (v: number) => pct(v), sorter: (a, b) => a.frequency - b.frequency },
                    ]}
                  />
                ),
              },
            ]}
          />
        </>
      )}
    </section>
  );
}
