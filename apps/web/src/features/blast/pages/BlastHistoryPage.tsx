import { DeleteOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { Alert, App, Button, DatePicker, Empty, Grid, Pagination, Select, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useDialogs } from '../../../components/dialog/Dialog';
import { AreaHero } from '../../../components/page/AreaPage';
import { LocaleLink } from '../../../components/LocaleLink';
import { isCancelled } from '../../../lib/http';
import { useLocale } from '../../../lib/i18n/hooks';
import { blastApi, type HistoryFilter, type IdentificationMethod, type Page, type TaskStatus, type TaskSummary } from '../api';
import { StatusTag, dateTime } from '../components/bits';
import { METHOD_VIEWS, methodFromParam, methodView } from '../methods';
import { useClaimLocalTasks } from '../local-tasks';
import { fmt, useBlastTexts } from '../texts';
import '../blast.css';

const PAGE_SIZE = 10;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The filters live in the address, so a filtered history can be bookmarked and reloaded. */
function useFilter(): [HistoryFilter, (next: Partial<HistoryFilter>) => void] {
  const [params, setParams] = useSearchParams();
  const filter = useMemo<HistoryFilter>(() => {
    // `marker` is the older name of the method filter (links to /blast/hist?marker=18S keep working).
    const method = methodFromParam(params.get('method') ?? params.get('marker'));
    const status = params.get('status');
    const from = params.get('from');
    const to = params.get('to');
    const page = Number(params.get('page'));
    return {
      page: Number.isInteger(page) && page > 0 ? page : 1,
      pageSize: PAGE_SIZE,
      ...(method ? { method } : {}),
      ...(status === 'running' || status === 'done' || status === 'failed' ? { status } : {}),
      ...(from && DAY.test(from) ? { from } : {}),
      ...(to && DAY.test(to) ? { to } : {}),
    };
  }, [params]);
  const update = useCallback(
    (next: Partial<HistoryFilter>) => {
      const merged = { ...filter, page: 1, ...next };
      const out = new URLSearchParams();
      if (merged.method) out.set('method', merged.method);
      if (merged.status) out.set('status', merged.status);
      if (merged.from) out.set('from', merged.from);
      if (merged.to) out.set('to', merged.to);
      if (merged.page > 1) out.set('page', String(merged.page));
      setParams(out, { replace: false });
    },
    [filter, setParams],
  );
  return [filter, update];
}

export default function BlastHistoryPage() {
  const tx = useBlastTexts();
  const locale = useLocale();
  const { message } = App.useApp();
  const dialogs = useDialogs();
  const screens = Grid.useBreakpoint();
  const narrow = screens.md === false;
  const [filter, setFilter] = useFilter();
  const [data, setData] = useState<Page<TaskSummary>>();
  const [loading, setLoading] = useState(true);
  const [problem, setProblem] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const claimed = useClaimLocalTasks();

  useEffect(() => {
    if (claimed.length) void message.success(fmt(tx.history.claimed, { n: claimed.length }));
  }, [claimed, message, tx]);

  useEffect(() => {
    let live = true;
    setLoading(true);
    blastApi
      .history(filter, { toast: false })
      .then((answer) => {
        if (!live) return;
        if (answer.code === 0) {
          setData(answer.data);
          setProblem(null);
        } else setProblem(answer.msg);
      })
      .catch((error: unknown) => {
        if (live && !isCancelled(error)) setProblem(tx.problems.network);
      })
      .finally(() => {
        if (live) setLoading(false);
      });
    return () => {
      live = false;
    };
  }, [filter, attempt, claimed, tx]);

  // Running tasks finish on their own: look again now and then while any is on screen.
  const anyRunning = data?.list.some((t) => t.status === 'running') ?? false;
  useEffect(() => {
    if (!anyRunning) return undefined;
    const timer = setTimeout(() => setAttempt((n) => n + 1), 3000);
    return () => clearTimeout(timer);
  }, [anyRunning, data]);

  function confirmDelete(task: TaskSummary) {
    dialogs.confirm({
      title: tx.history.confirmDelete,
      content: tx.history.confirmDeleteText,
      okText: tx.history.delete,
      okButtonProps: { danger: true, 'data-testid': 'confirm-delete' },
      cancelText: tx.dialog.cancel,
      onOk: async () => {
        const answer = await blastApi.remove(task.id);
        if (answer.code === 0) {
          void message.success(answer.msg);
          // The last row of a page gone: show the page before it.
          if (data && data.list.length === 1 && filter.page > 1) setFilter({ page: filter.page - 1 });
          else setAttempt((n) => n + 1);
        }
      },
    });
  }

  const filtered = Boolean(filter.method || filter.status || filter.from || filter.to);
  const range: [Dayjs | null, Dayjs | null] = [filter.from ? dayjs(filter.from) : null, filter.to ? dayjs(filter.to) : null];

  const topHit = (task: TaskSummary) => {
    const Call = methodView(task.method)?.Call;
    // A method may say more than its call: "no similar reference", or why it refused (16S/18S).
    return Call && (task.call || task.summary) ? (
      <Call task={task} />
    ) : task.status === 'failed' && task.error ? (
      <Tooltip title={task.error[locale]}>
        <span className="mdc-blast-hist-error">{task.error[locale]}</span>
      </Tooltip>
    ) : (
      <span className="mdc-blast-muted">—</span>
    );
  };

  const view = (task: TaskSummary) => (
    <LocaleLink to={`/blast/res?id=${encodeURIComponent(task.id)}`} data-testid="history-view">
      {tx.history.view}
    </LocaleLink>
  );
  const remove = (task: TaskSummary) => (
    <Button type="link" danger size="small" icon={<DeleteOutlined />} onClick={() => confirmDelete(task)} data-testid="history-delete">
      {tx.history.delete}
    </Button>
  );

  const columns: TableColumnsType<TaskSummary> = [
    { title: tx.history.submitted, dataIndex: 'createdAt', width: 150, render: (v: string) => dateTime(v) },
    { title: tx.history.type, dataIndex: 'method', width: 90, render: (v: IdentificationMethod) => <Tag data-testid="history-method">{tx.methodLabels[v]}</Tag> },
    {
      title: tx.history.items,
      dataIndex: 'itemCount',
      width: 110,
      render: (n: number, task) => (
        <span>
          {n}
          {task.fileName && <div className="mdc-blast-muted mdc-blast-ellipsis">{task.fileName}</div>}
        </span>
      ),
    },
    { title: tx.history.status, dataIndex: 'status', width: 100, render: (s: TaskStatus) => <StatusTag status={s} /> },
    { title: tx.history.topHit, key: 'top', render: (_: unknown, task) => topHit(task) },
    {
      title: tx.history.actions,
      key: 'actions',
      width: 150,
      render: (_: unknown, task) => (
        <span className="mdc-blast-hist-actions">
          {view(task)}
          {remove(task)}
        </span>
      ),
    },
  ];

  const list = data?.list ?? [];
  return (
    <div className="mdc-area mdc-blast" data-testid="blast-hist-page" data-area="blast">
      <AreaHero
        area="blast"
        crumbs={[
          { label: tx.crumbs.home, to: '/' },
          { label: tx.crumbs.blast, to: '/blast' },
          { label: tx.crumbs.hist, to: '/blast/hist' },
        ]}
        title={tx.history.title}
        lead={tx.history.lead}
      />
      <div className="mdc-container mdc-blast__body">
        <div className="mdc-blast-filters" data-testid="history-filters">
          <label>
            <span>{tx.history.type}</span>
            <Select
              value={filter.method ?? ''}
              onChange={(value: string) => setFilter({ method: (value || undefined) as IdentificationMethod | undefined })}
              options={[{ value: '', label: tx.history.any }, ...METHOD_VIEWS.map((v) => ({ value: v.id, label: tx.methodLabels[v.id] }))]}
              data-testid="filter-marker"
              style={{ width: 120 }}
            />
          </label>
          <label>
            <span>{tx.history.status}</span>
            <Select
              value={filter.status ?? ''}
              onChange={(value: string) => setFilter({ status: (value || undefined) as TaskStatus | undefined })}
              options={[
                { value: '', label: tx.history.any },
                { value: 'running', label: tx.status.running },
                { value: 'done', label: tx.status.done },
                { value: 'failed', label: tx.status.failed },
              ]}
              data-testid="filter-status"
              style={{ width: 120 }}
            />
          </label>
          <label className="mdc-blast-filters__dates">
            <span>{tx.history.date}</span>
            <DatePicker.RangePicker
              value={range}
              allowEmpty={[true, true]}
              placeholder={[tx.history.from, tx.history.to]}
              onChange={(values) =>
                setFilter({ from: values?.[0]?.format('YYYY-MM-DD') ?? undefined, to: values?.[1]?.format('YYYY-MM-DD') ?? undefined })
              }
              data-testid="filter-dates"
            />
          </label>
          <div className="mdc-blast-filters__end">
            {filtered && <Button onClick={() => setFilter({ method: undefined, status: undefined, from: undefined, to: undefined })}>{tx.history.reset}</Button>}
            <LocaleLink to="/blast">
              <Button type="primary" icon={<PlusOutlined />}>
                {tx.history.newTask}
              </Button>
            </LocaleLink>
          </div>
        </div>

        {problem && (
          <Alert
            type="warning"
            showIcon
            className="mdc-blast__notice"
            message={problem}
            action={
              <Button size="small" icon={<ReloadOutlined />} onClick={() => setAttempt((n) => n + 1)}>
                {tx.problems.retry}
              </Button>
            }
          />
        )}

        {data && (
          <p className="mdc-blast-muted" data-testid="history-total">
            {fmt(tx.history.total, { n: data.total })}
          </p>
        )}

        {narrow ? (
          <div className="mdc-blast-hist-cards" data-testid="history-list">
            {list.length === 0 && !loading && <Empty description={filtered ? tx.history.emptyFiltered : tx.history.empty} />}
            {list.map((task) => (
              <article key={task.id} className="mdc-blast-hist-card" data-testid="history-row" data-id={task.id} data-status={task.status}>
                <div className="mdc-blast-hist-card__head">
                  <Tag>{tx.methodLabels[task.method]}</Tag>
                  <StatusTag status={task.status} />
                  <span className="mdc-blast-muted">{dateTime(task.createdAt)}</span>
                </div>
                <div className="mdc-blast-hist-card__top">{topHit(task)}</div>
                <div className="mdc-blast-hist-card__foot">
                  <span className="mdc-blast-muted">
                    {tx.history.items}: {task.itemCount}
                  </span>
                  <span className="mdc-blast-hist-actions">
                    {view(task)}
                    {remove(task)}
                  </span>
                </div>
              </article>
            ))}
          </div>
        ) : (
          <Table<TaskSummary>
            rowKey="id"
            columns={columns}
            dataSource={list}
            loading={loading}
            pagination={false}
            data-testid="history-list"
            locale={{ emptyText: <Empty description={filtered ? tx.history.emptyFiltered : tx.history.empty} /> }}
            onRow={(task) => ({ 'data-testid': 'history-row', 'data-id': task.id, 'data-status': task.status }) as object}
          />
        )}
        {data && data.total > data.pageSize && (
          <Pagination
            className="mdc-blast-pager"
            current={filter.page}
            pageSize={data.pageSize}
            total={data.total}
            showSizeChanger={false}
            onChange={(page) => setFilter({ page })}
            size={narrow ? 'small' : 'default'}
          />
        )}
      </div>
    </div>
  );
}
