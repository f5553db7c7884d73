import { Pagination, Segmented, Spin, Table, Tooltip, Typography } from 'antd';
import type { ColumnsType, TablePaginationConfig } from 'antd/es/table';
import type { SorterResult } from 'antd/es/table/interface';
import { intermediateText } from '@mdc/contracts';
import { useLocale } from '../../../lib/i18n/hooks';
import { useIsMobile } from '../../../lib/viewport';
import type { BreakpointRow } from '../api';
import { breakpointCell, formatValue, localized, rangeCell, referenceTableLabel } from '../lib/format';
import { PAGE_SIZES, sortOrderOf, sortParam } from '../lib/query-state';
import { fmt } from '../lib/texts';
import { useResourceTexts } from '../texts';
import { DrugLink, OrganismGroupCell } from './bits';

export interface TableState {
  page: number;
  pageSize: number;
  sort?: string;
}

export interface BreakpointTableProps {
  rows: BreakpointRow[];
  total: number;
  loading: boolean;
  state: TableState;
  onChange(next: TableState): void;
  /** Columns a page already fixes (the drug on a drug page). */
  hide?: ('organism' | 'drug')[];
  testId?: string;
}

/** Breakpoint rows as the guidelines print them: organism group, test, S / SDD / I / R / ECOFF, source. */
export function BreakpointTable({ rows, total, loading, state, onChange, hide = [], testId = 'bp-table' }: BreakpointTableProps) {
  const locale = useLocale();
  const tx = useResourceTexts();
  const mobile = useIsMobile();
  const c = tx.bp.columns;
  const sorted = (key: string) => ({ sorter: true, sortOrder: sortOrderOf(state.sort, key), key });

  const columns: ColumnsType<BreakpointRow> = [
    ...(hide.includes('organism')
      ? []
      : [{ title: c.organism, dataIndex: 'organism', ...sorted('organism'), render: (_: unknown, r: BreakpointRow) => <OrganismGroupCell group={r.organism} /> }]),
    ...(hide.includes('drug')
      ? []
      : [{ title: c.drug, dataIndex: 'antibiotic', ...sorted('antibiotic'), render: (_: unknown, r: BreakpointRow) => <DrugLink drug={r.antibiotic} /> }]),
    {
      title: c.test,
      ...sorted('method'),
      render: (_: unknown, r: BreakpointRow) => (
        <Tooltip title={r.testCode}>
          <span className="mdc-res-test">
            {tx.bp.methods[r.method] ?? r.method}
            {r.potency && <span className="mdc-res-muted"> {r.potency}</span>}
            <span className="mdc-res-unit"> {tx.bp.units[r.method] ?? ''}</span>
          </span>
        </Tooltip>
      ),
    },
    { title: c.s, ...sorted('s'), align: 'right', className: 'mdc-res-num', render: (_: unknown, r: BreakpointRow) => breakpointCell(r.guideline, r.method, 's', r.s) },
    { title: c.sdd, align: 'right', className: 'mdc-res-num', render: (_: unknown, r: BreakpointRow) => rangeCell(r.sdd) },
    { title: c.i, align: 'right', className: 'mdc-res-num', render: (_: unknown, r: BreakpointRow) => intermediateText(r) },
    { title: c.r, ...sorted('r'), align: 'right', className: 'mdc-res-num', render: (_: unknown, r: BreakpointRow) => breakpointCell(r.guideline, r.method, 'r', r.r) },
    { title: c.ecoff, ...sorted('ecoff'), align: 'right', className: 'mdc-res-num', render: (_: unknown, r: BreakpointRow) => (r.ecoff === null ? '' : formatValue(r.ecoff)) },
    {
      title: `${c.type} / ${c.site}`,
      ...sorted('type'),
      render: (_: unknown, r: BreakpointRow) => (
        <span className="mdc-res-group">
          <span>
            {tx.bp.types[r.breakpointType] ?? localized(r.breakpointTypeLabel, locale)}
            {r.breakpointType === 'Animal' && r.host && <span className="mdc-res-muted"> · {localized(r.hostLabel, locale)}</span>}
          </span>
          {r.site && <span className="mdc-res-site">{localized(r.siteLabel, locale)}</span>}
        </span>
      ),
    },
    {
      title: c.source,
      ...sorted('guideline'),
      render: (_: unknown, r: BreakpointRow) => (
        <span className="mdc-res-source">
          <strong>
            {r.guideline} {r.year}
          </strong>
          {r.referenceTable && <span className="mdc-res-muted"> · {referenceTableLabel(r.referenceTable, locale)}</span>}
        </span>
      ),
    },
    {
      title: c.note,
      dataIndex: 'note',
      render: (note: string) =>
        note ? (
          <Typography.Paragraph className="mdc-res-note" ellipsis={{ rows: 2, tooltip: note }}>
            {note}
          </Typography.Paragraph>
        ) : null,
    },
  ];

  const onTableChange = (pagination: TablePaginationConfig, _filters: unknown, sorter: SorterResult<BreakpointRow> | SorterResult<BreakpointRow>[]) => {
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    const sort = sortParam(one?.columnKey as string | undefined, one?.order);
    const pageSize = pagination.pageSize ?? state.pageSize;
    const sortChanged = sort !== state.sort;
    onChange({ page: sortChanged || pageSize !== state.pageSize ? 1 : (pagination.current ?? 1), pageSize, sort });
  };

  if (mobile) {
    return (
      <div data-testid={testId} className="mdc-bp-cards">
        <Spin spinning={loading}>
          {rows.length === 0 && !loading && <p className="mdc-res-muted mdc-bp-cards__empty">{tx.state.empty}</p>}
          {rows.map((r) => (
            <BreakpointCard key={r.id} row={r} hide={hide} />
          ))}
        </Spin>
        <Pagination
          size="small"
          simple
          current={state.page}
          pageSize={state.pageSize}
          total={total}
          showTotal={(n) => fmt(tx.state.total, { n: n.toLocaleString(locale === 'zh' ? 'zh-CN' : 'en-US') })}
          onChange={(page) => onChange({ ...state, page })}
          className="mdc-bp-cards__pager"
        />
      </div>
    );
  }

  return (
    <Table<BreakpointRow>
      data-testid={testId}
      className="mdc-res-table mdc-bp-table"
      size="small"
      rowKey="id"
      columns={columns}
      dataSource={rows}
      loading={loading}
      onChange={onTableChange}
      // As wide as the page, cells wrapping (a site "Oral, Uncomplicated urinary tract infection", a
      // note); wider, and scrolling, only when what cannot wrap does not fit. "max-content" kept every
      // cell on one line: at 1280 px the English table ran 350 px past its frame, Source and Note unseen.
      scroll={{ x: true }}
      rowClassName={(r) => `mdc-bp-row mdc-bp-row--${r.method.toLowerCase()}`}
      pagination={{
        current: state.page,
        pageSize: state.pageSize,
        total,
        showSizeChanger: true,
        pageSizeOptions: PAGE_SIZES.map(String),
        showTotal: (n) => fmt(tx.state.total, { n: n.toLocaleString(locale === 'zh' ? 'zh-CN' : 'en-US') }),
        size: 'small',
      }}
    />
  );
}

