import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, DatePicker, Empty, Grid, Input, Pagination, Select, Spin, Table } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useEffect, useState, type HTMLAttributes } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useDialogs } from '../../../components/dialog/Dialog';
import { LocaleLink } from '../../../components/LocaleLink';
import { LabHero } from '../components/LabHero';
import { useLocale, useLocalePath } from '../../../lib/i18n/hooks';
import { labApi, type ExperimentItem, type ExperimentStatus, type HistoryQuery, type Page } from '../api';
import { CategoryTag } from '../components/CategoryTag';
import { organismLabel } from '../components/OrganismInput';
import { useLabText } from '../i18n';
import { formatTime, StatusTag } from './LabResultPage';
import '../lab.css';

const PAGE_SIZE = 10;

/** Filters live in the address, so a filtered page can be reloaded or shared with oneself. */
function readQuery(params: URLSearchParams): HistoryQuery {
  const status = params.get('status');
  const kind = params.get('kind');
  const date = (name: string) => {
    const value = params.get(name);
    return value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined;
  };
  const page = Number(params.get('page'));
  return {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    pageSize: PAGE_SIZE,
    ...(status === 'running' || status === 'done' || status === 'failed' ? { status } : {}),
    ...(kind === 'single' || kind === 'batch' ? { kind } : {}),
    ...(params.get('organism') ? { organism: params.get('organism')! } : {}),
    ...(date('from') ? { from: date('from') } : {}),
    ...(date('to') ? { to: date('to') } : {}),
  };
}

