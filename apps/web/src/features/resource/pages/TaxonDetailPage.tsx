import { DownloadOutlined } from '@ant-design/icons';
import { Button, Descriptions, Segmented, Skeleton, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useIsMobile } from '../../../lib/viewport';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { LocaleLink } from '../../../components/LocaleLink';
import { useLocale } from '../../../lib/i18n/hooks';
import { downloadUrl, resourcePaths, type BreakpointPage, type Page, type RuleRow, type SequenceRow, type TaxonDetail } from '../api';
import { BreakpointTable, type TableState, TypeAndMethodSwitches } from '../components/BreakpointTable';
import { DrugLink, LevelTag, OrganismGroupCell, PrevalenceTag, RankLabel, StatusCorrectionNote, StatusTag, TaxonLink, TaxonName } from '../components/bits';
import { NotFound, ProblemAlert } from '../components/LoadState';
import { ResourceShell } from '../components/ResourceShell';
import { localized, taxonPath } from '../lib/format';
import { fmt } from '../lib/texts';
import { taxonTitleName, useEntityTitle } from '../lib/use-entity-title';
import { useResource } from '../lib/use-resource';
import { useResourceTexts } from '../texts';
import { TaxonMaldi } from '../components/MaldiLibrary';

const CODES_SHOWN = 16;

function Lineage({ taxon }: { taxon: TaxonDetail }) {
  return (
    <ol className="mdc-res-lineage" data-testid="taxon-lineage">
      {taxon.lineage.map((a) => (
        <li key={a.id}>
          <span className="mdc-res-rank">
            <RankLabel rank={a.rank} />
          </span>
          <TaxonLink id={a.id} name={a.name} nameZh={a.nameZh} rank={a.rank} />
        </li>
      ))}
      <li aria-current="page">
        <span className="mdc-res-rank">
          <RankLabel rank={taxon.rank} />
        </span>
        <strong>
          <TaxonName name={taxon.name} rank={taxon.rank} />
        </strong>
      </li>
    </ol>
  );
}

function Overview({ taxon }: { taxon: TaxonDetail }) {
  const tx = useResourceTexts();
  const [allCodes, setAllCodes] = useState(false);
  const codes = allCodes ? taxon.codes : taxon.codes.slice(0, CODES_SHOWN);
  const external = (label: string, ref: { id: string | null; url: string | null }) =>
    ref.id ? (
      ref.url ? (
        <a href={ref.url} target="_blank" rel="noreferrer noopener">
          {label} {ref.id}
        </a>
      ) : (
        `${label} ${ref.id}`
      )
    ) : null;
  const items = [
    { key: 'name', label: tx.taxon.name, children: <TaxonName name={taxon.name} rank={taxon.rank} /> },
    { key: 'zh', label: tx.taxon.nameZh, children: taxon.nameZh ?? '—' },
    ...(taxon.zhAliases.length ? [{ key: 'aliases', label: tx.taxonDetail.aliases, children: taxon.zhAliases.join('、') }] : []),
    { key: 'rank', label: tx.taxon.rank, children: <RankLabel rank={taxon.rank} /> },
    {
      key: 'status',
      label: tx.taxon.status,
      children: (
        <Space size={6} wrap>
          <StatusTag status={taxon.status} />
          {taxon.statusCorrection && <StatusCorrectionNote correction={taxon.statusCorrection} />}
          {taxon.current && (
            <span data-testid="taxon-current">
              {tx.taxon.renamedTo} <TaxonLink id={taxon.current.id} name={taxon.current.name} nameZh={taxon.current.nameZh} rank={taxon.current.rank} />
            </span>
          )}
        </Space>
      ),
    },
    { key: 'author', label: tx.taxon.author, children: taxon.author ?? '—' },
    { key: 'prevalence', label: tx.prevalence.label, children: <PrevalenceTag prevalence={taxon.prevalence} /> },
    {
      key: 'source',
      label: tx.taxonDetail.source,
      children: (
        <Space size={12} wrap>
          <span>{taxon.source}</span>
          {external('LPSN', taxon.lpsn)}
          {external('GBIF', taxon.gbif)}
        </Space>
      ),
    },
    ...(taxon.codes.length
      ? [
          {
            key: 'codes',
            label: tx.taxonDetail.codes,
            children: (
              <span className="mdc-res-chips">
                {codes.map((c) => (
                  <Tag key={c} bordered={false} className="mdc-res-code">
                    {c}
                  </Tag>
                ))}
                {!allCodes && taxon.codes.length > CODES_SHOWN && (
                  <Button type="link" size="small" onClick={() => setAllCodes(true)}>
                    {fmt(tx.taxonDetail.moreCodes, { n: taxon.codes.length - CODES_SHOWN })}
                  </Button>
                )}
              </span>
            ),
          },
        ]
      : []),
  ];
  return <Descriptions className="mdc-res-descriptions" size="small" column={1} bordered items={items} />;
}

