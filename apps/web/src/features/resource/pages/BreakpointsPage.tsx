import { DownloadOutlined, FileExcelOutlined } from '@ant-design/icons';
import { Button, Input, Select, Space, Tag, Tooltip } from 'antd';
import { Fragment, useMemo } from 'react';
import { useLocale } from '../../../lib/i18n/hooks';
import {
  downloadUrl,
  resourcePaths,
  type BreakpointFilterOptions,
  type BreakpointPage,
  type Params,
  type TaxonDetail,
} from '../api';
import { BreakpointHistory } from '../components/BreakpointHistory';
import { BreakpointTable } from '../components/BreakpointTable';
import { Filter, FilterBar } from '../components/FilterBar';
import { ProblemAlert } from '../components/LoadState';
import { ResourceShell } from '../components/ResourceShell';
import { drugName, localized, optionCloseness, optionMatches } from '../lib/format';
import { pageNumber, pageSizeOf } from '../lib/query-state';
import { useQueryState } from '../lib/use-query-state';
import { useResource } from '../lib/use-resource';
import { fmt } from '../lib/texts';
import { useResourceTexts } from '../texts';

export const BP_FILTER_KEYS = ['guideline', 'year', 'method', 'organism', 'taxon', 'antibiotic', 'site', 'type', 'host', 'q'] as const;
const KEYS = [...BP_FILTER_KEYS, 'sort', 'page', 'pageSize'] as const;

const TYPES = ['human', 'animal', 'ecoff'] as const;
const DEFAULT_SORT = '-year,guideline,-type,organism,antibiotic,method';
const TYPE_VALUE: Record<string, string> = { human: 'Human', animal: 'Animal', ecoff: 'ECOFF' };

/** The matches named exactly as typed first (Enter picks the first), the rest in the server's order. */
const byCloseness = (a: { names?: string[] }, b: { names?: string[] }, info: { searchValue: string }) =>
  optionCloseness(info.searchValue, a.names ?? []) - optionCloseness(info.searchValue, b.names ?? []);

