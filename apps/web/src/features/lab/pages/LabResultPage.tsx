import { DownloadOutlined, FileExcelOutlined, FilePdfOutlined, HistoryOutlined, LoadingOutlined, PlusOutlined, PrinterOutlined } from '@ant-design/icons';
import { App, Alert, Button, Grid, Result, Spin, Table, Tag } from 'antd';
import { useEffect, useState, type HTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { LocaleLink } from '../../../components/LocaleLink';
import { AreaHero } from '../../../components/page/AreaPage';
import { useLocale } from '../../../lib/i18n/hooks';
import { downloadFile, labApi, type BatchPreviewRow, type ExperimentDetail, type ResultItem } from '../api';
import { drugLabel } from '../components/AddAntibioticDialog';
import { CategoryTag } from '../components/CategoryTag';
import { organismLabel } from '../components/OrganismInput';
import { GenomeComparisonCard } from '../components/GenomeComparisonCard';
import { RereadCard } from '../components/RereadCard';
import { ResultDetailDialog } from '../components/ResultDetailDialog';
import { useLabText, type LabText } from '../i18n';
import { testsEntered } from '../values';
import '../lab.css';

const POLL_MS = 1000;

type State = { kind: 'loading' } | { kind: 'missing'; message: string } | { kind: 'ok'; experiment: ExperimentDetail };

export function StatusTag({ status, text }: { status: ExperimentDetail['status']; text: LabText }) {
  const colour = status === 'done' ? 'green' : status === 'failed' ? 'red' : 'processing';
  return (
    <Tag color={colour} icon={status === 'running' ? <LoadingOutlined /> : undefined} data-testid="experiment-status" data-status={status}>
      {text.status[status]}
    </Tag>
  );
}

/** The browser's time zone, for the times in exported reports ('' lets the server choose). */
function readerTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone ?? '';
  } catch {
    return '';
  }
}