function Whonet({ taxon }: { taxon: TaxonDetail }) {
  const tx = useResourceTexts();
  const locale = useLocale();
  const w = taxon.whonet;
  if (!w) return <p className="mdc-res-muted">{tx.taxonDetail.whonetNone}</p>;
  return (
    <div data-testid="taxon-whonet">
      {w.inheritedFrom && (
        <p className="mdc-res-muted">
          {tx.taxonDetail.inherited}
          <TaxonLink id={w.inheritedFrom.id} name={w.inheritedFrom.name} nameZh={w.inheritedFrom.nameZh} rank={w.inheritedFrom.rank} />
        </p>
      )}
      <Descriptions
        className="mdc-res-descriptions"
        size="small"
        column={1}
        bordered
        items={[
          {
            key: 'code',
            label: tx.taxonDetail.whonetCode,
            children: (
              <span>
                <strong className="mdc-res-code" data-testid="taxon-whonet-code">
                  {w.code}
                </strong>{' '}
                {locale === 'zh' && w.nameZh ? w.nameZh : w.name}
              </span>
            ),
          },
          { key: 'anaerobe', label: tx.taxonDetail.anaerobe, children: w.anaerobe ? tx.taxonDetail.yes : tx.taxonDetail.no },
          {
            key: 'groups',
            label: tx.taxonDetail.groups,
            children: (
              <ul className="mdc-res-plain-list">
                {w.groups.map((g) => (
                  <li key={`${g.level}:${g.code}`}>
                    <LocaleLink to={`/resource/bp?organism=${encodeURIComponent(g.code)}`}>{localized(g.label, locale)}</LocaleLink>{' '}
                    <span className="mdc-res-code">{g.code}</span> <LevelTag level={g.level} />
                  </li>
                ))}
              </ul>
            ),
          },
        ]}
      />
    </div>
  );
}

function Names({ taxon }: { taxon: TaxonDetail }) {
  const tx = useResourceTexts();
  if (!taxon.synonyms.length && !taxon.children.total) return null;
  return (
    <div className={taxon.synonyms.length && taxon.children.total ? 'mdc-res-two' : undefined}>
      {taxon.synonyms.length > 0 && (
        <section className="mdc-res-section" data-testid="taxon-synonyms">
          <h2>
            {tx.taxonDetail.synonyms} <small>{taxon.synonyms.length}</small>
          </h2>
          <ul className="mdc-res-plain-list mdc-res-columns">
            {taxon.synonyms.map((s) => (
              <li key={s.id}>
                <LocaleLink to={taxonPath(s.id)}>
                  <i>{s.name}</i>
                </LocaleLink>
                {s.author && <span className="mdc-res-muted"> {s.author}</span>}
              </li>
            ))}
          </ul>
        </section>
      )}
      {taxon.children.total > 0 && (
        <section className="mdc-res-section" data-testid="taxon-children">
          <h2>
            {tx.taxonDetail.children} <small>{taxon.children.total}</small>
          </h2>
          <ul className="mdc-res-plain-list mdc-res-columns">
            {taxon.children.list.slice(0, 30).map((c) => (
              <li key={c.id}>
                <TaxonLink id={c.id} name={c.name} nameZh={c.nameZh} rank={c.rank} />
                {c.status !== 'accepted' && (
                  <>
                    {' '}
                    <StatusTag status={c.status} />
                  </>
                )}
              </li>
            ))}
          </ul>
          {taxon.children.total > 30 && (
            <LocaleLink to={`/resource/taxon?parent=${encodeURIComponent(taxon.id)}`}>{fmt(tx.taxonDetail.allChildren, { n: taxon.children.total })}</LocaleLink>
          )}
        </section>
      )}
    </div>
  );
}

