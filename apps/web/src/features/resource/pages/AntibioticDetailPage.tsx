import { Descriptions, Select, Segmented, Skeleton, Space, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import { LocaleLink } from '../../../components/LocaleLink';
import { useLocale } from '../../../lib/i18n/hooks';
import { resourcePaths, type AntibioticDetail, type BreakpointPage } from '../api';
import { AwareTag } from '../components/bits';
import { BreakpointTable, type TableState, TypeAndMethodSwitches } from '../components/BreakpointTable';
import { NotFound, ProblemAlert } from '../components/LoadState';
import { QcRanges } from '../components/QcRanges';
import { ResourceShell } from '../components/ResourceShell';
import { breakableName, localized } from '../lib/format';
import { fmt } from '../lib/texts';
import { antibioticTitleName, useEntityTitle } from '../lib/use-entity-title';
import { useResource } from '../lib/use-resource';
import { useResourceTexts } from '../texts';

function Facts({ drug }: { drug: AntibioticDetail }) {
  const tx = useResourceTexts();
  const locale = useLocale();
  const a = tx.atb;
  const d = tx.atbDetail;
  const text = (v: string) => v || '—';
  // LOINC codes only (the record also carries names): NNNNN-N.
  const loinc = [...new Set(drug.rows.flatMap((r) => Object.values(r.loinc)))].filter((v) => /^\d{1,7}-\d$/.test(v));
  const items = [
    { key: 'code', label: a.code, children: <strong className="mdc-res-code" data-testid="atb-code">{drug.code}</strong> },
    { key: 'zh', label: a.nameZh, children: text(drug.nameZh ?? '') },
    { key: 'en', label: a.name, children: drug.name },
    ...(drug.zhAliases.length ? [{ key: 'zhAliases', label: d.zhAliases, children: drug.zhAliases.join('、') }] : []),
    ...(drug.enAliases.length ? [{ key: 'enAliases', label: d.enAliases, children: drug.enAliases.join(', ') }] : []),
    ...(drug.otherCodes.length ? [{ key: 'codes', label: d.otherCodes, children: <span className="mdc-res-code">{drug.otherCodes.join(', ')}</span> }] : []),
    {
      key: 'class',
      label: `${a.class} / ${a.subclass}`,
      children: (
        <span>
          {drug.class ? (
            <LocaleLink to={`/resource/atb?class=${encodeURIComponent(drug.class)}`} data-testid="atb-class">
              {localized(drug.classLabel, locale)}
            </LocaleLink>
          ) : (
            '—'
          )}
          {drug.subclass && drug.subclass !== drug.class ? ` / ${localized(drug.subclassLabel, locale)}` : ''}
        </span>
      ),
    },
    { key: 'atc', label: a.atc, children: <span className="mdc-res-code">{text(drug.atcCode)}</span> },
    { key: 'aware', label: a.aware, children: drug.aware ? <AwareTag aware={drug.aware} /> : '—' },
    ...(drug.ciaCategory ? [{ key: 'cia', label: d.cia, children: drug.ciaCategory }] : []),
    { key: 'potency', label: a.potency, children: text(drug.potencies.join(', ')) },
    { key: 'guidelines', label: d.guidelines, children: text(drug.guidelines.join(', ')) },
    {
      key: 'use',
      label: d.use,
      children: [drug.human ? d.human : '', drug.veterinary ? d.veterinary : ''].filter(Boolean).join(' · ') || '—',
    },
    ...(loinc.length ? [{ key: 'loinc', label: d.loinc, children: <span className="mdc-res-code">{loinc.slice(0, 12).join(', ')}</span> }] : []),
  ];
  return <Descriptions className="mdc-res-descriptions" size="small" bordered column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 2 }} items={items} />;
}

/** "2011–2022", or one year when there is only one. */
function yearSpan(years: number[]): string {
  const first = Math.min(...years);
  const last = Math.max(...years);
  return first === last ? String(last) : `${first}–${last}`;
}

