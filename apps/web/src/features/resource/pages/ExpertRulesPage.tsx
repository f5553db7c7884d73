import { Input, Select, Table, Tabs, Tag } from 'antd';
import type { ColumnsType, TablePaginationConfig } from 'antd/es/table';
import { LocaleLink } from '../../../components/LocaleLink';
import { useLocale } from '../../../lib/i18n/hooks';
import { SuggestInput } from '../../search/components/SuggestInput';
import { resourcePaths, type Page, type RuleRow, type RuleType } from '../api';
import { DrugLink, LevelTag } from '../components/bits';
import { Filter, FilterBar } from '../components/FilterBar';
import { ProblemAlert } from '../components/LoadState';
import { ResourceShell } from '../components/ResourceShell';
import { localized, taxonPath } from '../lib/format';
import { PAGE_SIZES, pageNumber, pageSizeOf } from '../lib/query-state';
import { fmt } from '../lib/texts';
import { useQueryState } from '../lib/use-query-state';
import { useResource } from '../lib/use-resource';
import { useResourceTexts } from '../texts';

const TYPES: RuleType[] = ['expected', 'expert', 'eucast'];
const FILTERS = ['organism', 'antibiotic', 'guideline', 'q'] as const;
const KEYS = ['type', ...FILTERS, 'page', 'pageSize'] as const;
const DRUGS_SHOWN = 8;

function Organism({ rule }: { rule: RuleRow }) {
  const locale = useLocale();
  const tx = useResourceTexts();
  const o = rule.organism;
  const label = localized(o.label, locale);
  // EUCAST rules name taxa (their code is a taxon id); WHONET rules name organism codes and groups.
  const named =
    rule.type === 'eucast' && o.code ? (
      <LocaleLink to={taxonPath(o.code)}>{label}</LocaleLink>
    ) : o.code ? (
      <LocaleLink to={`/resource/bp?organism=${encodeURIComponent(o.code)}`}>{label}</LocaleLink>
    ) : (
      <span>{label}</span>
    );
  return (
    <span className="mdc-res-group">
      {named}
      {rule.type !== 'eucast' && o.code && (
        <span className="mdc-res-group__meta">
          <span className="mdc-res-code">{o.code}</span> {o.level && <LevelTag level={o.level} />}
        </span>
      )}
      {rule.exceptOrganisms.length > 0 && (
        <span className="mdc-res-group__meta mdc-res-muted">
          {tx.er.except}: {rule.exceptOrganisms.map((g) => localized(g.label, locale)).join('、')}
        </span>
      )}
    </span>
  );
}

function Drugs({ rule }: { rule: RuleRow }) {
  const tx = useResourceTexts();
  const shown = rule.antibiotics.slice(0, DRUGS_SHOWN);
  return (
    <span className="mdc-res-chips mdc-res-drugs">
      {shown.map((d) => (
        <DrugLink key={d.code} drug={d} />
      ))}
      {rule.antibiotics.length > DRUGS_SHOWN && <Tag bordered={false}>+{rule.antibiotics.length - DRUGS_SHOWN}</Tag>}
      {rule.antibiotics.length > 1 && <span className="mdc-res-muted mdc-res-count">{fmt(tx.er.allDrugs, { n: rule.antibiotics.length })}</span>}
      {rule.exceptAntibiotics.length > 0 && (
        <span className="mdc-res-muted">
          {tx.er.exceptDrugs}: <span className="mdc-res-code">{rule.exceptAntibiotics.join(', ')}</span>
        </span>
      )}
    </span>
  );
}