/** One breakpoint row as a card, for phones: who and what, the values, then where it comes from. */
function BreakpointCard({ row: r, hide }: { row: BreakpointRow; hide: ('organism' | 'drug')[] }) {
  const locale = useLocale();
  const tx = useResourceTexts();
  const c = tx.bp.columns;
  const values: [string, string][] = [
    [c.s, breakpointCell(r.guideline, r.method, 's', r.s)],
    [c.sdd, rangeCell(r.sdd)],
    [c.i, intermediateText(r)],
    [c.r, breakpointCell(r.guideline, r.method, 'r', r.r)],
    [c.ecoff, r.ecoff === null ? '' : formatValue(r.ecoff)],
  ];
  return (
    <article className={`mdc-bp-card mdc-bp-row mdc-bp-row--${r.method.toLowerCase()}`}>
      <div className="mdc-bp-card__head">
        {!hide.includes('organism') && <OrganismGroupCell group={r.organism} />}
        {!hide.includes('drug') && <DrugLink drug={r.antibiotic} />}
      </div>
      <div className="mdc-bp-card__values">
        <span className="mdc-res-test">
          {tx.bp.methods[r.method] ?? r.method}
          {r.potency && <span className="mdc-res-muted"> {r.potency}</span>}
          <span className="mdc-res-unit"> {tx.bp.units[r.method] ?? ''}</span>
        </span>
        {values
          .filter(([, v]) => v !== '')
          .map(([label, v]) => (
            <span key={label} className="mdc-bp-card__value">
              <small>{label}</small> <strong className="mdc-res-num">{v}</strong>
            </span>
          ))}
      </div>
      <div className="mdc-bp-card__meta">
        {tx.bp.types[r.breakpointType] ?? localized(r.breakpointTypeLabel, locale)}
        {r.breakpointType === 'Animal' && r.host ? ` · ${localized(r.hostLabel, locale)}` : ''}
        {r.site ? ` · ${localized(r.siteLabel, locale)}` : ''} · {r.guideline} {r.year}
        {r.referenceTable ? ` · ${referenceTableLabel(r.referenceTable, locale)}` : ''}
      </div>
      {r.note && <p className="mdc-bp-card__note">{r.note}</p>}
    </article>
  );
}

/**
 * The breakpoint type (human, ECOFF, animal, any) and method (any, MIC, disk) switches above an
 * entity's breakpoint table; each change is reported with the new value.
 */
export function TypeAndMethodSwitches({ type, method, onType, onMethod }: { type: string; method: string; onType: (type: string) => void; onMethod: (method: string) => void }) {
  const tx = useResourceTexts();
  return (
    <>
      <Segmented
        size="small"
        value={type}
        onChange={(v) => onType(String(v))}
        options={[
          { value: 'human', label: tx.bp.types.Human },
          { value: 'ecoff', label: tx.bp.types.ECOFF },
          { value: 'animal', label: tx.bp.types.Animal },
          { value: '', label: tx.filters.any },
        ]}
      />
      <Segmented
        size="small"
        value={method}
        onChange={(v) => onMethod(String(v))}
        options={[
          { value: '', label: tx.filters.any },
          { value: 'MIC', label: tx.bp.methods.MIC },
          { value: 'DISK', label: tx.bp.methods.DISK },
        ]}
      />
    </>
  );
}