export default function BreakpointsPage() {
  const tx = useResourceTexts();
  const locale = useLocale();
  const [query, update] = useQueryState(KEYS);

  const filters: Params = {};
  for (const key of BP_FILTER_KEYS) filters[key] = query[key];
  const page = pageNumber(query.page);
  const pageSize = pageSizeOf(query.pageSize);

  // Without a chosen order: newest tables first (CLSI and EUCAST before older guidelines), then as printed.
  const sort = query.sort ?? DEFAULT_SORT;
  const list = useResource<BreakpointPage>(resourcePaths.breakpoints, { ...filters, sort, page, pageSize });
  const options = useResource<BreakpointFilterOptions>(resourcePaths.breakpointFilters, {
    guideline: query.guideline,
    year: query.year === 'all' ? undefined : query.year,
  });
  const taxon = useResource<TaxonDetail>(query.taxon ? resourcePaths.taxon(query.taxon) : null);

  const o = options.data;
  const years = useMemo(() => {
    if (!o) return [];
    const chosen = o.guidelines.find((g) => g.name === query.guideline);
    const all = chosen ? chosen.years : [...new Set(o.guidelines.flatMap((g) => g.years))];
    return [...all].sort((a, b) => b - a);
  }, [o, query.guideline]);

  const shownYear = list.data?.filters.year;
  // The data end at this year (WHONET to 2022, the AMR package to 2025), whatever the guidelines have published since.
  const newest = o && o.guidelines.length ? Math.max(...o.guidelines.map((g) => g.latestYear)) : undefined;
  const groups = list.data?.filters.groups;
  const exportParams = { ...filters, sort, lang: locale };
  const active = BP_FILTER_KEYS.some((k) => query[k] !== undefined);

  return (
    <ResourceShell section="bp" testId="resource-bp-page" title={tx.titles.bp} lead={tx.leads.bp} crumbs={[{ label: tx.titles.bp }]}>
      <FilterBar
        testId="bp-filters"
        active={active}
        onReset={() => update(Object.fromEntries(BP_FILTER_KEYS.map((k) => [k, null])))}
      >
        <Filter label={tx.bp.guideline} htmlFor="bp-guideline">
          <Select
            id="bp-guideline"
            data-testid="bp-filter-guideline"
            allowClear
            placeholder={tx.filters.any}
            value={query.guideline}
            onChange={(v?: string) => update({ guideline: v, year: null })}
            options={o?.guidelines.map((g) => ({ value: g.name, label: g.name }))}
          />
        </Filter>
        <Filter label={tx.bp.year} htmlFor="bp-year">
          <Select
            id="bp-year"
            data-testid="bp-filter-year"
            value={query.year ?? ''}
            onChange={(v: string) => update({ year: v || null })}
            options={[
              { value: '', label: shownYear || newest ? fmt(tx.bp.latestYear, { year: shownYear ?? newest! }) : tx.bp.latest },
              { value: 'all', label: tx.bp.allYears },
              ...years.map((y) => ({ value: String(y), label: String(y) })),
            ]}
          />
        </Filter>
        <Filter label={tx.bp.method} htmlFor="bp-method">
          <Select
            id="bp-method"
            data-testid="bp-filter-method"
            allowClear
            placeholder={tx.filters.any}
            value={query.method?.toUpperCase()}
            onChange={(v?: string) => update({ method: v })}
            options={['MIC', 'DISK'].map((m) => ({ value: m, label: `${tx.bp.methods[m]} (${tx.bp.units[m]})` }))}
          />
        </Filter>
        <Filter label={tx.bp.type} htmlFor="bp-type">
          <Select
            id="bp-type"
            data-testid="bp-filter-type"
            allowClear
            placeholder={tx.filters.any}
            value={query.type?.toLowerCase()}
            onChange={(v?: string) => update({ type: v, host: null })}
            options={TYPES.map((t) => ({ value: t, label: tx.bp.types[TYPE_VALUE[t]!] }))}
          />
        </Filter>
        <Filter label={tx.bp.organism} htmlFor="bp-organism">
          <Select
            id="bp-organism"
            data-testid="bp-filter-organism"
            allowClear
            showSearch
            placeholder={tx.bp.organismPlaceholder}
            value={query.organism}
            onChange={(v?: string) => update({ organism: v, taxon: null })}
            filterOption={(input, option) => optionMatches(input, option?.words ?? '')}
            filterSort={byCloseness}
            options={o?.organisms.map((g) => ({
              value: g.code,
              words: `${g.label.zh} ${g.label.en} ${g.code}`,
              names: [g.label.zh, g.label.en, g.code],
              label: (
                <span>
                  {localized(g.label, locale)} <span className="mdc-res-code">{g.code}</span>
                </span>
              ),
            }))}
            popupMatchSelectWidth={false}
          />
        </Filter>
        <Filter label={tx.bp.drug} htmlFor="bp-antibiotic">
          <Select
            id="bp-antibiotic"
            data-testid="bp-filter-antibiotic"
            allowClear
            showSearch
            placeholder={tx.bp.drugPlaceholder}
            value={query.antibiotic?.toUpperCase()}
            onChange={(v?: string) => update({ antibiotic: v })}
            filterOption={(input, option) => optionMatches(input, option?.words ?? '')}
            filterSort={byCloseness}
            options={o?.antibiotics.map((a) => ({
              value: a.code,
              words: `${a.nameZh ?? ''} ${a.name ?? ''} ${a.code}`,
              names: [a.nameZh ?? '', a.name ?? '', a.code],
              label: (
                <span>
                  {drugName(a, locale)} <span className="mdc-res-code">{a.code}</span>
                </span>
              ),
            }))}
            popupMatchSelectWidth={false}
          />
        </Filter>
        <Filter label={tx.bp.site} htmlFor="bp-site">
          <Select
            id="bp-site"
            data-testid="bp-filter-site"
            allowClear
            showSearch
            placeholder={tx.filters.any}
            value={query.site}
            onChange={(v?: string) => update({ site: v })}
            filterOption={(input, option) => optionMatches(input, option?.words ?? '')}
            options={o?.sites.map((s) => ({ value: s.value, words: `${s.label.zh} ${s.label.en}`, label: localized(s.label, locale) }))}
            popupMatchSelectWidth={false}
          />
        </Filter>
        {query.type?.toLowerCase() === 'animal' ? (
          <Filter label={tx.bp.host} htmlFor="bp-host">
            <Select
              id="bp-host"
              data-testid="bp-filter-host"
              allowClear
              placeholder={tx.filters.any}
              value={query.host}
              onChange={(v?: string) => update({ host: v })}
              options={o?.hosts.map((h) => ({ value: h.value, label: localized(h.label, locale) }))}
            />
          </Filter>
        ) : (
          <Filter label={tx.bp.keyword} htmlFor="bp-q">
            <Input.Search
              id="bp-q"
              data-testid="bp-filter-q"
              allowClear
              placeholder={tx.bp.keywordPlaceholder}
              defaultValue={query.q}
              key={query.q ?? ''}
              onSearch={(v) => update({ q: v })}
            />
          </Filter>
        )}
      </FilterBar>

      <div className="mdc-res-toolbar">
        <div className="mdc-res-toolbar__tags">
          {query.taxon && (
            <Tag closable onClose={() => update({ taxon: null })} data-testid="bp-taxon-tag" color="blue">
              {tx.bp.appliesTo}: {taxon.data ? (locale === 'zh' && taxon.data.nameZh ? `${taxon.data.nameZh} ` : '') : ''}
              <i>{taxon.data?.name ?? query.taxon}</i>
            </Tag>
          )}
          {groups && groups.length > 0 && (
            <span className="mdc-bp-groups" data-testid="bp-groups">
              {tx.bp.groupsNote}{' '}
              {groups.map((g, i) => (
                <Fragment key={`${g.level}:${g.code}`}>
                  {i > 0 && ' · '}
                  <span className="mdc-bp-groups__item">
                    {localized(g.label, locale)}
                    {/* Subkingdom codes are a bare "+" or "-": the label says it. */}
                    {g.code.length > 1 && <span className="mdc-res-code"> {g.code}</span>}
                  </span>
                </Fragment>
              ))}
            </span>
          )}
          <span className="mdc-res-muted mdc-res-legend">{tx.bp.legend}</span>
          {newest && (
            <span className="mdc-res-muted mdc-res-legend" data-testid="bp-data-years">
              {fmt(tx.bp.dataYears, { year: newest })}
            </span>
          )}
        </div>
        <Space size={8} wrap>
          <Tooltip title={tx.bp.exportHint}>
            <Button size="small" icon={<DownloadOutlined />} href={downloadUrl(resourcePaths.breakpointExport, { ...exportParams, format: 'csv' })} data-testid="bp-export-csv">
              {tx.bp.csv}
            </Button>
          </Tooltip>
          <Tooltip title={tx.bp.exportHint}>
            <Button size="small" icon={<FileExcelOutlined />} href={downloadUrl(resourcePaths.breakpointExport, { ...exportParams, format: 'xlsx' })} data-testid="bp-export-xlsx">
              {tx.bp.excel}
            </Button>
          </Tooltip>
        </Space>
      </div>

      {list.problem && <ProblemAlert problem={list.problem} onRetry={list.reload} />}
      {query.organism && query.antibiotic && (
        <BreakpointHistory organism={query.organism} antibiotic={query.antibiotic} guideline={query.guideline ?? 'CLSI'} method={query.method?.toUpperCase() === 'DISK' ? 'DISK' : 'MIC'} />
      )}
      <BreakpointTable
        rows={list.data?.list ?? []}
        total={list.data?.total ?? 0}
        loading={list.loading}
        state={{ page, pageSize, sort: query.sort }}
        onChange={(next) => update({ page: next.page, pageSize: next.pageSize === 20 ? null : next.pageSize, sort: next.sort ?? null })}
      />
    </ResourceShell>
  );
}