export default function ExpertRulesPage() {
  const tx = useResourceTexts();
  const [query, update] = useQueryState(KEYS);
  const type: RuleType = TYPES.includes(query.type as RuleType) ? (query.type as RuleType) : 'expected';
  const page = pageNumber(query.page);
  const pageSize = pageSizeOf(query.pageSize);
  const list = useResource<Page<RuleRow> & { type: RuleType }>(resourcePaths.rules, {
    type,
    organism: query.organism,
    antibiotic: query.antibiotic,
    guideline: type === 'expected' ? query.guideline : undefined,
    q: query.q,
    page,
    pageSize,
  });

  const columns: ColumnsType<RuleRow> = [
    ...(type === 'expert'
      ? [
          {
            title: tx.er.description,
            key: 'description',
            render: (_: unknown, r: RuleRow) => (
              <span className="mdc-res-group">
                <strong>{r.description}</strong>
                <span className="mdc-res-code">{r.source.replace(/^WHONET · /, '')}</span>
              </span>
            ),
          },
        ]
      : []),
    { title: tx.er.organism, key: 'organism', render: (_: unknown, r: RuleRow) => <Organism rule={r} /> },
    ...(type !== 'expected'
      ? [{ title: tx.er.criteria, key: 'criteria', render: (_: unknown, r: RuleRow) => <code className="mdc-res-criteria">{r.criteria}</code> }]
      : []),
    { title: tx.er.drugs, key: 'drugs', render: (_: unknown, r: RuleRow) => <Drugs rule={r} /> },
    {
      title: tx.er.result,
      key: 'result',
      width: 64,
      render: (_: unknown, r: RuleRow) => (r.result ? <Tag color={r.result === 'R' ? 'red' : r.result === 'S' ? 'green' : 'gold'}>{r.result}</Tag> : null),
    },
    {
      title: tx.er.source,
      key: 'source',
      render: (_: unknown, r: RuleRow) => (
        <span className="mdc-res-group">
          <span>{type === 'expert' ? r.guideline : r.source}</span>
          {r.note && <span className="mdc-res-muted mdc-res-rule-note">{r.note}</span>}
        </span>
      ),
    },
  ];

  const onChange = (p: TablePaginationConfig) => {
    const size = p.pageSize ?? pageSize;
    update({ page: size !== pageSize ? 1 : p.current, pageSize: size === 20 ? null : size });
  };
  const active = FILTERS.some((k) => query[k] !== undefined);

  return (
    <ResourceShell section="er" testId="resource-er-page" title={tx.titles.er} lead={tx.leads.er} crumbs={[{ label: tx.titles.er }]}>
      <Tabs
        className="mdc-res-tabs"
        activeKey={type}
        onChange={(key) => update({ type: key === 'expected' ? null : key, guideline: null, organism: null })}
        items={TYPES.map((t) => ({ key: t, label: <span data-testid={`er-tab-${t}`}>{tx.er.tabs[t]}</span> }))}
      />
      <p className="mdc-res-muted mdc-res-tab-lead">{tx.er.tabLeads[type]}</p>
      <FilterBar testId="er-filters" active={active} onReset={() => update({ organism: null, antibiotic: null, guideline: null, q: null })}>
        <Filter label={tx.er.organism} htmlFor="er-organism">
          <SuggestInput
            id="er-organism"
            testId="er-filter-organism"
            type="taxon"
            value={query.organism}
            // WHONET rules are keyed on organism codes; EUCAST rules on names.
            pick={(s) => (type === 'eucast' ? s.label_en : s.code)}
            onCommit={(v) => update({ organism: v })}
            placeholder={tx.er.organismPlaceholder}
          />
        </Filter>
        <Filter label={tx.er.drug} htmlFor="er-antibiotic">
          <SuggestInput
            id="er-antibiotic"
            testId="er-filter-antibiotic"
            type="antibiotic"
            value={query.antibiotic}
            pick={(s) => s.code ?? s.id}
            onCommit={(v) => update({ antibiotic: v?.toUpperCase() })}
            placeholder={tx.er.drugPlaceholder}
          />
        </Filter>
        {type === 'expected' && (
          <Filter label={tx.er.guideline} htmlFor="er-guideline">
            <Select
              id="er-guideline"
              data-testid="er-filter-guideline"
              allowClear
              placeholder={tx.filters.any}
              value={query.guideline}
              onChange={(v?: string) => update({ guideline: v })}
              options={['CLSI', 'EUCAST'].map((g) => ({ value: g, label: g }))}
            />
          </Filter>
        )}
        <Filter label={tx.er.keyword} htmlFor="er-q">
          <Input.Search id="er-q" data-testid="er-filter-q" allowClear defaultValue={query.q} key={query.q ?? ''} onSearch={(v) => update({ q: v })} />
        </Filter>
      </FilterBar>
      {list.problem && <ProblemAlert problem={list.problem} onRetry={list.reload} />}
      <Table<RuleRow>
        data-testid="er-table"
        className="mdc-res-table"
        size="small"
        rowKey={(r) => `${r.type}:${r.guideline}:${r.id}`}
        columns={columns}
        dataSource={list.data?.type === type ? list.data.list : []}
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
