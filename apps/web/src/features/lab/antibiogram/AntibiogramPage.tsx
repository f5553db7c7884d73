import { DownloadOutlined, FilePdfOutlined, ReloadOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Empty, Grid, InputNumber, Select, Spin, Switch, Table, Tooltip, Upload } from 'antd';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { LabHero } from '../components/LabHero';
import { useLocale } from '../../../lib/i18n/hooks';
import { downloadFile, labApi, type LabOptions } from '../api';
import { antibiogramApi, type AntibiogramCell, type AntibiogramData, type AntibiogramRow } from './api';
import { useAntibiogramText } from './texts';
import { TrendChart } from './TrendChart';
import '../lab.css';
import './antibiogram.css';

const GROUPS = [
  ['-', 'negative'],
  ['+', 'positive'],
  ['', 'other'],
] as const;

/** The query parameters the report reads, kept in the address so a filtered view can be reloaded. */
const KEYS = ['period', 'specimen', 'ward', 'setting', 'first', 'episodeDays', 'min', 'susceptible', 'includeScreening', 'organism', 'drugA', 'drugB'] as const;

/** The fixed header's height (--mdc-header-h): the table's sticky drug codes sit under it. */
const HEADER_HEIGHT = 64;
const DRUG_WIDTH = 52;

/**
 * A name as a microbiologist prints it: the Latin genus and epithets italic, everything else
 * upright (Chinese names, "sp.", "ss.", group words such as "coagulase negative", "Other").
 */
export function OrganismName({ name }: { name: string }): ReactNode {
  if (/[\u3400-\u9fff]/.test(name)) return name;
  const genusOnly = /^([A-Z][a-z]+)((?: spp?\.|,).*)$/.exec(name);
  if (genusOnly) return (
    <>
      <i>{genusOnly[1]}</i>
      {genusOnly[2]}
    </>
  );
  const species = /^([A-Z][a-z]+ (?!spp?\.)[a-z][a-z-]+)(?:( (?:ss\.|subsp\.) )([a-z][a-z-]+))?(.*)$/.exec(name);
  if (!species) return name;
  return (
    <>
      <i>{species[1]}</i>
      {species[2]}
      {species[3] && <i>{species[3]}</i>}
      {species[4]}
    </>
  );
}

/** Width of an element, followed as the window changes. */
function useWidth(): [(node: HTMLElement | null) => void, number] {
  const [width, setWidth] = useState(0);
  const observer = useRef<ResizeObserver | null>(null);
  const ref = (node: HTMLElement | null) => {
    observer.current?.disconnect();
    if (!node) return;
    setWidth(node.clientWidth);
    observer.current = new ResizeObserver(([entry]) => entry && setWidth(entry.contentRect.width));
    observer.current.observe(node);
  };
  return [ref, width];
}

function cellClass(cell: AntibiogramCell | undefined): string {
  if (!cell) return 'mdc-ag__cell mdc-ag__cell--none';
  if (cell.intrinsic) return 'mdc-ag__cell mdc-ag__cell--ir';
  if (cell.percent === null) return 'mdc-ag__cell mdc-ag__cell--few';
  return `mdc-ag__cell ${cell.percent >= 90 ? 'mdc-ag__cell--high' : cell.percent >= 60 ? 'mdc-ag__cell--mid' : 'mdc-ag__cell--low'}`;
}