function Breakpoints({ taxon }: { taxon: TaxonDetail }) {
  const tx = useResourceTexts();
  const [guideline, setGuideline] = useState(taxon.breakpoints[0]?.guideline);
  const [method, setMethod] = useState<string>('');
  const [type, setType] = useState<string>('human');
  const [state, setState] = useState<TableState>({ page: 1, pageSize: 20 });
  const rows = useResource<BreakpointPage>(taxon.breakpoints.length ? resourcePaths.taxonBreakpoints(taxon.id) : null, {
    guideline,
    method: method || undefined,
    type: type || undefined,
    sort: state.sort ?? 'antibiotic,method,site',
    page: state.page,
    pageSize: state.pageSize,
  });
  const bpQuery = new URLSearchParams({ taxon: taxon.id });
  if (guideline) bpQuery.set('guideline', guideline);
  if (method) bpQuery.set('method', method);
  if (type) bpQuery.set('type', type);
  const bpLink = `/resource/bp?${bpQuery.toString()}`;
  return (
    <section className="mdc-res-section" data-testid="taxon-breakpoints">
      <h2>
        {tx.taxonDetail.breakpoints}
        {taxon.breakpoints.length > 0 && <LocaleLink to={bpLink}>{tx.taxonDetail.openInTable} →</LocaleLink>}
      </h2>
      {!taxon.whonet ? (
        <p className="mdc-res-muted">{tx.taxonDetail.whonetNone}</p>
      ) : (
        <>
          <p className="mdc-res-lead">{tx.taxonDetail.breakpointsLead}</p>
          <div className="mdc-res-toolbar">
            <Segmented
              size="small"
              value={guideline}
              onChange={(v) => {
                setGuideline(String(v));
                setState((s) => ({ ...s, page: 1 }));
              }}
              options={taxon.breakpoints.map((b) => ({ value: b.guideline, label: `${b.guideline} ${b.year} · ${b.count}` }))}
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
          </div>
          {rows.problem && <ProblemAlert problem={rows.problem} onRetry={rows.reload} />}
          <BreakpointTable rows={rows.data?.list ?? []} total={rows.data?.total ?? 0} loading={rows.loading} state={state} onChange={setState} testId="taxon-bp-table" />
        </>
      )}
    </section>
  );
}

function ExpectedResistance({ taxon }: { taxon: TaxonDetail }) {
  const tx = useResourceTexts();
  const columns: ColumnsType<RuleRow> = [
    { title: tx.bp.guideline, dataIndex: 'guideline', width: 90 },
    { title: tx.er.organism, render: (_, r) => <OrganismGroupCell group={{ level: r.organism.level ?? '', code: r.organism.code ?? r.organism.text, label: r.organism.label }} /> },
    {
      title: tx.er.drugs,
      render: (_, r) => (
        <span className="mdc-res-chips">
          {r.antibiotics.map((d) => (
            <DrugLink key={d.code} drug={d} />
          ))}
        </span>
      ),
    },
    { title: tx.er.source, render: (_, r) => <span className="mdc-res-muted">{r.criteria ? `${r.criteria} · ` : ''}{r.source}</span> },
  ];
  return (
    <section className="mdc-res-section" data-testid="taxon-expected">
      <h2>
        {tx.taxonDetail.expected} <small>{taxon.expectedResistance.length}</small>
      </h2>
      {taxon.expectedResistance.length ? (
        <>
          <p className="mdc-res-lead">{tx.taxonDetail.expectedLead}</p>
          <Table<RuleRow>
            className="mdc-res-table"
            size="small"
            rowKey={(r) => `${r.guideline}:${r.id}`}
            columns={columns}
            dataSource={taxon.expectedResistance}
            pagination={taxon.expectedResistance.length > 20 ? { pageSize: 20, size: 'small', showSizeChanger: false } : false}
            scroll={{ x: 'max-content' }}
          />
        </>
      ) : (
        <p className="mdc-res-muted">{tx.taxonDetail.noExpected}</p>
      )}
    </section>
  );
}

