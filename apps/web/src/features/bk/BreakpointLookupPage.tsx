import { Button, Empty, Segmented, Select, Skeleton } from 'antd';
import { useState } from 'react';
import { LocaleLink } from '../../components/LocaleLink';
import { useLocale } from '../../lib/i18n/hooks';
import { resourcePaths, type BreakpointFilterOptions, type BreakpointPage, type TaxonDetail } from '../resource/api';
import { BreakpointTable, type TableState } from '../resource/components/BreakpointTable';
import { Filter } from '../resource/components/FilterBar';
import { ProblemAlert } from '../resource/components/LoadState';
import { ResourceShell } from '../resource/components/ResourceShell';
import { drugName, localized, optionMatches } from '../resource/lib/format';
import { defineTexts, fmt } from '../resource/lib/texts';
import { useQueryState } from '../resource/lib/use-query-state';
import { useResource } from '../resource/lib/use-resource';
import { useResourceTexts } from '../resource/texts';
import { SuggestInput } from '../search/components/SuggestInput';
import '../resource/resource.css';
import './bk.css';

interface Example {
  taxon: string;
  antibiotic: string;
  site?: string;
  method?: string;
  zh: string;
  en: string;
}

/** Questions the bench asks most: organism + drug (+ site). */
const EXAMPLES: Example[] = [
  { taxon: 'B_PSDMN_AERG', antibiotic: 'MEM', zh: '铜绿假单胞菌 + 美罗培南', en: 'Pseudomonas aeruginosa + meropenem' },
  { taxon: 'B_ESCHR_COLI', antibiotic: 'CZA', zh: '大肠埃希菌 + 头孢他啶/阿维巴坦', en: 'Escherichia coli + ceftazidime/avibactam' },
  { taxon: 'B_KLBSL_PNMN', antibiotic: 'IPM', zh: '肺炎克雷伯菌 + 亚胺培南', en: 'Klebsiella pneumoniae + imipenem' },
  { taxon: 'B_STPHY_AURS', antibiotic: 'OXA', zh: '金黄色葡萄球菌 + 苯唑西林', en: 'Staphylococcus aureus + oxacillin' },
  { taxon: 'B_STRPT_PNMN', antibiotic: 'PEN', zh: '肺炎链球菌 + 青霉素', en: 'Streptococcus pneumoniae + penicillin' },
  { taxon: 'B_ENTRC_FACM', antibiotic: 'VAN', zh: '屎肠球菌 + 万古霉素', en: 'Enterococcus faecium + vancomycin' },
  { taxon: 'B_ACNTB_BMNN', antibiotic: 'COL', zh: '鲍曼不动杆菌 + 黏菌素', en: 'Acinetobacter baumannii + colistin' },
  { taxon: 'B_ESCHR_COLI', antibiotic: 'FOS', site: 'Urinary tract infection', zh: '大肠埃希菌 + 磷霉素（尿路感染）', en: 'Escherichia coli + fosfomycin (urinary tract)' },
];

const useTexts = defineTexts('bk', {
  zh: {
    title: '折点速查',
    lead: '选择菌种与药物，立即查看 CLSI 与 EUCAST 等指南在本库数据中最新年份适用的折点；例如“铜绿假单胞菌 + 美罗培南”。',
    organism: '菌种',
    organismPlaceholder: '中文名、学名或 WHONET 代码，如 铜绿假单胞菌、pae',
    drug: '抗菌药物',
    drugPlaceholder: '中文名、英文名或代码，如 美罗培南、MEM',
    site: '感染部位',
    method: '方法',
    result: '{organism} · {drug}',
    resultLead: '各指南在本库数据中最新年份（{year}）适用于该菌种的行（经 WHONET 分组匹配，每项检测取最具体的一行）。',
    none: '没有适用的折点：该指南可能未对该菌种与药物的组合给出折点。',
    full: '在完整折点表中查看（含历年版本与导出）→',
    pick: '先选择菌种与药物。',
    examples: '常见查询',
    groups: '按菌群浏览折点',
    clear: '清除',
  },
  en: {
    title: 'Breakpoint lookup',
    lead: 'Pick an organism and a drug to see the breakpoints that apply in the newest year of CLSI, EUCAST and other guidelines in this database — e.g. “Pseudomonas aeruginosa + meropenem”.',
    organism: 'Organism',
    organismPlaceholder: 'Scientific or Chinese name or WHONET code, e.g. Pseudomonas aeruginosa, pae',
    drug: 'Antimicrobial',
    drugPlaceholder: 'Name or code, e.g. meropenem, MEM',
    site: 'Site of infection',
    method: 'Method',
    result: '{organism} · {drug}',
    resultLead: 'Rows of the newest year of each guideline in this database ({year}) that apply to the organism (matched through its WHONET groups, the most specific row per test).',
    none: 'No breakpoint applies: the guidelines may give none for this organism and drug.',
    full: 'Open in the full breakpoint table (earlier years, export) →',
    pick: 'Pick an organism and a drug first.',
    examples: 'Common questions',
    groups: 'Browse breakpoints by organism group',
    clear: 'Clear',
  },
});

