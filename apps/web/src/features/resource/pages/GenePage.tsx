import { Descriptions, Skeleton, Table, Tag } from 'antd';
import { useParams } from 'react-router-dom';
import { LocaleLink } from '../../../components/LocaleLink';
import { useLocale } from '../../../lib/i18n/hooks';
import { resourcePaths, type GeneDetail } from '../api';
import { NotFound, ProblemAlert } from '../components/LoadState';
import { ResourceShell } from '../components/ResourceShell';
import { useGenesTexts } from '../genes-texts';
import { drugName, drugPath, localized } from '../lib/format';
import { fmt } from '../lib/texts';
import { useEntityTitle } from '../lib/use-entity-title';
import { useResource } from '../lib/use-resource';

const pubmed = (pmid: string) => `https://pubmed.ncbi.nlm.nih.gov/${encodeURIComponent(pmid)}/`;
const nuccore = (accession: string) => `https://www.ncbi.nlm.nih.gov/nuccore/${encodeURIComponent(accession)}`;

function Facts({ gene }: { gene: GeneDetail }) {
  const gx = useGenesTexts();
  const d = gx.detail;
  const locale = useLocale();
  const amr = gene.amrfinder;
  const items = [
    {
      key: 'family',
      label: gx.family,
      children: (
        <span>
          <LocaleLink to={`/resource/genes?family=${encodeURIComponent(gene.family)}`} data-testid="gene-family">
            {gene.family}
          </LocaleLink>{' '}
          <span className="mdc-res-muted">{fmt(d.familySize, { family: gene.family, n: gene.familySize })}</span>
        </span>
      ),
    },
    {
      key: 'class',
      label: gx.class,
      children: (
        <span data-testid="gene-classes">
          {gene.classes.map((c) => (
            <LocaleLink key={c.value} to={`/resource/genes?class=${encodeURIComponent(c.value)}`} className="mdc-gene-class">
              <Tag bordered={false}>{localized(c.label, locale)}</Tag>
            </LocaleLink>
          ))}
        </span>
      ),
    },
    { key: 'mechanism', label: gx.mechanism, children: <span data-testid="gene-mechanism">{localized(gene.mechanismLabel, locale) || '—'}</span> },
    {
      key: 'drugs',
      label: gx.drugs,
      span: 2,
      children: (
        <div>
          <ul className="mdc-gene-drug-list" data-testid="gene-drug-list">
            {gene.drugs.map((drug) => (
              <li key={drug.code} data-code={drug.code}>
                {drug.listed ? (
                  <LocaleLink to={drugPath(drug.code)}>
                    <span className="mdc-res-code">{drug.code}</span> {drugName(drug, locale)}
                  </LocaleLink>
                ) : (
                  <span>
                    <span className="mdc-res-code">{drug.code}</span> {drugName(drug, locale)}
                  </span>
                )}
              </li>
            ))}
          </ul>
          <p className="mdc-res-muted mdc-gene-note">{d.drugsNote}</p>
        </div>
      ),
    },
    ...(gene.otherDrugs.length ? [{ key: 'other', label: gx.otherDrugs, span: 2, children: <span className="mdc-res-muted">{gene.otherDrugs.join(', ')}</span> }] : []),
    { key: 'phenotype', label: d.phenotype, span: 2, children: <span className="mdc-gene-phenotype">{gene.phenotype || '—'}</span> },
    ...(gene.notes ? [{ key: 'notes', label: d.notes, span: 2, children: gene.notes }] : []),
    ...(gene.requiredGene ? [{ key: 'required', label: d.requiredGene, children: gene.requiredGene }] : []),
    {
      key: 'amrfinder',
      label: d.amrfinder,
      span: 2,
      children: amr ? (
        <span data-testid="gene-amrfinder">
          <span className="mdc-res-code">{amr.symbol}</span>
          {amr.level === 'family' && <span className="mdc-res-muted"> {d.amrfinderFamily}</span>}
          {' · '}
          {[amr.class, amr.subclass !== amr.class ? amr.subclass : ''].filter(Boolean).join(' / ')}
          {amr.name && <span className="mdc-res-muted"> · {amr.name}</span>}
        </span>
      ) : (
        <span className="mdc-res-muted">{d.amrfinderNone}</span>
      ),
    },
    { key: 'files', label: d.dbClasses, children: <span className="mdc-res-code">{gene.dbClasses.map((c) => `${c}.fsa`).join(', ')}</span> },
  ];
  return <Descriptions className="mdc-res-descriptions" size="small" bordered column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 2 }} items={items} />;
}