function Sequences({ taxon }: { taxon: TaxonDetail }) {
  const tx = useResourceTexts();
  const [page, setPage] = useState(1);
  const total = taxon.sequences.reduce((n, s) => n + s.count, 0);
  const rows = useResource<Page<SequenceRow>>(total ? resourcePaths.taxonSequences(taxon.id) : null, { page, pageSize: 10 });
  const mobile = useIsMobile();
  const misfiledNote = (row: SequenceRow) =>
    row.misfiled && (
      <div className="mdc-res-misfiled" data-testid="sequence-misfiled">
        <Tag color="warning">{tx.taxonDetail.misfiledTag}</Tag>
        {fmt(tx.taxonDetail.misfiled, {
          marker: row.misfiled.resembles,
          similarity: row.misfiled.match.similarity.toFixed(1),
          species: row.misfiled.match.species,
          accession: row.misfiled.match.accession,
        })}
      </div>
    );
  // A phone gets one column that wraps instead of a table to scroll sideways.
  const phoneColumns: ColumnsType<SequenceRow> = [
    {
      title: tx.taxonDetail.description,
      key: 'sequence',
      render: (_: unknown, row) => (
        <>
          <div>
            <span className="mdc-res-code">{row.accession}</span> · {row.marker} · {row.length} bp
          </div>
          <div>{row.description}</div>
          {misfiledNote(row)}
        </>
      ),
    },
  ];
  const columns: ColumnsType<SequenceRow> = [
    { title: tx.taxonDetail.accession, dataIndex: 'accession', render: (v: string) => <span className="mdc-res-code">{v}</span> },
    { title: tx.taxonDetail.marker, dataIndex: 'marker', width: 80 },
    {
      title: tx.taxonDetail.description,
      dataIndex: 'description',
      render: (v: string, row) => (
        <>
          {v}
          {misfiledNote(row)}
        </>
      ),
    },
    { title: tx.taxonDetail.length, dataIndex: 'length', align: 'right', className: 'mdc-res-num', width: 100 },
  ];
  return (
    <section className="mdc-res-section" data-testid="taxon-sequences">
      <h2>
        {tx.taxonDetail.sequences} <small>{taxon.sequences.map((s) => `${s.marker} ${s.count}`).join(' · ')}</small>
      </h2>
      {total === 0 ? (
        <p className="mdc-res-muted">{tx.taxonDetail.noSequences}</p>
      ) : (
        <>
          <Space wrap className="mdc-res-summary-tags">
            {taxon.sequences
              .filter((s) => s.count > 0)
              .map((s) => (
                <Button
                  key={s.marker}
                  size="small"
                  icon={<DownloadOutlined />}
                  href={downloadUrl(resourcePaths.taxonFasta(taxon.id), { marker: s.marker })}
                  data-testid={`fasta-${s.marker}`}
                >
                  {fmt(tx.taxonDetail.fasta, { marker: s.marker, n: s.count })}
                </Button>
              ))}
          </Space>
          {rows.problem && <ProblemAlert problem={rows.problem} onRetry={rows.reload} />}
          <Table<SequenceRow>
            className="mdc-res-table"
            size="small"
            rowKey="accession"
            columns={mobile ? phoneColumns : columns}
            dataSource={rows.data?.list ?? []}
            loading={rows.loading}
            {...(mobile ? {} : { scroll: { x: true } })}
            pagination={{ current: page, pageSize: 10, total: rows.data?.total ?? 0, onChange: setPage, size: 'small', showSizeChanger: false, hideOnSinglePage: true }}
          />
        </>
      )}
    </section>
  );
}