export function formatTime(iso: string | null, locale: 'zh' | 'en'): string {
  if (!iso) return '—';
  return new Date(iso).toLocaleString(locale === 'zh' ? 'zh-CN' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' });
}

/** Follows the experiment every second while it runs, then stops: no reload needed. */
function useExperiment(id: string | null): State {
  const [state, setState] = useState<State>({ kind: 'loading' });
  useEffect(() => {
    if (id === null) return undefined;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = async (first: boolean) => {
      const envelope = await labApi.detail(id, { toast: false, progress: first }).catch(() => null);
      if (!live) return;
      if (!envelope) {
        timer = setTimeout(() => void load(false), POLL_MS * 3);
        return;
      }
      if (envelope.code !== 0) {
        setState({ kind: 'missing', message: envelope.msg });
        return;
      }
      setState({ kind: 'ok', experiment: envelope.data });
      if (envelope.data.status === 'running') timer = setTimeout(() => void load(false), POLL_MS);
    };
    setState({ kind: 'loading' });
    void load(true);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [id]);
  return state;
}

export default function LabResultPage() {
  const { t } = useTranslation();
  const text = useLabText();
  const locale = useLocale();
  const { message } = App.useApp();
  const raw = useSearchParams()[0].get('id');
  // An opaque reference, or the global id of an address made before references existed.
  const id = raw && /^(?:\d{1,15}|[a-z][0-9a-z]{4,39})$/.test(raw) ? raw : null;
  const state = useExperiment(id);
  const [detail, setDetail] = useState<ResultItem | null>(null);
  const [exporting, setExporting] = useState<string | null>(null);
  const narrow = !Grid.useBreakpoint().md;

  const crumbs = [
    { label: t('nav.home'), to: '/' },
    { label: t('nav.lab'), to: '/lab' },
    { label: text.result.title, to: '/lab/res' },
  ];

  const download = async (key: string, url: string, params: Record<string, string>, name: string) => {
    setExporting(key);
    const outcome = await downloadFile(url, params, name).catch(() => ({ ok: false as const, message: null }));
    setExporting(null);
    if (!outcome.ok) void message.error(outcome.message ?? text.result.exportFailed);
  };

  if (id === null || state.kind === 'missing') {
    return (
      <div className="mdc-lab" data-testid="lab-res-page">
        <AreaHero area="lab" crumbs={crumbs} title={text.result.title} lead={text.result.lead} />
        <div className="mdc-container mdc-lab__body">
          <div data-testid="lab-res-missing">
            <Result
              status="404"
              title={text.result.notFound}
              subTitle={text.result.notFoundText}
              extra={
                <LocaleLink to="/lab/hist">
                  <Button type="primary">{text.result.toHistory}</Button>
                </LocaleLink>
              }
            />
          </div>
        </div>
      </div>
    );
  }

  if (state.kind === 'loading') {
    return (
      <div className="mdc-lab" data-testid="lab-res-page">
        <AreaHero area="lab" crumbs={crumbs} title={`${text.result.title} · #${id}`} lead={text.result.lead} />
        <div className="mdc-container mdc-lab__body" style={{ textAlign: 'center', padding: 48 }}>
          <Spin size="large" />
        </div>
      </div>
    );
  }

  const e = state.experiment;
  const r = text.result;
  const organism = e.organism.name ? organismLabel({ name: e.organism.name, nameZh: e.organism.nameZh }, locale) : e.organism.input;
  const tests = testsEntered(text, e.tests);
  const info: Array<[string, ReactNode]> =
    e.kind === 'batch'
      ? [
          [r.batchFile, e.batch?.fileName ?? e.sampleName],
          [r.guideline, e.guideline ? `${e.guideline} ${e.year ?? ''}` : text.batch.asInFile],
          [r.batchIsolates, String(e.batch?.isolates ?? '—')],
          [r.batchResults, e.status === 'done' ? String(e.batch?.results ?? 0) : '—'],
          [r.submitted, formatTime(e.createdAt, locale)],
          [r.finished, formatTime(e.finishedAt, locale)],
        ]
      : [
          [r.sample, `${e.sampleName} · ${e.sampleTypeLabel[locale]}`],
          [r.organism, organism],
          [r.method, e.method === 'DISK' ? text.form.zoneValue : text.form.micValue],
          [r.site, e.siteLabel[locale]],
          [r.guideline, `${e.guideline ?? ''} ${e.year ?? ''}`],
          [
            text.tests.entered,
            <span data-testid="experiment-tests" key="tests">
              {tests.length === 0 ? (
                <span className="mdc-lab__muted">{text.tests.none}</span>
              ) : (
                tests.map(([code, name, result]) => (
                  <span key={code} className="mdc-lab__test" data-code={code}>
                    {name}
                    {locale === 'zh' ? '：' : ': '}
                    <strong>{result}</strong>
                  </span>
                ))
              )}
            </span>,
          ],
          [r.submitted, formatTime(e.createdAt, locale)],
          [r.finished, formatTime(e.finishedAt, locale)],
        ];

  return (
    <div className="mdc-lab" data-testid="lab-res-page" data-status={e.status}>
      <AreaHero
        area="lab"
        crumbs={crumbs}
        title={`${r.title} · #${e.number}`}
        lead={e.kind === 'batch' ? (e.batch?.fileName ?? e.sampleName) : `${e.sampleName} · ${organism}`}
        tags={<StatusTag status={e.status} text={text} />}
      />
      <div className="mdc-container mdc-lab__body">
        <div className="mdc-print-only">
          <strong>MDC · {r.title}</strong> · {formatTime(new Date().toISOString(), locale)}
        </div>
        <div className="mdc-lab__bar mdc-no-print">
          {e.kind === 'single' ? (
            <>
              <Button
                icon={<FilePdfOutlined />}
                disabled={e.status !== 'done'}
                loading={exporting === 'pdf'}
                data-testid="export-pdf"
                onClick={() => download('pdf', `/api/lab/experiments/${e.id}/export`, { format: 'pdf', lang: locale, tz: readerTimeZone() }, `mdc-ast-${e.number}.pdf`)}
              >
                {r.exportPdf}
              </Button>
              <Button
                icon={<FileExcelOutlined />}
                disabled={e.status !== 'done'}
                loading={exporting === 'xlsx'}
                data-testid="export-excel"
                onClick={() => download('xlsx', `/api/lab/experiments/${e.id}/export`, { format: 'xlsx', lang: locale, tz: readerTimeZone() }, `mdc-ast-${e.number}.xlsx`)}
              >
                {r.exportExcel}
              </Button>
              <Button icon={<PrinterOutlined />} disabled={e.status !== 'done'} onClick={() => window.print()} data-testid="print">
                {r.print}
              </Button>
            </>
          ) : (
            <>
              <Button
                type="primary"
                icon={<DownloadOutlined />}
                disabled={e.status !== 'done'}
                loading={exporting === 'csv'}
                data-testid="download-csv"
                onClick={() => download('csv', `/api/lab/experiments/${e.id}/download`, { format: 'csv', lang: locale }, `mdc-ast-${e.number}.csv`)}
              >
                {r.downloadCsv}
              </Button>
              <Button
                icon={<FileExcelOutlined />}
                disabled={e.status !== 'done'}
                loading={exporting === 'xlsx'}
                data-testid="download-excel"
                onClick={() => download('xlsx', `/api/lab/experiments/${e.id}/download`, { format: 'xlsx', lang: locale }, `mdc-ast-${e.number}.xlsx`)}
              >
                {r.downloadExcel}
              </Button>
            </>
          )}
          <span className="mdc-lab__bar-spacer" />
          <LocaleLink to="/lab">
            <Button icon={<PlusOutlined />}>{r.newExperiment}</Button>
          </LocaleLink>
          <LocaleLink to="/lab/hist">
            <Button icon={<HistoryOutlined />}>{r.toHistory}</Button>
          </LocaleLink>
        </div>

        <section className="mdc-lab__card">
          <dl className="mdc-lab__info">
            {info.map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          {e.kind === 'batch' && e.status === 'done' && e.batch?.genome && (
            <Alert
              className="mdc-lab__genome-batch"
              type={e.batch.genome.veryMajor > 0 ? 'error' : e.batch.genome.major > 0 ? 'warning' : 'info'}
              showIcon
              message={text.genome.batch(e.batch.genome)}
              data-testid="batch-genome"
              data-very-major={e.batch.genome.veryMajor}
              data-major={e.batch.genome.major}
            />
          )}
          {e.categories && e.status === 'done' && (
            <div className="mdc-lab__counts" style={{ marginTop: 14 }} data-testid="category-counts">
              {Object.entries(e.categories).map(([category, n]) => (
                <span key={category}>
                  <CategoryTag category={category === 'none' ? null : category} /> × {n}
                </span>
              ))}
            </div>
          )}
        </section>

        {e.status === 'running' && (
          <Alert type="info" showIcon icon={<Spin size="small" />} message={r.running} description={r.runningText} data-testid="lab-running" style={{ marginBottom: 20 }} />
        )}
        {e.status === 'failed' && <Alert type="error" showIcon message={r.failed} description={<span style={{ whiteSpace: 'pre-line' }}>{e.error}</span>} data-testid="lab-failed" style={{ marginBottom: 20 }} />}

        {e.kind === 'single' && e.status === 'done' && (
          <>
            {(e.alerts ?? []).length > 0 && (
              <section className="mdc-lab__card" data-testid="lab-alerts" aria-label={r.alerts}>
                {e.alerts.map((alert) => (
                  <Alert
                    key={alert.id}
                    type="error"
                    showIcon
                    data-testid="lab-alert"
                    data-alert={alert.id}
                    style={{ marginBottom: 8 }}
                    message={`${alert.title[locale]} (${alert.drugs.join(', ')})`}
                    description={`${r.nextStep}: ${alert.nextStep[locale]}`}
                  />
                ))}
              </section>
            )}
            <section className="mdc-lab__card">
              {narrow ? (
                <ul className="mdc-cards" data-testid="result-table">
                  {e.results.map((result) => (
                    <li
                      key={result.position}
                      className="mdc-cards__item"
                      role="button"
                      tabIndex={0}
                      data-testid="result-row"
                      data-code={result.antibiotic?.code ?? ''}
                      onClick={() => setDetail(result)}
                      onKeyDown={(event) => event.key === 'Enter' && setDetail(result)}
                    >
                      <div className="mdc-cards__head">
                        <span className="mdc-cards__title">
                          {result.antibiotic ? drugLabel(result.antibiotic, locale) : result.antibioticInput}
                          {result.antibiotic && <span className="mdc-lab__code">{result.antibiotic.code}</span>}
                        </span>
                        <CategoryTag category={result.category} original={result.changes.length ? result.originalCategory : undefined} guideline={result.guideline} year={result.year} />
                      </div>
                      <div className="mdc-cards__meta">
                        {r.value} {result.value || '—'}
                        {result.potency ? ` (${result.potency})` : ''}
                        {result.breakpointText ? ` · ${result.breakpointText}` : ''}
                      </div>
                      <div className="mdc-cards__text">
                        {result.explanation[locale]}
                        <ResultNotes result={result} locale={locale} />
                      </div>
                      <div className="mdc-cards__actions mdc-no-print">
                        <Button size="small" type="link" style={{ padding: 0 }} data-testid="result-detail">
                          {r.detail}
                        </Button>
                        {result.changes.length > 0 && <Tag color="orange">{r.changedBy}</Tag>}
                      </div>
                    </li>
                  ))}
                </ul>
              ) : (
                <Table<ResultItem>
                  className="mdc-lab__table"
                  size="middle"
                  rowKey="position"
                  pagination={false}
                  dataSource={e.results}
                  scroll={{ x: 760 }}
                  data-testid="result-table"
                  onRow={(result) => ({ onClick: () => setDetail(result), 'data-testid': 'result-row', 'data-code': result.antibiotic?.code ?? '' }) as HTMLAttributes<HTMLElement>}
                  columns={[
                    {
                      title: r.antibiotic,
                      key: 'antibiotic',
                      width: 170,
                      render: (_, result) => (
                        <span>
                          {result.antibiotic ? drugLabel(result.antibiotic, locale) : result.antibioticInput}
                          {result.antibiotic && <span className="mdc-lab__code">{result.antibiotic.code}</span>}
                          {result.inferred && <Tag style={{ marginLeft: 6 }}>{r.inferred}</Tag>}
                        </span>
                      ),
                    },
                    {
                      title: r.value,
                      key: 'value',
                      width: 90,
                      render: (_, result) => (
                        <span>
                          {result.value || '—'}
                          {result.potency && <div className="mdc-lab__muted">{result.potency}</div>}
                        </span>
                      ),
                    },
                    { title: r.breakpoint, key: 'bp', width: 170, render: (_, result) => <span className="mdc-drugs__bp">{result.breakpointText || '—'}</span> },
                    {
                      title: r.category,
                      key: 'category',
                      width: 100,
                      render: (_, result) => <CategoryTag category={result.category} original={result.changes.length ? result.originalCategory : undefined} guideline={result.guideline} year={result.year} />,
                    },
                    {
                      title: r.explanation,
                      key: 'explanation',
                      render: (_, result) => (
                        <span className="mdc-lab__explain">
                          {result.explanation[locale]}
                          <ResultNotes result={result} locale={locale} />
                          {result.changes.length > 0 && (
                            <Tag color="orange" style={{ marginLeft: 6 }}>
                              {r.changedBy}
                            </Tag>
                          )}
                        </span>
                      ),
                    },
                    {
                      title: '',
                      key: 'detail',
                      width: 72,
                      className: 'mdc-no-print',
                      render: (_, result) => (
                        <Button
                          size="small"
                          type="link"
                          data-testid="result-detail"
                          onClick={(event) => {
                            event.stopPropagation();
                            setDetail(result);
                          }}
                        >
                          {r.detail}
                        </Button>
                      ),
                    },
                  ]}
                />
              )}
            </section>
            {e.genome && <GenomeComparisonCard genome={e.genome} />}
            <RereadCard experiment={e} />
            <section className="mdc-lab__card" data-testid="fired-rules">
              <h2 className="mdc-lab__card-title">{r.rules}</h2>
              {!e.expertRules ? (
                <Alert type="warning" showIcon message={text.tests.rulesOff} description={text.tests.rulesOffText} data-testid="rules-off" />
              ) : e.rules.length === 0 ? (
                <p className="mdc-lab__muted">{r.noRules}</p>
              ) : (
                <ul style={{ margin: 0, paddingLeft: 20 }}>
                  {e.rules.map((rule) => (
                    <li key={`${rule.source}:${rule.rule}`}>
                      <strong>{rule.rule}</strong> — {rule.description[locale]}
                      {rule.changed.length > 0 && <span className="mdc-lab__muted"> → {rule.changed.join(', ')}</span>}
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </>
        )}

        {e.kind === 'batch' && e.status === 'done' && e.batch && (
          <section className="mdc-lab__card">
            <p className="mdc-lab__muted">{r.preview(e.batch.preview.length, e.batch.results)}</p>
            <Table<BatchPreviewRow>
              size="small"
              rowKey={(row) => `${row.isolate}:${row.specimenNumber}:${row.column}:${row.antibiotic}`}
              dataSource={e.batch.preview}
              pagination={{ pageSize: 20, showSizeChanger: false }}
              scroll={{ x: 900 }}
              data-testid="batch-preview"
              columns={[
                // A lab knows its isolates by specimen number and patient, not by the row of the file.
                ...(e.batch.preview.some((row) => row.specimenNumber || row.patientId)
                  ? [
                      { title: r.specimenNumber, key: 'specimenNumber', width: 120, render: (_: unknown, row: BatchPreviewRow) => row.specimenNumber || '—' },
                      { title: r.patientId, key: 'patientId', width: 120, render: (_: unknown, row: BatchPreviewRow) => row.patientId || '—' },
                    ]
                  : [{ title: r.isolate, dataIndex: 'isolate', width: 70 }]),
                { title: r.organism, key: 'organism', width: 170, render: (_, row) => (locale === 'zh' ? row.organismZh || row.organismName : row.organismName) || row.organism },
                { title: r.test, dataIndex: 'column', width: 100 },
                { title: r.antibiotic, key: 'antibiotic', width: 140, render: (_, row) => (locale === 'zh' ? row.antibioticZh || row.antibioticName : row.antibioticName) || row.antibiotic },
                { title: r.value, dataIndex: 'value', width: 70 },
                { title: r.category, key: 'category', width: 90, render: (_, row) => <CategoryTag category={row.category || null} original={row.originalCategory || undefined} /> },
                { title: r.breakpoint, dataIndex: 'breakpoint', width: 170 },
                { title: r.explanation, key: 'reason', render: (_, row) => <span className="mdc-lab__explain">{row.reason[locale]}</span> },
              ]}
            />
          </section>
        )}
      </div>
      <ResultDetailDialog experiment={e} result={detail} onClose={() => setDetail(null)} />
    </div>
  );
}

/** The notes a reader must not miss beside the category: year changes, reporting instructions, SDD/EUCAST I meaning. */
function ResultNotes({ result, locale }: { result: ResultItem; locale: 'zh' | 'en' }) {
  const shown = result.notes.filter((n) => /— was |—— 按|not to be reported|不得报告|SDD|increased exposure|增加暴露/.test(n[locale]));
  if (shown.length === 0) return null;
  return (
    <span className="mdc-lab__notes" data-testid="result-notes">
      {shown.map((n, i) => (
        <span key={i} style={{ display: 'block', color: /— was |—— 按/.test(n[locale]) ? '#8a5a00' : '#b3261e', fontSize: 12, marginTop: 2 }}>
          {n[locale]}
        </span>
      ))}
    </span>
  );
}
