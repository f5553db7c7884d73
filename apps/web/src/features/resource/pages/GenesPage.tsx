import { Input, Select, Table, Tag, Tooltip } from 'antd';
import type { ColumnsType, TablePaginationConfig } from 'antd/es/table';
import type { Locale } from '@mdc/contracts';
import { LocaleLink } from '../../../components/LocaleLink';
import { useLocale } from '../../../lib/i18n/hooks';
import { resourcePaths, type GeneDrug, type GeneFacets, type GeneItem, type Page } from '../api';
import { Filter, FilterBar } from '../components/FilterBar';
import { ProblemAlert } from '../components/LoadState';
import { ResourceShell } from '../components/ResourceShell';
import { useGenesTexts } from '../genes-texts';
import { drugName, drugPath, localized } from '../lib/format';
import { PAGE_SIZES, pageNumber, pageSizeOf } from '../lib/query-state';
import { fmt } from '../lib/texts';
import { useQueryState } from '../lib/use-query-state';
import { useResource } from '../lib/use-resource';
import { useResourceTexts } from '../texts';

const FILTERS = ['q', 'class', 'drug', 'family'] as const;
const KEYS = [...FILTERS, 'page', 'pageSize'] as const;
const SHOWN_DRUGS = 4;

export const genePath = (name: string) => `/resource/genes/${encodeURIComponent(name)}`;

/** The drugs of a gene as codes with their names; past a few, the rest in a tooltip. */
export function GeneDrugs({ drugs, locale, more }: { drugs: GeneDrug[]; locale: Locale; more: string }) {
  const label = (d: GeneDrug) => `${d.code} ${drugName(d, locale)}`;
  const shown = drugs.slice(0, SHOWN_DRUGS);
  return (
    <span className="mdc-gene-drugs" data-testid="gene-drugs">
      {shown.map((d) =>
        d.listed ? (
          <LocaleLink key={d.code} to={drugPath(d.code)} className="mdc-gene-drug" data-code={d.code}>
            <span className="mdc-res-code">{d.code}</span> {drugName(d, locale)}
          </LocaleLink>
        ) : (
          <span key={d.code} className="mdc-gene-drug" data-code={d.code}>
            <span className="mdc-res-code">{d.code}</span> {drugName(d, locale)}
          </span>
        ),
      )}
      {drugs.length > SHOWN_DRUGS && (
        <Tooltip title={drugs.slice(SHOWN_DRUGS).map(label).join(locale === 'zh' ? '、' : ', ')}>
          <span className="mdc-res-muted mdc-gene-more">{fmt(more, { n: drugs.length - SHOWN_DRUGS })}</span>
        </Tooltip>
      )}
    </span>
  );
}

