import { Segmented, Select, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState } from 'react';
import { useLocale } from '../../../lib/i18n/hooks';
import { useIsMobile } from '../../../lib/viewport';
import type { Page } from '../api';
import { formatValue, localized } from '../lib/format';
import { useResource } from '../lib/use-resource';
import { ProblemAlert } from './LoadState';

interface QcRange {
  id: number;
  guideline: string;
  year: number;
  strain: string;
  referenceTable: string;
  organismCode: string;
  organism: { zh: string; en: string };
  testCode: string;
  method: string;
  medium: string;
  minimum: number;
  maximum: number | null;
  note: string;
}

interface QcPage extends Page<QcRange> {
  guidelines: { name: string; years: number[] }[];
}

const TEXTS = {
  zh: {
    title: '质控范围',
    lead: '参考菌株的 MIC 与抑菌圈直径可接受范围（WHONET QC_Ranges）。',
    year: '年份',
    strain: '质控菌株',
    method: '方法',
    range: '可接受范围',
    medium: '培养基',
    table: '表',
    mic: 'MIC（µg/mL）',
    disk: '纸片 {potency}（mm）',
    none: '该药物没有质控范围。',
  },
  en: {
    title: 'QC ranges',
    lead: 'Acceptable MIC and zone-diameter ranges for the reference strains (WHONET QC_Ranges).',
    year: 'Year',
    strain: 'QC strain',
    method: 'Method',
    range: 'Acceptable range',
    medium: 'Medium',
    table: 'Table',
    mic: 'MIC (µg/mL)',
    disk: 'Disk {potency} (mm)',
    none: 'No QC ranges for this drug.',
  },
} as const;

/** "atcc25922" → "ATCC 25922", "atccBAA1705" → "ATCC BAA-1705", "nctc13368" → "NCTC 13368". */
export function strainName(strain: string): string {
  const match = /^([a-z]+)([A-Z]+)?[-\s]?(\d.*)$/.exec(strain);
  if (!match) return strain;
  const [, collection, series, number] = match;
  return `${collection!.toUpperCase()} ${series ? `${series}-` : ''}${number}`;
}

/** The disk content from WHONET's test code (GEN_ND10 → 10 µg, AMC_ED20_10 → 20/10 µg). */
function diskContent(testCode: string): string {
  const match = /_[A-Z]D([\d.]+(?:_[\d.]+)?)$/.exec(testCode);
  return match ? `${match[1]!.replace('_', '/')} µg` : '';
}

function rangeText(r: QcRange): string {
  if (r.maximum === null) return formatValue(r.minimum);
  if (r.maximum === r.minimum) return formatValue(r.minimum);
  return `${formatValue(r.minimum)}–${formatValue(r.maximum)}`;
}

/** A drug's QC ranges: one guideline-year at a time, newest first. */
export function QcRanges({ code, count }: { code: string; count: number }) {
  const locale = useLocale();
  const tx = TEXTS[locale];
  const mobile = useIsMobile();
  const [guideline, setGuideline] = useState<string>();
  const [year, setYear] = useState<number>();
  const loaded = useResource<QcPage>(count > 0 ? '/api/resource/qc-ranges' : null, { antibiotic: code, guideline, year, pageSize: 200 });
  const guidelines = loaded.data?.guidelines ?? [];
  const years = guidelines.find((g) => g.name === guideline)?.years ?? [];

  // The first answer names the guidelines; the page opens on the first one's newest year.
  useEffect(() => {
    const first = loaded.data?.guidelines[0];
    if (guideline === undefined && first) {
      setGuideline(first.name);
      setYear(first.years[0]);
    }
  }, [loaded.data, guideline]);

  const methodText = (r: QcRange) => (r.method.toUpperCase() === 'MIC' ? tx.mic : tx.disk.replace('{potency}', diskContent(r.testCode)));
  // At phone width the strain, its method and medium stack in one cell beside the range, which stays in view.
  const phoneColumns: ColumnsType<QcRange> = [
    {
      title: tx.strain,
      key: 'strain',
      render: (_, r) => (
        <span>
          <strong>{strainName(r.strain)}</strong>
          <br />
          <i className="mdc-res-muted">{localized(r.organism, locale)}</i>
          <br />
          <small>
            {methodText(r)} · {r.medium}
            {r.referenceTable ? ` · ${r.referenceTable}` : ''}
          </small>
        </span>
      ),
    },
    { title: tx.range, key: 'range', align: 'right', className: 'mdc-res-num', render: (_, r) => <strong>{rangeText(r)}</strong> },
  ];
  const columns: ColumnsType<QcRange> = [
    {
      title: tx.strain,
      key: 'strain',
      render: (_, r) => (
        <span>
          <strong>{strainName(r.strain)}</strong> <i className="mdc-res-muted">{localized(r.organism, locale)}</i>
        </span>
      ),
    },
    {
      title: tx.method,
      key: 'method',
      render: (_, r) => methodText(r),
    },
    { title: tx.range, key: 'range', align: 'right', className: 'mdc-res-num', render: (_, r) => <strong>{rangeText(r)}</strong> },
    { title: tx.medium, key: 'medium', render: (_, r) => r.medium },
    {
      title: tx.table,
      key: 'table',
      render: (_, r) => (
        <span className="mdc-res-muted">
          {r.guideline} {r.year}
          {r.referenceTable ? ` · ${r.referenceTable}` : ''}
          {r.note ? ` · ${r.note}` : ''}
        </span>
      ),
    },
  ];

  return (
    <section className="mdc-res-section" id="atb-qc" data-testid="atb-qc">
      <h2>
        {tx.title} <small>{count}</small>
      </h2>
      {count === 0 ? (
        <p className="mdc-res-muted">{tx.none}</p>
      ) : (
        <>
          <p className="mdc-res-muted">{tx.lead}</p>
          {guidelines.length > 0 && (
            <div className="mdc-res-toolbar">
              <Space wrap size={8}>
                <Segmented
                  size="small"
                  value={guideline}
                  onChange={(v) => {
                    const next = guidelines.find((g) => g.name === v);
                    setGuideline(String(v));
                    setYear(next?.years[0]);
                  }}
                  options={guidelines.map((g) => g.name)}
                  data-testid="atb-qc-guideline"
                />
                <Select
                  size="small"
                  style={{ width: 100 }}
                  aria-label={tx.year}
                  value={year}
                  onChange={(v: number) => setYear(v)}
                  options={years.map((y) => ({ value: y, label: String(y) }))}
                  data-testid="atb-qc-year"
                />
              </Space>
            </div>
          )}
          {loaded.problem && <ProblemAlert problem={loaded.problem} onRetry={loaded.reload} />}
          <Table<QcRange>
            className="mdc-res-table"
            size="small"
            rowKey="id"
            loading={loaded.loading}
            columns={mobile ? phoneColumns : columns}
            dataSource={guideline === undefined ? [] : (loaded.data?.list ?? [])}
            pagination={false}
            scroll={mobile ? undefined : { x: 'max-content' }}
            style={mobile ? { whiteSpace: 'normal', overflowWrap: 'anywhere' } : undefined}
            data-testid="atb-qc-table"
          />
        </>
      )}
    </section>
  );
}