export default function GenePage() {
  const gx = useGenesTexts();
  const d = gx.detail;
  const locale = useLocale();
  const name = useParams().name ?? '';
  const loaded = useResource<GeneDetail>(resourcePaths.gene(name));
  const gene = loaded.data?.name === name ? loaded.data : undefined;
  const notFound = loaded.problem?.kind === 'message' && loaded.problem.code === 1004;
  useEntityTitle(gene?.name);

  return (
    <ResourceShell
      section="genes"
      testId="resource-gene-page"
      title={<span data-testid="gene-heading">{gene ? gene.name : notFound ? d.notFound : name}</span>}
      lead={gene ? <span className="mdc-res-subtitle">{[gene.family, ...gene.classes.map((c) => localized(c.label, locale)), localized(gene.mechanismLabel, locale)].filter(Boolean).join(' · ')}</span> : undefined}
      crumbs={[{ label: gx.title, to: '/resource/genes' }, { label: gene?.name ?? name }]}
    >
      {loaded.problem &&
        (notFound ? <NotFound title={d.notFound} msg={loaded.problem.kind === 'message' ? loaded.problem.msg : ''} /> : <ProblemAlert problem={loaded.problem} onRetry={loaded.reload} />)}
      {!gene && !loaded.problem && <Skeleton active paragraph={{ rows: 8 }} />}
      {gene && (
        <div key={gene.name}>
          <section className="mdc-res-section" data-testid="gene-facts">
            <h2>{d.facts}</h2>
            <Facts gene={gene} />
          </section>
          <section className="mdc-res-section" data-testid="gene-pmids">
            <h2>{d.pmids}</h2>
            {gene.pmids.length ? (
              <ul className="mdc-gene-pmids">
                {gene.pmids.map((pmid) => (
                  <li key={pmid}>
                    <a href={pubmed(pmid)} target="_blank" rel="noreferrer" data-testid="gene-pmid">
                      PMID {pmid}
                    </a>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mdc-res-muted">{d.noPmids}</p>
            )}
          </section>
          <section className="mdc-res-section" data-testid="gene-variants">
            <h2>{d.variants}</h2>
            <Table
              size="small"
              className="mdc-res-table"
              rowKey="id"
              pagination={false}
              scroll={{ x: 'max-content' }}
              dataSource={gene.variants}
              columns={[
                { title: d.variant, dataIndex: 'variant', width: 72 },
                {
                  title: d.accession,
                  dataIndex: 'accession',
                  render: (accession: string) =>
                    accession ? (
                      <a href={nuccore(accession)} target="_blank" rel="noreferrer" className="mdc-res-code">
                        {accession}
                      </a>
                    ) : (
                      '—'
                    ),
                },
                { title: d.length, dataIndex: 'length', align: 'right' as const, className: 'mdc-res-num' },
                { title: 'PMID', dataIndex: 'pmids', render: (ids: string[]) => <span className="mdc-res-muted">{ids.join(', ') || '—'}</span> },
              ]}
            />
          </section>
          <section className="mdc-res-section" data-testid="gene-source">
            <h2>{d.source}</h2>
            <p>
              <a href={gene.source.url} target="_blank" rel="noreferrer">
                {fmt(d.sourceText, { name: gene.source.name, version: gene.source.version, licence: gene.source.licence })}
              </a>
            </p>
          </section>
        </div>
      )}
    </ResourceShell>
  );
}
