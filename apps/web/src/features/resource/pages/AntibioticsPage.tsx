import { Checkbox, Input, Select, Table, Tooltip } from 'antd';
import type { ColumnsType, TablePaginationConfig } from 'antd/es/table';
import type { SorterResult } from 'antd/es/table/interface';
import { useEffect, useState } from 'react';
import { LocaleLink } from '../../../components/LocaleLink';
import { useLocale } from '../../../lib/i18n/hooks';
import { getResource, resourcePaths, type AntibioticItem, type Localized, type Page } from '../api';
import { AwareTag } from '../components/bits';
import { Filter, FilterBar } from '../components/FilterBar';
import { ProblemAlert } from '../components/LoadState';
import { ResourceShell } from '../components/ResourceShell';
import { drugPath, localized } from '../lib/format';
import { PAGE_SIZES, pageNumber, pageSizeOf, sortOrderOf, sortParam } from '../lib/query-state';
import { fmt } from '../lib/texts';
import { useQueryState } from '../lib/use-query-state';
import { useResource } from '../lib/use-resource';
import { useResourceTexts } from '../texts';

const FILTERS = ['q', 'class', 'aware', 'guideline', 'withBreakpoints'] as const;
const KEYS = [...FILTERS, 'sort', 'page', 'pageSize'] as const;
const AWARE = ['Access', 'Watch', 'Reserve'];
const GUIDELINES = ['CLSI', 'EUCAST', 'SFM', 'BSAC', 'SRGA', 'NEO', 'DIN', 'AFA'];

let classesOnce: Promise<{ value: string; label: Localized; count: number }[]> | undefined;

/**
 * The drug classes with their sizes. The API has no list of classes, so they are collected once
 * from the drug list itself (about 400 drugs, three pages).
 */
function loadClasses(): Promise<{ value: string; label: Localized; count: number }[]> {
  classesOnce ??= (async () => {
    const counts = new Map<string, number>();
    const labels = new Map<string, Localized>();
    for (let page = 1; page <= 10; page += 1) {
      const envelope = await getResource<Page<AntibioticItem>>(resourcePaths.antibiotics, { page, pageSize: 200, sort: 'class' }, new AbortController().signal);
      if (envelope.code !== 0) break;
      for (const drug of envelope.data.list) {
        if (!drug.class) continue;
        counts.set(drug.class, (counts.get(drug.class) ?? 0) + 1);
        labels.set(drug.class, drug.classLabel);
      }
      if (page * 200 >= envelope.data.total) break;
    }
    return [...counts].map(([value, count]) => ({ value, label: labels.get(value) ?? { zh: value, en: value }, count })).sort((a, b) => a.value.localeCompare(b.value));
  })().catch(() => {
    classesOnce = undefined;
    return [];
  });
  return classesOnce;
}