export default function LabHistoryPage() {
  const text = useLabText();
  const h = text.hist;
  const locale = useLocale();
  const lp = useLocalePath();
  const navigate = useNavigate();
  const dialogs = useDialogs();
  const { message } = App.useApp();
  const [params, setParams] = useSearchParams();
  const query = readQuery(params);
  const key = JSON.stringify(query);
  const [data, setData] = useState<Page<ExperimentItem> | null>(null);
  const [loading, setLoading] = useState(true);
  const [organism, setOrganism] = useState(query.organism ?? '');
  const [version, setVersion] = useState(0);
  const narrow = !Grid.useBreakpoint().md;

  useEffect(() => {
    let live = true;
    setLoading(true);
    labApi
      .list(query)
      .then((envelope) => {
        if (live && envelope.code === 0) setData(envelope.data);
      })
      .catch(() => undefined)
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
    // `key` stands for the query.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, version]);

  // Running experiments turn done by themselves: look again while any is on screen.
  const anyRunning = data?.list.some((e) => e.status === 'running') ?? false;
  useEffect(() => {
    if (!anyRunning) return undefined;
    const timer = setTimeout(() => setVersion((v) => v + 1), 2000);
    return () => clearTimeout(timer);
  }, [anyRunning, data]);

  const update = useCallback(
    (changes: Record<string, string | undefined>) => {
      const next = new URLSearchParams(params);
      for (const [name, value] of Object.entries(changes)) {
        if (value) next.set(name, value);
        else next.delete(name);
      }
      if (!('page' in changes)) next.delete('page');
      setParams(next);
    },
    [params, setParams],
  );

  const remove = (experiment: ExperimentItem) =>
    dialogs.confirm({
      title: h.confirmTitle,
      content: `#${experiment.number} · ${experiment.sampleName}. ${h.confirmText}`,
      okText: h.confirmOk,
      okType: 'danger',
      cancelText: h.confirmCancel,
      okButtonProps: { 'data-testid': 'confirm-delete' } as Record<string, string>,
      onOk: async () => {
        const envelope = await labApi.remove(experiment.id).catch(() => null);
        if (envelope?.code === 0) {
          void message.success(envelope.msg);
          if (data && data.list.length === 1 && query.page > 1) update({ page: String(query.page - 1) });
          else setVersion((v) => v + 1);
        }
      },
    });

  return (
    <div className="mdc-lab" data-testid="lab-hist-page">
      <LabHero crumb={h.title} to="/lab/hist" title={h.title} lead={h.lead} />
      <div className="mdc-container mdc-lab__body">
        <div className="mdc-lab__bar" data-testid="hist-filters">
          <Select
            allowClear
            placeholder={h.filterStatus}
            value={query.status}
            onChange={(value?: ExperimentStatus) => update({ status: value })}
            options={(['running', 'done', 'failed'] as const).map((s) => ({ value: s, label: text.status[s] }))}
            style={{ width: 130 }}
            data-testid="filter-status"
          />
          <Select
            allowClear
            placeholder={h.filterType}
            value={query.kind}
            onChange={(value?: string) => update({ kind: value })}
            options={(['single', 'batch'] as const).map((k) => ({ value: k, label: text.kind[k] }))}
            style={{ width: 130 }}
            data-testid="filter-kind"
          />
          <Input.Search
            allowClear
            placeholder={h.filterOrganism}
            value={organism}
            onChange={(event) => setOrganism(event.target.value)}
            onSearch={(value) => update({ organism: value.trim() || undefined })}
            style={{ flex: '1 1 220px', maxWidth: 320 }}
            data-testid="filter-organism"
          />
          <DatePicker.RangePicker
            allowEmpty={[true, true]}
            placeholder={[h.dateFrom, h.dateTo]}
            value={[query.from ? dayjs(query.from) : null, query.to ? dayjs(query.to) : null]}
            onChange={(dates) =>
              update({
                from: dates?.[0] ? dates[0].format('YYYY-MM-DD') : undefined,
                to: dates?.[1] ? dates[1].format('YYYY-MM-DD') : undefined,
              })
            }
            style={{ flex: '0 1 260px' }}
            data-testid="filter-dates"
          />
          <Button
            onClick={() => {
              setOrganism('');
              setParams(new URLSearchParams());
            }}
          >
            {h.reset}
          </Button>
          <span className="mdc-lab__bar-spacer" />
          <LocaleLink to="/lab">
            <Button type="primary" icon={<PlusOutlined />}>
              {h.newExperiment}
            </Button>
          </LocaleLink>
        </div>
        {narrow ? (
          <div className="mdc-lab__card" data-testid="hist-table">
            {loading && !data ? (
              <div style={{ textAlign: 'center', padding: 24 }}>
                <Spin />
              </div>
            ) : !data || data.list.length === 0 ? (
              <Empty description={h.empty} />
            ) : (
              <ul className="mdc-cards">
                {data.list.map((e) => (
                  <li key={e.id} className="mdc-cards__item" data-testid="hist-row" data-id={e.id}>
                    <div className="mdc-cards__head">
                      <LocaleLink to={`/lab/res?id=${e.id}`} className="mdc-cards__title" data-testid="hist-open">
                        #{e.number} {e.sampleName}
                      </LocaleLink>
                      <StatusTag status={e.status} text={text} />
                    </div>
                    <div className="mdc-cards__meta">
                      {text.kind[e.kind]} · {e.organism.name ? organismLabel({ name: e.organism.name, nameZh: e.organism.nameZh }, locale) : e.organism.input || '—'}
                    </div>
                    <div className="mdc-cards__meta">{formatTime(e.createdAt, locale)}</div>
                    {e.categories && (
                      <div className="mdc-lab__counts" style={{ marginTop: 6 }}>
                        {Object.entries(e.categories)
                          .filter(([c]) => c !== 'none')
                          .map(([c, n]) => (
                            <span key={c}>
                              <CategoryTag category={c} />
                              {n > 1 ? ` ×${n}` : ''}
                            </span>
                          ))}
                      </div>
                    )}
                    <div className="mdc-cards__actions">
                      <Button type="link" size="small" style={{ padding: 0 }} onClick={() => navigate(`${lp('/lab/res')}?id=${e.id}`)}>
                        {h.view}
                      </Button>
                      <Button type="link" size="small" style={{ padding: 0 }} danger icon={<DeleteOutlined />} onClick={() => remove(e)} data-testid="hist-delete">
                        {h.delete}
                      </Button>
                    </div>
                  </li>
                ))}
              </ul>
            )}
            {data && data.total > PAGE_SIZE && (
              <Pagination
                simple
                style={{ marginTop: 12, textAlign: 'center' }}
                current={query.page}
                pageSize={PAGE_SIZE}
                total={data.total}
                onChange={(page) => update({ page: page > 1 ? String(page) : undefined })}
              />
            )}
          </div>
        ) : (
          <Table<ExperimentItem>
            rowKey="id"
            loading={loading && !data}
            dataSource={data?.list ?? []}
            scroll={{ x: 820 }}
            data-testid="hist-table"
            locale={{ emptyText: <Empty description={h.empty} /> }}
            onRow={(experiment) => ({ 'data-testid': 'hist-row', 'data-id': String(experiment.id) }) as HTMLAttributes<HTMLElement>}
            pagination={{
              current: query.page,
              pageSize: PAGE_SIZE,
              total: data?.total ?? 0,
              showSizeChanger: false,
              showTotal: (total) => h.total(total),
              onChange: (page) => update({ page: page > 1 ? String(page) : undefined }),
            }}
            columns={[
              { title: h.id, dataIndex: 'number', width: 70, render: (number: number) => `#${number}` },
              { title: h.type, key: 'kind', width: 100, render: (_, e) => text.kind[e.kind] },
              {
                title: h.sample,
                key: 'sample',
                width: 180,
                render: (_, e) => (
                  <LocaleLink to={`/lab/res?id=${e.id}`} data-testid="hist-open">
                    {e.sampleName}
                  </LocaleLink>
                ),
              },
              {
                title: h.organism,
                key: 'organism',
                render: (_, e) => (e.organism.name ? organismLabel({ name: e.organism.name, nameZh: e.organism.nameZh }, locale) : e.organism.input || '—'),
              },
              { title: h.status, key: 'status', width: 100, render: (_, e) => <StatusTag status={e.status} text={text} /> },
              {
                title: h.results,
                key: 'results',
                width: 170,
                render: (_, e) =>
                  e.categories ? (
                    <span className="mdc-lab__counts">
                      {Object.entries(e.categories)
                        .filter(([c]) => c !== 'none')
                        .map(([c, n]) => (
                          <span key={c}>
                            <CategoryTag category={c} />
                            {n > 1 ? ` ×${n}` : ''}
                          </span>
                        ))}
                    </span>
                  ) : (
                    '—'
                  ),
              },
              { title: h.date, key: 'date', width: 170, render: (_, e) => formatTime(e.createdAt, locale) },
              {
                title: h.actions,
                key: 'actions',
                // "View" and "Delete" with its icon, in English too.
                width: locale === 'zh' ? 140 : 180,
                fixed: 'right',
                render: (_, e) => (
                  <span style={{ whiteSpace: 'nowrap' }}>
                    <Button type="link" size="small" onClick={() => navigate(`${lp('/lab/res')}?id=${e.id}`)}>
                      {h.view}
                    </Button>
                    <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => remove(e)} data-testid="hist-delete">
                      {h.delete}
                    </Button>
                  </span>
                ),
              },
            ]}
          />
        )}
      </div>
    </div>
  );
}
