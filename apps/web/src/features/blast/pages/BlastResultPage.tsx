import { DownloadOutlined, FilePdfOutlined, LinkOutlined, PrinterOutlined, ReloadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Result, Spin, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { AreaHero } from '../../../components/page/AreaPage';
import { LocaleLink } from '../../../components/LocaleLink';
import { isCancelled } from '../../../lib/http';
import { useLocale } from '../../../lib/i18n/hooks';
import { useAuth } from '../../../lib/auth/session';
import { blastApi, downloadExport, type TaskDetail } from '../api';
import { StatusTag, dateTime, markerCase } from '../components/bits';
import { methodView } from '../methods';
import { useClaimLocalTasks } from '../local-tasks';
import { fmt, useBlastTexts } from '../texts';
import '../blast.css';

interface TaskState {
  task?: TaskDetail;
  notFound?: boolean;
  problem?: string;
}

/** Polls less often the longer a task runs: a queue that is busy for minutes needs no hammering. */
function pollDelay(ageMs: number): number {
  return ageMs < 15_000 ? 1000 : ageMs < 120_000 ? 2500 : 5000;
}

/** Loads a task and follows it while it runs; stops when it is done or failed. */
function useTask(id: string | null, networkText: string): TaskState & { reload(): void } {
  const [state, setState] = useState<TaskState>({});
  const [attempt, setAttempt] = useState(0);
  const { token } = useAuth();

  useEffect(() => {
    if (!id) return undefined;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const started = Date.now();
    let first = true;
    const tick = async () => {
      try {
        const answer = await blastApi.task(id, { silent: true, progress: first });
        first = false;
        if (!live) return;
        if (answer.code === 0 && answer.data) {
          const task = answer.data;
          setState({ task });
          if (task.status === 'running') timer = setTimeout(() => void tick(), pollDelay(Date.now() - started));
        } else if (answer.code === 1004) {
          setState({ notFound: true });
        } else {
          setState((prev) => ({ ...prev, problem: answer.msg }));
        }
      } catch (error) {
        if (!live || isCancelled(error)) return;
        setState((prev) => ({ ...prev, problem: networkText }));
        // A dropped connection during a long run: keep trying, more slowly.
        timer = setTimeout(() => void tick(), 5000);
      }
    };
    void tick();
    return () => {
      live = false;
      if (timer) clearTimeout(timer);
    };
  }, [id, attempt, token, networkText]);

  return { ...state, reload: () => setAttempt((n) => n + 1) };
}

function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

export default function BlastResultPage() {
  const tx = useBlastTexts();
  const locale = useLocale();
  const { message } = App.useApp();
  const id = useSearchParams()[0].get('id');
  const claimed = useClaimLocalTasks();
  const { task, notFound, problem, reload } = useTask(id, tx.problems.network);
  const running = task?.status === 'running';
  const now = useNow(running);
  const [exporting, setExporting] = useState<'csv' | 'pdf' | null>(null);

  // A task claimed while this page was open is now the account's: load it again as such.
  useEffect(() => {
    if (id && claimed.includes(id)) reload();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [claimed, id]);

  const crumbs = [
    { label: tx.crumbs.home, to: '/' },
    { label: tx.crumbs.blast, to: '/blast' },
    { label: tx.crumbs.res, to: '/blast/res' },
  ];

  async function exportAs(kind: 'csv' | 'pdf') {
    if (!task) return;
    if (kind === 'pdf' && !task.pdf) {
      window.print();
      return;
    }
    setExporting(kind);
    try {
      const refused = await downloadExport(task.id, kind);
      if (refused) {
        if (kind === 'pdf') window.print();
        else void message.error(refused);
      }
    } catch {
      void message.error(tx.problems.network);
    } finally {
      setExporting(null);
    }
  }

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(window.location.href);
      void message.success(tx.result.copied);
    } catch {
      // Clipboard refused (insecure origin): the address bar still has the link.
    }
  }

  const queued = task?.job?.status === 'queued';
  const view = methodView(task?.method);

  return (
    <div className="mdc-area mdc-blast" data-testid="blast-res-page" data-status={task?.status ?? (notFound ? 'not-found' : 'loading')}>
      <AreaHero
        area="blast"
        crumbs={crumbs}
        title={tx.result.title}
        lead={tx.result.lead}
        tags={
          task ? (
            <>
              <StatusTag status={task.status} queued={queued} />
              <Tag data-testid="task-method">{tx.methodLabels[task.method]}</Tag>
            </>
          ) : undefined
        }
      />
      <div className="mdc-container mdc-blast__body">
        {(!id || notFound) && (
          <div data-testid="blast-not-found">
            <Result
              status="404"
              title={tx.result.notFoundTitle}
              subTitle={tx.result.notFoundText}
              extra={
                <LocaleLink to="/blast">
                  <Button type="primary">{tx.result.backToBlast}</Button>
                </LocaleLink>
              }
            />
          </div>
        )}
        {problem && !notFound && (
          <Alert
            type="warning"
            showIcon
            className="mdc-blast__notice"
            message={problem}
            action={
              <Button size="small" icon={<ReloadOutlined />} onClick={reload}>
                {tx.problems.retry}
              </Button>
            }
          />
        )}
        {id && !task && !notFound && !problem && (
          <div className="mdc-blast__loading">
            <Spin />
          </div>
        )}
        {task && (
          <>
            <section className="mdc-blast-summary" data-testid="task-summary">
              <dl className="mdc-blast-summary__facts">
                <div>
                  <dt>{tx.result.task}</dt>
                  <dd className="mdc-blast-mono" data-testid="task-id">
                    {task.id}
                  </dd>
                </div>
                <div>
                  <dt>{tx.result.type}</dt>
                  <dd>{tx.methodLabels[task.method]}</dd>
                </div>
                <div>
                  <dt>{tx.result.submitted}</dt>
                  <dd>{dateTime(task.createdAt)}</dd>
                </div>
                {task.finishedAt && (
                  <div>
                    <dt>{tx.result.finished}</dt>
                    <dd>{dateTime(task.finishedAt)}</dd>
                  </div>
                )}
                {view?.facts?.(task, locale).map((fact) => (
                  <div key={fact.label}>
                    <dt>{fact.label}</dt>
                    <dd data-testid={fact.testId}>{fact.value}</dd>
                  </div>
                ))}
                {task.fileName && (
                  <div>
                    <dt>{tx.result.file}</dt>
                    <dd>{task.fileName}</dd>
                  </div>
                )}
                {task.reference && (
                  <div>
                    <dt>{tx.result.referenceSet}</dt>
                    <dd>{task.reference.count.toLocaleString()}</dd>
                  </div>
                )}
                {task.searchMs !== null && (
                  <div>
                    <dt>{tx.result.searchTime}</dt>
                    <dd>{(task.searchMs / 1000).toFixed(2)} s</dd>
                  </div>
                )}
              </dl>
              {task.status !== 'running' && (
                <div className="mdc-blast-summary__actions mdc-blast-noprint">
                  <Button icon={<DownloadOutlined />} onClick={() => void exportAs('csv')} loading={exporting === 'csv'} data-testid="export-csv">
                    {tx.result.exportCsv}
                  </Button>
                  <Button icon={task.pdf ? <FilePdfOutlined /> : <PrinterOutlined />} onClick={() => void exportAs('pdf')} loading={exporting === 'pdf'} data-testid="export-pdf">
                    {tx.result.exportPdf}
                  </Button>
                  <Button type="text" icon={<PrinterOutlined />} onClick={() => window.print()}>
                    {tx.result.print}
                  </Button>
                </div>
              )}
            </section>

            {task.anonymous && (
              <Alert
                type="info"
                showIcon
                className="mdc-blast__notice mdc-blast-noprint"
                message={tx.result.anonymous}
                data-testid="anonymous-notice"
                action={
                  <Button size="small" icon={<LinkOutlined />} onClick={() => void copyLink()}>
                    {tx.result.copyLink}
                  </Button>
                }
              />
            )}

            {running && (
              <div className="mdc-blast-running" data-testid="task-running">
                <Spin size="large" />
                <div>
                  <p className="mdc-blast-running__title">{queued ? tx.result.queued : tx.result.waiting}</p>
                  <p className="mdc-blast-running__meta">
                    {fmt(tx.result.elapsed, { s: Math.max(0, Math.round((now - new Date(task.createdAt).getTime()) / 1000)) })}
                    {task.job && task.job.attempts > 1 && <> · {fmt(tx.result.attempt, { n: task.job.attempts, max: task.job.maxAttempts })}</>}
                  </p>
                </div>
              </div>
            )}

            {task.refused && task.refused.length > 0 && (
              <Alert
                type="warning"
                showIcon
                className="mdc-blast__notice mdc-blast-refused"
                data-testid="task-refused"
                message={fmt(tx.result.refusedFiles, { n: task.refused.length })}
                description={
                  <ul>
                    {task.refused.map((r) => (
                      <li key={r.fileName} data-testid="task-refused-file">
                        {r.reason[locale].startsWith(r.fileName) ? r.reason[locale] : `${r.fileName}: ${r.reason[locale]}`}
                      </li>
                    ))}
                  </ul>
                }
              />
            )}

            {task.status === 'failed' && task.error && (
              <Alert type="error" showIcon className="mdc-blast__notice" message={tx.result.failedTitle} description={markerCase(task.error[locale])} data-testid="task-error" />
            )}

            {view && <view.Result task={task} />}
          </>
        )}
      </div>
    </div>
  );
}