export default function BreakpointLookupPage() {
  const tx = useTexts();
  const rtx = useResourceTexts();
  const locale = useLocale();
  const [query, update] = useQueryState(['taxon', 'antibiotic', 'site', 'method'] as const);
  const [table, setTable] = useState<TableState>({ page: 1, pageSize: 50 });

  const taxon = useResource<TaxonDetail>(query.taxon ? resourcePaths.taxon(query.taxon) : null);
  const options = useResource<BreakpointFilterOptions>(resourcePaths.breakpointFilters);
  const ready = Boolean(query.taxon && query.antibiotic);
  const rows = useResource<BreakpointPage>(ready ? resourcePaths.taxonBreakpoints(query.taxon!) : null, {
    antibiotic: query.antibiotic,
    site: query.site,
    method: query.method,
    sort: table.sort ?? '-year,guideline,-type,method,site',
    page: table.page,
    pageSize: table.pageSize,
  });

  const t = taxon.data?.id === query.taxon ? taxon.data : undefined;
  const drug = options.data?.antibiotics.find((a) => a.code === query.antibiotic?.toUpperCase());
  const taxonLabel = t ? (locale === 'zh' && t.nameZh ? t.nameZh : t.name) : (query.taxon ?? '');
  const drugLabel = drug ? drugName(drug, locale) : (query.antibiotic ?? '');
  const full = new URLSearchParams();
  if (query.taxon) full.set('taxon', query.taxon);
  if (query.antibiotic) full.set('antibiotic', query.antibiotic);
  if (query.site) full.set('site', query.site);
  if (query.method) full.set('method', query.method);
  const topGroups = (options.data?.organisms ?? []).filter((g) => g.level !== 'ALL').slice(0, 16);
  const change = (patch: Parameters<typeof update>[0]) => {
    setTable((s) => ({ ...s, page: 1 }));
    update(patch);
  };

  return (
    <ResourceShell
      section="bp"
      testId="bk-page"
      title={tx.title}
      lead={tx.lead}
      crumbs={[{ label: tx.title }]}
      hero={
        <div className="mdc-bk-form" data-testid="bk-form">
          <Filter label={tx.organism} htmlFor="bk-organism">
            <SuggestInput
              id="bk-organism"
              testId="bk-organism"
              type="taxon"
              size="large"
              value={query.taxon}
              display={t ? t.name : undefined}
              pick={(s) => s.currentId ?? s.id}
              onCommit={(v, item) => change({ taxon: item ? (item.currentId ?? item.id) : v ? query.taxon : null })}
              placeholder={tx.organismPlaceholder}
            />
          </Filter>
          <Filter label={tx.drug} htmlFor="bk-antibiotic">
            <Select
              id="bk-antibiotic"
              data-testid="bk-antibiotic"
              size="large"
              allowClear
              showSearch
              placeholder={tx.drugPlaceholder}
              value={query.antibiotic?.toUpperCase()}
              onChange={(v?: string) => change({ antibiotic: v })}
              filterOption={(input, option) => optionMatches(input, option?.words ?? '')}
              options={options.data?.antibiotics.map((a) => ({
                value: a.code,
                words: `${a.nameZh ?? ''} ${a.name ?? ''} ${a.code}`,
                label: (
                  <span>
                    {drugName(a, locale)} <span className="mdc-res-code">{a.code}</span>
                  </span>
                ),
              }))}
              popupMatchSelectWidth={false}
            />
          </Filter>
          <Filter label={tx.site} htmlFor="bk-site">
            <Select
              id="bk-site"
              data-testid="bk-site"
              size="large"
              allowClear
              showSearch
              placeholder={rtx.filters.any}
              value={query.site}
              onChange={(v?: string) => change({ site: v })}
              filterOption={(input, option) => optionMatches(input, option?.words ?? '')}
              options={options.data?.sites.map((s) => ({ value: s.value, words: `${s.label.zh} ${s.label.en}`, label: localized(s.label, locale) }))}
              popupMatchSelectWidth={false}
            />
          </Filter>
          <Filter label={tx.method}>
            <Segmented
              size="large"
              value={query.method?.toUpperCase() ?? ''}
              onChange={(v) => change({ method: String(v) || null })}
              options={[
                { value: '', label: rtx.filters.any },
                { value: 'MIC', label: rtx.bp.methods.MIC },
                { value: 'DISK', label: rtx.bp.methods.DISK },
              ]}
            />
          </Filter>
        </div>
      }
    >
      {ready ? (
        <section className="mdc-res-section" data-testid="bk-result">
          <h2>
            <span>{fmt(tx.result, { organism: taxonLabel, drug: drugLabel })}</span>
            <LocaleLink to={`/resource/bp?${full.toString()}`} className="mdc-bk-full" data-testid="bk-full-table">
              {tx.full}
            </LocaleLink>
          </h2>
          <p className="mdc-res-lead" data-testid="bk-result-lead">
            {fmt(tx.resultLead, { year: newestYear(rows.data?.list.map((r) => r.year) ?? options.data?.guidelines.map((g) => g.latestYear) ?? []) })}
          </p>
          {taxon.problem && <ProblemAlert problem={taxon.problem} />}
          {rows.problem && <ProblemAlert problem={rows.problem} onRetry={rows.reload} />}
          {!rows.data && !rows.problem && <Skeleton active />}
          {rows.data && rows.data.total === 0 && !rows.loading ? (
            <Empty description={<span data-testid="bk-none">{tx.none}</span>} />
          ) : (
            rows.data && (
              <BreakpointTable rows={rows.data.list} total={rows.data.total} loading={rows.loading} state={table} onChange={setTable} hide={['drug']} testId="bk-table" />
            )
          )}
        </section>
      ) : (
        <p className="mdc-res-muted" data-testid="bk-pick">
          {tx.pick}
        </p>
      )}
      <div className="mdc-res-two">
        <section className="mdc-res-section" data-testid="bk-examples">
          <h2>{tx.examples}</h2>
          <ul className="mdc-res-plain-list">
            {EXAMPLES.map((e) => (
              <li key={`${e.taxon}:${e.antibiotic}:${e.site ?? ''}`}>
                <Button
                  type="link"
                  size="small"
                  className="mdc-bk-example"
                  onClick={() => change({ taxon: e.taxon, antibiotic: e.antibiotic, site: e.site ?? null, method: e.method ?? null })}
                >
                  {e[locale]}
                </Button>
              </li>
            ))}
          </ul>
        </section>
        <section className="mdc-res-section" data-testid="bk-groups">
          <h2>{tx.groups}</h2>
          {!options.data && !options.problem && <Skeleton active />}
          <ul className="mdc-res-plain-list mdc-res-columns">
            {topGroups.map((g) => (
              <li key={`${g.level}:${g.code}`}>
                <LocaleLink to={`/resource/bp?organism=${encodeURIComponent(g.code)}`}>{localized(g.label, locale)}</LocaleLink>{' '}
                <span className="mdc-res-code">{g.code}</span>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </ResourceShell>
  );
}

/** The newest year among those shown, for "the newest year in this database (2022)". */
function newestYear(years: readonly number[]): string {
  return years.length ? String(Math.max(...years)) : '…';
}