export default function AntibiogramPage() {
  const text = useAntibiogramText();
  const locale = useLocale();
  const { message } = App.useApp();
  const narrow = !Grid.useBreakpoint().md;
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => Object.fromEntries(KEYS.flatMap((k) => (params.get(k) ? [[k, params.get(k)!]] : []))), [params]);
  const key = JSON.stringify(query);
  const [data, setData] = useState<AntibiogramData | null>(null);
  const [loading, setLoading] = useState(true);
  const [version, setVersion] = useState(0);
  const [uploading, setUploading] = useState(false);
  const [exporting, setExporting] = useState<string | null>(null);
  const [options, setOptions] = useState<LabOptions | null>(null);
  const [guideline, setGuideline] = useState<string | undefined>();
  const [picked, setPicked] = useState<{ organism: string; drug: string } | null>(null);

  useEffect(() => {
    let live = true;
    setLoading(true);
    antibiogramApi
      .report(query)
      .then((envelope) => live && envelope.code === 0 && setData(envelope.data))
      .catch(() => undefined)
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, version]);

  useEffect(() => {
    labApi
      .options()
      .then((envelope) => envelope.code === 0 && setOptions(envelope.data))
      .catch(() => undefined);
  }, []);

  // A re-reading runs in the background: look again until it is done.
  useEffect(() => {
    if (!data?.rereading) return undefined;
    const timer = setTimeout(() => setVersion((v) => v + 1), 2000);
    return () => clearTimeout(timer);
  }, [data]);

  const update = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [name, value] of Object.entries(changes)) {
      if (value) next.set(name, value);
      else next.delete(name);
    }
    setParams(next, { replace: true });
  };

  const upload = async (file: File) => {
    setUploading(true);
    try {
      const created = await labApi.uploadBatch(file, undefined).catch(() => null);
      if (!created || created.code !== 0) {
        void message.error(created?.msg ?? text.exportFailed);
        return;
      }
      for (;;) {
        await new Promise((r) => setTimeout(r, 800));
        const detail = await labApi.detail(created.data.id, { progress: false }).catch(() => null);
        if (!detail || detail.code !== 0) break;
        if (detail.data.status === 'failed') {
          void message.error(detail.data.error ?? text.exportFailed);
          break;
        }
        if (detail.data.status === 'done') {
          void message.success(text.uploaded(created.data.isolates));
          break;
        }
      }
      setVersion((v) => v + 1);
    } finally {
      setUploading(false);
    }
  };

  const download = async (what: string, params: Record<string, string>, name: string) => {
    setExporting(what);
    const outcome = await downloadFile('/api/lab/antibiogram/export', { ...query, ...params, lang: locale }, name).catch(() => ({ ok: false as const, message: null }));
    setExporting(null);
    if (!outcome.ok) void message.error(outcome.message ?? text.exportFailed);
  };

  const reread = async () => {
    if (!guideline) return;
    const envelope = await antibiogramApi.reread(guideline).catch(() => null);
    if (envelope?.code === 0) {
      void message.info(envelope.msg);
      setVersion((v) => v + 1);
    }
  };

  const drugName = (code: string) => data?.drugs[code]?.[locale] ?? code;
  const rows = data?.table?.organisms ?? [];
  const organismName = (code: string) => rows.find((r) => r.organism === code)?.name[locale] ?? code;
  const series = picked && data ? data.trend.find((s) => s.organism === picked.organism && s.drug === picked.drug) : undefined;
  const guidelineChoices = (options?.guidelines ?? []).flatMap((g) => g.years.slice(0, 6).map((y) => `${g.guideline} ${y}`));
  const allDrugs = Object.keys(data?.drugs ?? {}).sort();
  // The rates of the period shown (every year when the whole file is one period).
  const incidence = (data?.incidence ?? []).filter((r) => data?.period === 'all' || r.period === data?.period);

  const organismWidth = narrow ? 130 : 200;
  const [measure, cardWidth] = useWidth();

  const table = (gram: '+' | '-' | '', title: string) => {
    // Organisms without a single interpreted drug have nothing to show in a row.
    const group = rows.filter((r) => r.gram === gram && r.cells.length > 0);
    if (group.length === 0) return null;
    const drugs = [...new Set(group.flatMap((r) => r.cells.map((c) => c.drug)))].sort();
    const guidelines = [...new Set(group.flatMap((r) => r.cells.flatMap((c) => c.guidelines)))].sort();
    return (
      <section className="mdc-lab__card" key={title} data-testid={`ag-table-${gram === '-' ? 'negative' : gram === '+' ? 'positive' : 'other'}`}>
        <h2 className="mdc-lab__card-title">{title}</h2>
        {organismWidth + drugs.length * DRUG_WIDTH > cardWidth - (narrow ? 32 : 48) && (
          <p className="mdc-ag__scroll-cue" data-testid="ag-scroll-cue">
            {text.scrollCue(drugs.length)}
          </p>
        )}
        <Table<AntibiogramRow>
          size="small"
          rowKey="organism"
          pagination={false}
          dataSource={group}
          scroll={{ x: organismWidth + drugs.length * DRUG_WIDTH }}
          // The drug codes stay under the page header and the sideways scroll bar at the bottom of
          // the window, so every column of a long table is in reach without scrolling to its end.
          sticky={{ offsetHeader: HEADER_HEIGHT, offsetScroll: 0 }}
          bordered
          columns={[
            {
              title: text.organism,
              key: 'organism',
              fixed: 'left',
              width: organismWidth,
              render: (_, row) => (
                <span>
                  <OrganismName name={row.name[locale]} /> <span className="mdc-ag__n">({row.isolates})</span>
                </span>
              ),
            },
            ...drugs.map((drug) => ({
              title: (
                <Tooltip title={drugName(drug)}>
                  <span>{drug}</span>
                </Tooltip>
              ),
              key: drug,
              width: DRUG_WIDTH,
              align: 'center' as const,
              onCell: () => ({ style: { padding: 0 } }),
              render: (_: unknown, row: AntibiogramRow) => {
                const cell = row.cells.find((c) => c.drug === drug);
                const tip = cell
                  ? `${row.name[locale]} · ${drugName(drug)}: ${cell.intrinsic ? text.cell.intrinsic : cell.percent === null ? text.cell.below(cell.n) : `${cell.percent}% (${cell.susceptible}/${cell.n})`} · ${cell.guidelines.join(', ')}`
                  : '';
                return (
                  <Tooltip title={tip}>
                    <button
                      type="button"
                      className={cellClass(cell)}
                      disabled={!cell}
                      onClick={() => cell && setPicked({ organism: row.organism, drug })}
                      data-testid="ag-cell"
                      data-cell={`${row.organism}:${drug}`}
                    >
                      {!cell ? '—' : cell.intrinsic ? 'IR' : cell.percent === null ? `n=${cell.n}` : Math.round(cell.percent)}
                    </button>
                  </Tooltip>
                );
              },
            })),
          ]}
        />
        <p className="mdc-ag__foot">
          {text.guidelines}: {guidelines.join(', ') || '—'}
        </p>
      </section>
    );
  };

  return (
    <div className="mdc-lab mdc-ag" data-testid="antibiogram-page">
      <LabHero crumb={text.crumb} to="/lab/antibiogram" title={text.title} lead={text.lead} />
      <div className="mdc-container mdc-lab__body">
        <div className="mdc-lab__card mdc-ag__upload">
          <Upload
            accept=".txt,.csv,.tsv"
            showUploadList={false}
            beforeUpload={(file) => {
              void upload(file);
              return false;
            }}
          >
            <Button type="primary" icon={<UploadOutlined />} loading={uploading} data-testid="ag-upload">
              {uploading ? text.uploading : text.upload}
            </Button>
          </Upload>
          <span className="mdc-ag__hint">{text.uploadHint}</span>
        </div>

        {loading && !data ? (
          <div style={{ textAlign: 'center', padding: 32 }}>
            <Spin />
          </div>
        ) : !data || data.facets.isolates === 0 ? (
          <div className="mdc-lab__card">
            <Empty description={text.empty} />
          </div>
        ) : (
          <>
            <div className="mdc-lab__card mdc-ag__filters" data-testid="ag-filters">
              <label>
                <span>{text.period}</span>
                <Select
                  value={data.period}
                  onChange={(v: string) => update({ period: v })}
                  options={[...data.periods.map((p) => ({ value: p, label: p })), { value: 'all', label: text.allPeriods }]}
                  style={{ width: 180 }}
                  data-testid="ag-period"
                />
              </label>
              <label>
                <span>{text.ward}</span>
                <Select
                  mode="multiple"
                  allowClear
                  value={query.ward ? query.ward.split(',') : []}
                  onChange={(v: string[]) => update({ ward: v.join(',') || undefined })}
                  options={data.facets.wards.map((w) => ({ value: w, label: w }))}
                  style={{ minWidth: 160 }}
                  data-testid="ag-ward"
                />
              </label>
              <label>
                <span>{text.specimen}</span>
                <Select
                  mode="multiple"
                  allowClear
                  value={query.specimen ? query.specimen.split(',') : []}
                  onChange={(v: string[]) => update({ specimen: v.join(',') || undefined })}
                  options={data.facets.specimenTypes.map((w) => ({ value: w, label: w }))}
                  style={{ minWidth: 140 }}
                  data-testid="ag-specimen"
                />
              </label>
              <label>
                <span>{text.setting}</span>
                <Select
                  mode="multiple"
                  allowClear
                  value={query.setting ? query.setting.split(',') : []}
                  onChange={(v: string[]) => update({ setting: v.join(',') || undefined })}
                  options={data.facets.settings.map((w) => ({ value: w, label: text.settings[w] ?? w }))}
                  style={{ minWidth: 140 }}
                  data-testid="ag-setting"
                />
              </label>
              <label>
                <span>{text.first}</span>
                <Select value={query.first ?? 'patient'} onChange={(v: string) => update({ first: v === 'patient' ? undefined : v })} options={Object.entries(text.firsts).map(([value, label]) => ({ value, label }))} style={{ width: 310 }} />
              </label>
              {query.first === 'episode' && (
                <label>
                  <span>{text.episodeDays}</span>
                  <InputNumber min={1} max={3650} value={Number(query.episodeDays ?? 365)} onChange={(v) => update({ episodeDays: v ? String(v) : undefined })} />
                </label>
              )}
              <label>
                <span>{text.susceptible}</span>
                <Select value={query.susceptible ?? 'S'} onChange={(v: string) => update({ susceptible: v === 'S' ? undefined : v })} options={Object.entries(text.susceptibles).map(([value, label]) => ({ value, label }))} style={{ width: 270 }} />
              </label>
              <label>
                <span>{text.min}</span>
                <InputNumber min={1} max={1000} value={Number(query.min ?? 30)} onChange={(v) => update({ min: v && v !== 30 ? String(v) : undefined })} style={{ width: 90 }} />
              </label>
              <label className="mdc-ag__switch">
                <Switch size="small" checked={query.includeScreening === 'true'} onChange={(on) => update({ includeScreening: on ? 'true' : undefined })} />
                <span>{text.screening}</span>
              </label>
            </div>

            <div className="mdc-lab__card" data-testid="ag-rules">
              <h2 className="mdc-lab__card-title">{text.rules}</h2>
              <ul className="mdc-ag__rules">
                {data.statements.map((s) => (
                  <li key={s.en}>{s[locale]}</li>
                ))}
                <li data-testid="ag-counts">{text.counts(data.counts)}</li>
              </ul>
              <div className="mdc-ag__actions">
                <Button icon={<FilePdfOutlined />} loading={exporting === 'A4'} onClick={() => download('A4', { format: 'pdf', size: 'A4' }, 'antibiogram-A4.pdf')} data-testid="ag-pdf">
                  {text.exportPdfA4}
                </Button>
                <Button icon={<FilePdfOutlined />} loading={exporting === 'A5'} onClick={() => download('A5', { format: 'pdf', size: 'A5' }, 'antibiogram-A5.pdf')} data-testid="ag-pdf-a5">
                  {text.exportPdfA5}
                </Button>
                <Button icon={<DownloadOutlined />} loading={exporting === 'xlsx'} onClick={() => download('xlsx', { format: 'xlsx' }, 'antibiogram.xlsx')} data-testid="ag-excel">
                  {text.exportExcel}
                </Button>
              </div>
            </div>

            <p className="mdc-ag__legend" ref={measure}>
              {text.legend}
            </p>
            {rows.length === 0 ? <div className="mdc-lab__card"><Empty /></div> : GROUPS.map(([gram, key]) => table(gram, text[key]))}
            {data.table && data.table.suppressed.length > 0 && (
              <div className="mdc-lab__card">
                <h2 className="mdc-lab__card-title">{text.suppressed}</h2>
                <ul className="mdc-ag__rules">
                  {data.table.suppressed.map((s) => (
                    <li key={`${s.organism}:${s.drug}`}>
                      {organismName(s.organism)} · {drugName(s.drug)} (n={s.n}): {s.note[locale]}
                    </li>
                  ))}
                </ul>
              </div>
            )}

            <div className="mdc-ag__two">
              <div className="mdc-lab__card" data-testid="ag-trend">
                <h2 className="mdc-lab__card-title">{text.trend}</h2>
                {series && picked ? (
                  <>
                    <p>{text.trendOf(organismName(picked.organism), `${drugName(picked.drug)} (${picked.drug})`)}</p>
                    <TrendChart points={series.points} />
                  </>
                ) : (
                  <p className="mdc-ag__hint">{text.trendPick}</p>
                )}
              </div>
              <div className="mdc-lab__card" data-testid="ag-combination">
                <h2 className="mdc-lab__card-title">{text.combination}</h2>
                <p className="mdc-ag__hint">{text.combinationHint}</p>
                <div className="mdc-ag__combo">
                  <Select placeholder={text.organism} value={query.organism} onChange={(v: string) => update({ organism: v })} options={rows.map((r) => ({ value: r.organism, label: r.name[locale] }))} style={{ minWidth: 180 }} showSearch optionFilterProp="label" />
                  <Select placeholder={text.drugA} value={query.drugA} onChange={(v: string) => update({ drugA: v })} options={allDrugs.map((d) => ({ value: d, label: `${d} ${drugName(d)}` }))} style={{ minWidth: 150 }} showSearch optionFilterProp="label" />
                  <Select placeholder={text.drugB} value={query.drugB} onChange={(v: string) => update({ drugB: v })} options={allDrugs.map((d) => ({ value: d, label: `${d} ${drugName(d)}` }))} style={{ minWidth: 150 }} showSearch optionFilterProp="label" />
                </div>
                {data.combination && <p className="mdc-ag__combo-result" data-testid="ag-combination-result">{text.combinationResult(data.combination.n, data.combination.susceptible, data.combination.percent)}</p>}
              </div>
            </div>

            <div className="mdc-lab__card" data-testid="ag-incidence">
              <h2 className="mdc-lab__card-title">{text.incidence}</h2>
              <p className="mdc-ag__hint">{text.incidenceHint(data.rules.minIsolates)}</p>
              {incidence.length === 0 ? (
                <p>{text.noIncidence}</p>
              ) : (
                <>
                  <Table
                    size="small"
                    pagination={false}
                    rowKey={(r) => `${r.period}:${r.alert}:${r.organism}`}
                    dataSource={incidence}
                    columns={[
                      {
                        title: text.alert,
                        key: 'alert',
                        width: narrow ? 84 : 110,
                        // The phenotype's label in the page's language ("ESBL screen" is ESBL 筛查 on the Chinese page).
                        render: (_, r) => <span data-testid="ag-alert">{data.phenotypes.find((p) => p.code === r.alert)?.label[locale] ?? r.alert}</span>,
                      },
                      { title: text.organism, key: 'organism', render: (_, r) => <OrganismName name={r.name[locale]} /> },
                      {
                        title: text.rate,
                        key: 'rate',
                        width: narrow ? 110 : 170,
                        render: (_, r) =>
                          r.percent === null ? (
                            <span className="mdc-ag__rate--few" data-testid="ag-rate-few">
                              {text.rateFew(r.withAlert, r.isolates)}
                            </span>
                          ) : (
                            `${r.percent}% (${r.withAlert}/${r.isolates})`
                          ),
                      },
                      // Every year's rates when the whole file is one period; else the period shown.
                      ...(data.period === 'all' ? [{ title: text.period, dataIndex: 'period', width: 70 }] : []),
                    ]}
                  />
                  <dl className="mdc-ag__phenotypes" data-testid="ag-phenotypes">
                    {data.phenotypes
                      .filter((p) => incidence.some((r) => r.alert === p.code))
                      .map((p) => (
                        <div key={p.code}>
                          <dt>{p.label[locale]}</dt>
                          <dd>
                            {text.phenotype(p.scope[locale], p.definition[locale])} <span className="mdc-ag__source">{p.source}</span>
                          </dd>
                        </div>
                      ))}
                  </dl>
                </>
              )}
            </div>

            <div className="mdc-lab__card" data-testid="ag-reread">
              <h2 className="mdc-lab__card-title">{text.reread}</h2>
              <p className="mdc-ag__hint">
                {text.rereadHint} {data.facets.guidelines.length > 0 && `${text.readUnder}: ${data.facets.guidelines.join(', ')}`}
              </p>
              <div className="mdc-ag__combo">
                <Select placeholder={text.rereadPick} value={guideline} onChange={setGuideline} options={guidelineChoices.map((g) => ({ value: g, label: g }))} style={{ minWidth: 160 }} />
                <Button icon={<ReloadOutlined />} onClick={() => void reread()} disabled={!guideline || data.rereading} loading={data.rereading}>
                  {data.rereading ? text.rereadRunning : text.rereadButton}
                </Button>
              </div>
            </div>
          </>
        )}
      </div>
    </div>
  );
}
