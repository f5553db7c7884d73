import { Input, Select, Space, Table, Tag } from 'antd';
import type { ColumnsType, TablePaginationConfig } from 'antd/es/table';
import type { SorterResult } from 'antd/es/table/interface';
import { LocaleLink } from '../../../components/LocaleLink';
import { useLocale } from '../../../lib/i18n/hooks';
import { resourcePaths, type Page, type TaxonDetail, type TaxonListItem } from '../api';
import { PrevalenceTag, RankLabel, StatusCorrectionNote, StatusTag, TaxonName } from '../components/bits';
import { Filter, FilterBar } from '../components/FilterBar';
import { ProblemAlert } from '../components/LoadState';
import { ResourceShell } from '../components/ResourceShell';
import { taxonPath } from '../lib/format';
import { PAGE_SIZES, pageNumber, pageSizeOf, sortOrderOf, sortParam } from '../lib/query-state';
import { fmt } from '../lib/texts';
import { useQueryState } from '../lib/use-query-state';
import { useResource } from '../lib/use-resource';
import { useResourceTexts } from '../texts';

const FILTERS = ['q', 'match', 'rank', 'status', 'parent'] as const;
const KEYS = [...FILTERS, 'sort', 'page', 'pageSize'] as const;
const RANKS = ['kingdom', 'phylum', 'class', 'order', 'family', 'genus', 'species', 'subspecies'];
const STATUSES = ['accepted', 'synonym', 'unknown', 'not validly published'];
const MATCHES = ['prefix', 'contains', 'exact'];

export default function TaxonomyPage() {
  const tx = useResourceTexts();
  const locale = useLocale();
  const [query, update] = useQueryState(KEYS);
  const page = pageNumber(query.page);
  const pageSize = pageSizeOf(query.pageSize);
  const list = useResource<Page<TaxonListItem>>(resourcePaths.taxa, {
    q: query.q,
    match: query.q ? query.match : undefined,
    rank: query.rank,
    status: query.status,
    parent: query.parent,
    // Without a chosen order, clinically common organisms come first, then by name.
    sort: query.sort ?? 'prevalence,name',
    page,
    pageSize,
  });
  const parent = useResource<TaxonDetail>(query.parent ? resourcePaths.taxon(query.parent) : null);

  const sorted = (key: string) => ({ sorter: true, sortOrder: sortOrderOf(query.sort, key), key });
  const columns: ColumnsType<TaxonListItem> = [
    {
      title: tx.taxon.name,
      ...sorted('name'),
      render: (_, t) => (
        <span className="mdc-res-taxon-cell">
          <LocaleLink to={taxonPath(t.id)} data-testid="taxon-link">
            <TaxonName name={t.name} rank={t.rank} />
          </LocaleLink>
          {t.author && <span className="mdc-res-muted mdc-res-author"> {t.author}</span>}
        </span>
      ),
    },
    { title: tx.taxon.nameZh, ...sorted('nameZh'), dataIndex: 'nameZh', render: (v: string | null) => v ?? '' },
    { title: tx.taxon.rank, ...sorted('rank'), width: 80, render: (_, t) => <RankLabel rank={t.rank} /> },
    {
      title: tx.taxon.status,
      ...sorted('status'),
      render: (_, t) => (
        <span className="mdc-res-status-cell">
          <StatusTag status={t.status} />
          {t.statusCorrection && <StatusCorrectionNote correction={t.statusCorrection} compact />}
          {t.current && (
            <span>
              → <LocaleLink to={taxonPath(t.current.id)}>
                <i>{t.current.name}</i>
              </LocaleLink>
            </span>
          )}
        </span>
      ),
    },
    { title: tx.taxon.family, dataIndex: 'family', render: (v: string | null) => v ?? '' },
    { title: tx.prevalence.label, ...sorted('prevalence'), width: locale === 'zh' ? 110 : 170, render: (_, t) => <PrevalenceTag prevalence={t.prevalence} /> },
  ];

  const onChange = (p: TablePaginationConfig, _f: unknown, sorter: SorterResult<TaxonListItem> | SorterResult<TaxonListItem>[]) => {
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    const sort = sortParam(one?.columnKey as string | undefined, one?.order);
    const size = p.pageSize ?? pageSize;
    update({ sort: sort ?? null, page: sort !== query.sort || size !== pageSize ? 1 : p.current, pageSize: size === 20 ? null : size });
  };

  const active = FILTERS.some((k) => query[k] !== undefined);
  return (
    <ResourceShell section="taxon" testId="resource-taxon-page" title={tx.titles.taxon} lead={tx.leads.taxon} crumbs={[{ label: tx.titles.taxon }]}>
      <FilterBar testId="taxon-filters" active={active} onReset={() => update({ q: null, match: null, rank: null, status: null, parent: null })}>
        <Filter label={tx.taxon.name} htmlFor="taxon-q" wide>
          <Space.Compact style={{ width: '100%' }}>
            <Select
              aria-label={tx.taxon.match.prefix}
              data-testid="taxon-filter-match"
              style={{ width: locale === 'zh' ? 112 : 124, flex: 'none' }}
              value={query.match ?? 'prefix'}
              onChange={(v: string) => update({ match: v === 'prefix' ? null : v })}
              options={MATCHES.map((m) => ({ value: m, label: tx.taxon.match[m] }))}
            />
            <Input.Search
              id="taxon-q"
              data-testid="taxon-filter-q"
              allowClear
              placeholder={tx.taxon.namePlaceholder}
              defaultValue={query.q}
              key={query.q ?? ''}
              onSearch={(v) => update({ q: v })}
            />
          </Space.Compact>
        </Filter>
        <Filter label={tx.taxon.rank} htmlFor="taxon-rank">
          <Select
            id="taxon-rank"
            data-testid="taxon-filter-rank"
            allowClear
            placeholder={tx.filters.any}
            value={query.rank}
            onChange={(v?: string) => update({ rank: v })}
            options={RANKS.map((r) => ({ value: r, label: tx.ranks[r] }))}
          />
        </Filter>
        <Filter label={tx.taxon.status} htmlFor="taxon-status">
          <Select
            id="taxon-status"
            data-testid="taxon-filter-status"
            allowClear
            placeholder={tx.filters.any}
            value={query.status}
            onChange={(v?: string) => update({ status: v })}
            options={STATUSES.map((s) => ({ value: s, label: tx.statuses[s] }))}
          />
        </Filter>
      </FilterBar>
      {query.parent && (
        <div className="mdc-res-toolbar">
          <Tag closable color="blue" onClose={() => update({ parent: null })} data-testid="taxon-parent-tag">
            {fmt(tx.taxon.childrenOf, { name: parent.data?.name ?? query.parent })}
          </Tag>
        </div>
      )}
      {list.problem && <ProblemAlert problem={list.problem} onRetry={list.reload} />}
      <Table<TaxonListItem>
        data-testid="taxon-table"
        className="mdc-res-table"
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.loading}
        onChange={onChange}
        // Wide enough for the columns on a phone (scrolled sideways); on a desktop the names wrap
        // rather than push the last column ("Clinical relevance (by genus)") out of view.
        scroll={{ x: 960 }}
        pagination={{
          current: page,
          pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES.map(String),
          showTotal: (n) => fmt(tx.state.total, { n: n.toLocaleString() }),
          size: 'small',
        }}
      />
    </ResourceShell>
  );
}