/** The shared reference genomes of a species: what its genome identifications are compared with. */
function Genomes({ taxon }: { taxon: TaxonDetail }) {
  const tx = useResourceTexts();
  const locale = useLocale();
  if (taxon.genomes.length === 0) return null;
  const c = tx.taxonDetail.genomeColumns;
  const columns: ColumnsType<TaxonDetail['genomes'][number]> = [
    { title: c.strain, dataIndex: 'strain' },
    { title: c.accession, dataIndex: 'accession', render: (v: string) => <span className="mdc-res-code">{v || '—'}</span> },
    { title: c.length, dataIndex: 'length', align: 'right', className: 'mdc-res-num', render: (n: number) => `${(n / 1e6).toFixed(2)} Mbp` },
    { title: c.contigs, dataIndex: 'contigs', align: 'right', className: 'mdc-res-num' },
    { title: c.gc, dataIndex: 'gcPercent', align: 'right', className: 'mdc-res-num', render: (v: number) => `${v.toFixed(1)}%` },
  ];
  return (
    <section className="mdc-res-section" data-testid="taxon-genomes">
      <h2>
        {tx.taxonDetail.genomes} <small>{taxon.genomes.length.toLocaleString(locale === 'zh' ? 'zh-CN' : 'en-US')}</small>
      </h2>
      <p className="mdc-res-muted">
        {tx.taxonDetail.genomesNote} <LocaleLink to="/blast?method=genome">{tx.taxonDetail.identifyGenome}</LocaleLink>
      </p>
      <Table className="mdc-res-table" size="small" rowKey="id" columns={columns} dataSource={taxon.genomes} pagination={false} scroll={{ x: 'max-content' }} />
    </section>
  );
}

export default function TaxonDetailPage() {
  const tx = useResourceTexts();
  const locale = useLocale();
  const id = useParams().id ?? '';
  const taxon = useResource<TaxonDetail>(resourcePaths.taxon(id));
  const t = taxon.data?.id === id ? taxon.data : undefined;
  const notFound = taxon.problem?.kind === 'message' && taxon.problem.code === 1004;
  useEntityTitle(t ? taxonTitleName(t, locale) : undefined);

  // While it loads, a placeholder: the id (B_ESCHR_COLI) is a database key, not a name.
  const title = t ? (
    <TaxonName name={t.name} rank={t.rank} />
  ) : notFound ? (
    tx.taxonDetail.notFound
  ) : taxon.problem ? (
    tx.titles.taxon
  ) : (
    <span data-testid="taxon-title-loading">
      <Skeleton.Input active size="large" className="mdc-res-title-loading" />
    </span>
  );
  const lead = t ? (
    <span className="mdc-res-subtitle" data-testid="taxon-heading">
      {t.nameZh && <strong className="mdc-res-zh-title">{t.nameZh}</strong>} <RankLabel rank={t.rank} /> · {tx.statuses[t.status] ?? t.status}
      {t.author ? ` · ${t.author}` : ''}
    </span>
  ) : undefined;

  return (
    <ResourceShell
      section="taxon"
      testId="resource-taxon-detail-page"
      title={title}
      lead={lead}
      crumbs={[{ label: tx.titles.taxon, to: '/resource/taxon' }, { label: t ? (locale === 'zh' && t.nameZh ? t.nameZh : t.name) : '…' }]}
    >
      {taxon.problem && (notFound ? <NotFound title={tx.taxonDetail.notFound} msg={taxon.problem.kind === 'message' ? taxon.problem.msg : ''} /> : <ProblemAlert problem={taxon.problem} onRetry={taxon.reload} />)}
      {!t && !taxon.problem && <Skeleton active paragraph={{ rows: 8 }} />}
      {t && (
        <div key={t.id}>
          <section className="mdc-res-section">
            <h2>{tx.taxonDetail.lineage}</h2>
            <Lineage taxon={t} />
          </section>
          <div className="mdc-res-two">
            <section className="mdc-res-section" data-testid="taxon-overview">
              <h2>{tx.taxonDetail.overview}</h2>
              <Overview taxon={t} />
            </section>
            <section className="mdc-res-section">
              <h2>{tx.taxonDetail.whonet}</h2>
              <Whonet taxon={t} />
            </section>
          </div>
          <Names taxon={t} />
          <Breakpoints taxon={t} />
          <ExpectedResistance taxon={t} />
          <Sequences taxon={t} />
          <Genomes taxon={t} />
          <TaxonMaldi taxonId={t.id} />
        </div>
      )}
    </ResourceShell>
  );
}