function Breakpoints({ drug }: { drug: AntibioticDetail }) {
  const locale = useLocale();
  const tx = useResourceTexts();
  const summary = drug.breakpointSummary;
  const [guideline, setGuideline] = useState(summary[0]?.guideline);
  const years = useMemo(() => summary.find((s) => s.guideline === guideline)?.years ?? [], [summary, guideline]);
  const [year, setYear] = useState<string>('');
  const [method, setMethod] = useState('');
  const [type, setType] = useState('human');
  const [state, setState] = useState<TableState>({ page: 1, pageSize: 20 });
  const rows = useResource<BreakpointPage>(summary.length ? resourcePaths.breakpoints : null, {
    antibiotic: drug.code,
    guideline,
    year: year || undefined,
    method: method || undefined,
    type: type || undefined,
    sort: state.sort ?? 'organism,method,site',
    page: state.page,
    pageSize: state.pageSize,
  });
  const linkQuery = new URLSearchParams({ antibiotic: drug.code });
  if (guideline) linkQuery.set('guideline', guideline);
  if (year) linkQuery.set('year', year);
  if (method) linkQuery.set('method', method);
  if (type) linkQuery.set('type', type);
  const link = `/resource/bp?${linkQuery.toString()}`;
  return (
    <section className="mdc-res-section" data-testid="atb-breakpoints">
      <h2>
        {tx.atbDetail.breakpoints} <small>{summary.reduce((n, s) => n + s.count, 0)}</small>
        {summary.length > 0 && <LocaleLink to={link}>{tx.taxonDetail.openInTable} →</LocaleLink>}
      </h2>
      {summary.length === 0 ? (
        <p className="mdc-res-muted">{tx.state.empty}</p>
      ) : (
        <>
          <div className="mdc-res-summary-tags">
            {summary.map((s) => (
              <Tag key={s.guideline} bordered={false}>
                {fmt(tx.atbDetail.summary, { guideline: s.guideline, count: s.count, years: yearSpan(s.years) })}
              </Tag>
            ))}
          </div>
          <div className="mdc-res-toolbar">
            <Space wrap size={8}>
              <Segmented
                size="small"
                value={guideline}
                onChange={(v) => {
                  setGuideline(String(v));
                  setYear('');
                  setState((s) => ({ ...s, page: 1 }));
                }}
                options={summary.map((s) => s.guideline)}
              />
              <Select
                size="small"
                style={{ width: locale === 'zh' ? 176 : 200 }}
                value={year}
                aria-label={tx.bp.year}
                onChange={(v: string) => {
                  setYear(v);
                  setState((s) => ({ ...s, page: 1 }));
                }}
                options={[{ value: '', label: years[0] ? fmt(tx.bp.latestYear, { year: years[0] }) : tx.bp.latest }, ...years.map((y) => ({ value: String(y), label: String(y) }))]}
              />
              <TypeAndMethodSwitches
                type={type}
                method={method}
                onType={(v) => {
                  setType(v);
                  setState((s) => ({ ...s, page: 1 }));
                }}
                onMethod={(v) => {
                  setMethod(v);
                  setState((s) => ({ ...s, page: 1 }));
                }}
              />
            </Space>
          </div>
          {rows.problem && <ProblemAlert problem={rows.problem} onRetry={rows.reload} />}
          <BreakpointTable
            rows={rows.data?.list ?? []}
            total={rows.data?.total ?? 0}
            loading={rows.loading}
            state={state}
            onChange={setState}
            hide={['drug']}
            testId="atb-bp-table"
          />
        </>
      )}
    </section>
  );
}

export default function AntibioticDetailPage() {
  const tx = useResourceTexts();
  const locale = useLocale();
  const code = (useParams().code ?? '').toUpperCase();
  const loaded = useResource<AntibioticDetail>(resourcePaths.antibiotic(code));
  const drug = loaded.data?.code === code ? loaded.data : undefined;
  const notFound = loaded.problem?.kind === 'message' && loaded.problem.code === 1004;
  const main = drug ? (locale === 'zh' ? (drug.nameZh ?? drug.name) : drug.name) : notFound ? tx.atbDetail.notFound : code;
  const second = drug && locale === 'zh' && drug.nameZh ? drug.name : undefined;
  useEntityTitle(drug ? antibioticTitleName(drug, locale) : undefined);

  return (
    <ResourceShell
      section="atb"
      testId="resource-atb-detail-page"
      title={
        <span data-testid="atb-heading">
          {breakableName(main)}
          {drug && <span className="mdc-res-title-code"> {drug.code}</span>}
        </span>
      }
      lead={
        drug ? (
          <span className="mdc-res-subtitle">
            {second && <strong className="mdc-res-zh-title">{second} </strong>}
            {[localized(drug.classLabel, locale), drug.atcCode].filter(Boolean).join(' · ')} {drug.aware && <AwareTag aware={drug.aware} />}
          </span>
        ) : undefined
      }
      crumbs={[{ label: tx.titles.atb, to: '/resource/atb' }, { label: drug ? `${main}` : code }]}
    >
      {loaded.problem &&
        (notFound ? (
          <NotFound title={tx.atbDetail.notFound} msg={loaded.problem.kind === 'message' ? loaded.problem.msg : ''} />
        ) : (
          <ProblemAlert problem={loaded.problem} onRetry={loaded.reload} />
        ))}
      {!drug && !loaded.problem && <Skeleton active paragraph={{ rows: 8 }} />}
      {drug && (
        <div key={drug.code}>
          <section className="mdc-res-section" data-testid="atb-facts">
            <h2>{tx.atbDetail.names}</h2>
            <Facts drug={drug} />
            <div className="mdc-res-links">
              {drug.expectedResistanceCount > 0 && (
                <LocaleLink to={`/resource/er?type=expected&antibiotic=${encodeURIComponent(drug.code)}`}>
                  {fmt(tx.atbDetail.expectedLink, { n: drug.expectedResistanceCount })} →
                </LocaleLink>
              )}
              {drug.qcRangeCount > 0 && <a href="#atb-qc">{fmt(tx.atbDetail.qc, { n: drug.qcRangeCount })} ↓</a>}
            </div>
          </section>
          <Breakpoints drug={drug} />
          <QcRanges code={drug.code} count={drug.qcRangeCount} />
        </div>
      )}
    </ResourceShell>
  );
}