export default function GenesPage() {
  const tx = useResourceTexts();
  const gx = useGenesTexts();
  const locale = useLocale();
  const [query, update] = useQueryState(KEYS);
  const page = pageNumber(query.page);
  const pageSize = pageSizeOf(query.pageSize);
  const list = useResource<Page<GeneItem>>(resourcePaths.genes, { q: query.q, class: query.class, drug: query.drug, family: query.family, page, pageSize });
  const facets = useResource<GeneFacets>(resourcePaths.geneFacets);

  const columns: ColumnsType<GeneItem> = [
    {
      title: gx.allele,
      key: 'name',
      render: (_, g) => (
        <LocaleLink to={genePath(g.name)} className="mdc-res-code-link mdc-gene-name" data-testid="gene-link">
          {g.name}
        </LocaleLink>
      ),
    },
    { title: gx.accession, key: 'accession', responsive: ['md'], render: (_, g) => <span className="mdc-res-code mdc-res-muted">{g.accession}</span> },
    {
      title: gx.family,
      key: 'family',
      // On a phone the allele says its family; the drugs matter more than a second name.
      responsive: ['sm'],
      render: (_, g) => (
        <a
          className="mdc-res-filter-link"
          href={`#family-${g.family}`}
          data-testid="gene-family-link"
          onClick={(event) => {
            event.preventDefault();
            update({ family: g.family, page: null });
          }}
        >
          {g.family}
        </a>
      ),
    },
    {
      title: gx.class,
      key: 'class',
      render: (_, g) => (
        <span className="mdc-gene-classes">
          {g.classes.map((c) => (
            <Tag key={c.value} bordered={false}>
              {localized(c.label, locale)}
            </Tag>
          ))}
        </span>
      ),
    },
    {
      title: gx.drugs,
      key: 'drugs',
      render: (_, g) => (g.drugs.length ? <GeneDrugs drugs={g.drugs} locale={locale} more={gx.more} /> : <span className="mdc-res-muted">{g.otherDrugs.join(', ') || '—'}</span>),
    },
    { title: gx.mechanism, key: 'mechanism', render: (_, g) => <span className="mdc-res-muted mdc-gene-mechanism">{localized(g.mechanismLabel, locale) || '—'}</span> },
  ];

  const onChange = (p: TablePaginationConfig) => {
    const size = p.pageSize ?? pageSize;
    update({ page: size !== pageSize ? 1 : p.current, pageSize: size === 20 ? null : size });
  };

  const active = FILTERS.some((k) => query[k] !== undefined);
  const classOptions = (facets.data?.classes ?? []).map((c) => ({ value: c.value, label: `${localized(c.label, locale)} (${c.count})` }));
  const drugOptions = (facets.data?.drugs ?? []).map((d) => ({ value: d.code, label: `${d.code} ${drugName(d, locale)} (${d.count})` }));
  return (
    <ResourceShell section="genes" testId="resource-genes-page" title={gx.title} lead={gx.lead} crumbs={[{ label: gx.title }]}>
      <FilterBar
        testId="gene-filters"
        active={active}
        onReset={() => update({ q: null, class: null, drug: null, family: null, page: null })}
        extra={
          query.family ? (
            <Tag closable onClose={() => update({ family: null, page: null })} data-testid="gene-filter-family">
              {fmt(gx.familyFilter, { family: query.family })}
            </Tag>
          ) : undefined
        }
      >
        <Filter label={tx.filters.keyword} htmlFor="gene-q">
          <Input.Search id="gene-q" data-testid="gene-filter-q" allowClear placeholder={gx.placeholder} defaultValue={query.q} key={query.q ?? ''} onSearch={(v) => update({ q: v, page: null })} />
        </Filter>
        <Filter label={gx.class} htmlFor="gene-class">
          <Select
            id="gene-class"
            data-testid="gene-filter-class"
            allowClear
            showSearch
            placeholder={tx.filters.any}
            value={query.class}
            onChange={(v?: string) => update({ class: v, page: null })}
            options={classOptions.length ? classOptions : query.class ? [{ value: query.class, label: query.class }] : []}
            filterOption={(input, option) => `${option?.value ?? ''} ${option?.label ?? ''}`.toLowerCase().includes(input.trim().toLowerCase())}
            popupMatchSelectWidth={false}
          />
        </Filter>
        <Filter label={gx.drug} htmlFor="gene-drug">
          <Select
            id="gene-drug"
            data-testid="gene-filter-drug"
            allowClear
            showSearch
            placeholder={tx.filters.any}
            value={query.drug}
            onChange={(v?: string) => update({ drug: v, page: null })}
            options={drugOptions.length ? drugOptions : query.drug ? [{ value: query.drug, label: query.drug }] : []}
            filterOption={(input, option) => `${option?.value ?? ''} ${option?.label ?? ''}`.toLowerCase().includes(input.trim().toLowerCase())}
            popupMatchSelectWidth={false}
          />
        </Filter>
      </FilterBar>
      {list.problem && <ProblemAlert problem={list.problem} onRetry={list.reload} />}
      <Table<GeneItem>
        data-testid="gene-table"
        className="mdc-res-table"
        size="small"
        rowKey="id"
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