export default function AntibioticsPage() {
  const tx = useResourceTexts();
  const locale = useLocale();
  const [query, update] = useQueryState(KEYS);
  const page = pageNumber(query.page);
  const pageSize = pageSizeOf(query.pageSize);
  const list = useResource<Page<AntibioticItem>>(resourcePaths.antibiotics, {
    q: query.q,
    class: query.class,
    aware: query.aware,
    guideline: query.guideline,
    withBreakpoints: query.withBreakpoints === 'true' ? 'true' : undefined,
    sort: query.sort,
    page,
    pageSize,
  });
  const [classes, setClasses] = useState<{ value: string; label: Localized; count: number }[]>([]);
  const [wantClasses, setWantClasses] = useState(Boolean(query.class));
  useEffect(() => {
    if (!wantClasses) return undefined;
    let live = true;
    void loadClasses().then((c) => live && setClasses(c));
    return () => {
      live = false;
    };
  }, [wantClasses]);

  const sorted = (key: string) => ({ sorter: true, sortOrder: sortOrderOf(query.sort, key), key });
  const zhName: ColumnsType<AntibioticItem>[number] = {
      title: tx.atb.nameZh,
      ...sorted('nameZh'),
      render: (_, d) =>
        d.nameZh ? locale === 'zh' ? <LocaleLink to={drugPath(d.code)}>{d.nameZh}</LocaleLink> : d.nameZh : <span className="mdc-res-muted">—</span>,
    };
  const enName: ColumnsType<AntibioticItem>[number] = { title: tx.atb.name, ...sorted('name'), render: (_, d) => (locale === 'en' || !d.nameZh ? <LocaleLink to={drugPath(d.code)}>{d.name}</LocaleLink> : d.name) };
  const columns: ColumnsType<AntibioticItem> = [
    {
      title: tx.atb.code,
      ...sorted('code'),
      width: 76,
      render: (_, d) => (
        <LocaleLink to={drugPath(d.code)} className="mdc-res-code-link" data-testid="atb-link">
          {d.code}
        </LocaleLink>
      ),
    },
    ...(locale === 'zh' ? [zhName, enName] : [enName, zhName]),
    {
      title: tx.atb.aliases,
      render: (_, d) => {
        const aliases = [...d.zhAliases, ...d.enAliases];
        if (!aliases.length) return null;
        const sep = locale === 'zh' ? '、' : ', ';
        const shown = aliases.slice(0, 2).join(sep);
        return aliases.length > 2 ? (
          <Tooltip title={aliases.join(sep)}>
            <span className="mdc-res-muted mdc-res-aliases">{shown} …</span>
          </Tooltip>
        ) : (
          <span className="mdc-res-muted mdc-res-aliases">{shown}</span>
        );
      },
    },
    {
      title: `${tx.atb.class} / ${tx.atb.subclass}`,
      ...sorted('class'),
      render: (_, d) => (
        <span className="mdc-res-class">
          {d.class && (
            <a
              className="mdc-res-filter-link"
              href="#class"
              onClick={(event) => {
                event.preventDefault();
                setWantClasses(true);
                update({ class: d.class });
              }}
            >
              {localized(d.classLabel, locale)}
            </a>
          )}
          {d.subclass && d.subclass !== d.class && <span className="mdc-res-muted"> / {localized(d.subclassLabel, locale)}</span>}
        </span>
      ),
    },
    { title: tx.atb.atc, ...sorted('atc'), dataIndex: 'atcCode', render: (v: string) => <span className="mdc-res-code">{v}</span> },
    { title: tx.atb.aware, ...sorted('aware'), width: 96, render: (_, d) => <AwareTag aware={d.aware} /> },
    { title: tx.atb.potency, render: (_, d) => <span className="mdc-res-muted">{d.potencies.join(', ')}</span> },
    { title: tx.atb.breakpoints, ...sorted('breakpoints'), align: 'right', className: 'mdc-res-num', dataIndex: 'breakpointCount' },
  ];

  const onChange = (p: TablePaginationConfig, _f: unknown, sorter: SorterResult<AntibioticItem> | SorterResult<AntibioticItem>[]) => {
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    const sort = sortParam(one?.columnKey as string | undefined, one?.order);
    const size = p.pageSize ?? pageSize;
    update({ sort: sort ?? null, page: sort !== query.sort || size !== pageSize ? 1 : p.current, pageSize: size === 20 ? null : size });
  };

  const active = FILTERS.some((k) => query[k] !== undefined);
  return (
    <ResourceShell section="atb" testId="resource-atb-page" title={tx.titles.atb} lead={tx.leads.atb} crumbs={[{ label: tx.titles.atb }]}>
      <FilterBar
        testId="atb-filters"
        active={active}
        onReset={() => update({ q: null, class: null, aware: null, guideline: null, withBreakpoints: null })}
        extra={
          <Checkbox
            checked={query.withBreakpoints === 'true'}
            onChange={(e) => update({ withBreakpoints: e.target.checked ? 'true' : null })}
            data-testid="atb-filter-with-breakpoints"
          >
            {tx.atb.withBreakpoints}
          </Checkbox>
        }
      >
        <Filter label={tx.filters.keyword} htmlFor="atb-q">
          <Input.Search id="atb-q" data-testid="atb-filter-q" allowClear placeholder={tx.atb.placeholder} defaultValue={query.q} key={query.q ?? ''} onSearch={(v) => update({ q: v })} />
        </Filter>
        <Filter label={tx.atb.class} htmlFor="atb-class">
          <Select
            id="atb-class"
            data-testid="atb-filter-class"
            allowClear
            showSearch
            placeholder={tx.filters.any}
            value={query.class}
            onOpenChange={(open) => open && setWantClasses(true)}
            onChange={(v?: string) => update({ class: v })}
            options={(classes.length ? classes : query.class ? [{ value: query.class, label: { zh: query.class, en: query.class }, count: 0 }] : []).map((c) => ({
              value: c.value,
              label: c.count ? `${localized(c.label, locale)} (${c.count})` : localized(c.label, locale),
            }))}
            // Typing finds a class by either name (氨基糖苷类 or Aminoglycosides).
            filterOption={(input, option) => `${option?.value ?? ''} ${option?.label ?? ''}`.toLowerCase().includes(input.trim().toLowerCase())}
            popupMatchSelectWidth={false}
          />
        </Filter>
        <Filter label={tx.atb.aware} htmlFor="atb-aware">
          <Select
            id="atb-aware"
            data-testid="atb-filter-aware"
            allowClear
            placeholder={tx.filters.any}
            value={query.aware}
            onChange={(v?: string) => update({ aware: v })}
            options={AWARE.map((a) => ({ value: a, label: `${tx.aware[a]}${tx.aware[a] !== a ? ` (${a})` : ''}` }))}
          />
        </Filter>
        <Filter label={tx.atb.guideline} htmlFor="atb-guideline">
          <Select
            id="atb-guideline"
            data-testid="atb-filter-guideline"
            allowClear
            placeholder={tx.filters.any}
            value={query.guideline}
            onChange={(v?: string) => update({ guideline: v })}
            options={GUIDELINES.map((g) => ({ value: g, label: g }))}
          />
        </Filter>
      </FilterBar>
      {list.problem && <ProblemAlert problem={list.problem} onRetry={list.reload} />}
      <Table<AntibioticItem>
        data-testid="atb-table"
        className="mdc-res-table"
        size="small"
        rowKey="code"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.loading}
        onChange={onChange}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: page,
          pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES.map(String),
          showTotal: (n) => fmt(tx.state.total, { n }),
          size: 'small',
        }}
      />
    </ResourceShell>
  );
}
