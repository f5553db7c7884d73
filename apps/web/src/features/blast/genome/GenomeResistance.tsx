import { Alert, Grid, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import { tieText } from '@mdc/contracts';
import type { GenomeResistanceReport, ResistanceGeneReport, ResistanceMutationReport } from '@mdc/core/identify/genome';
import type { DrugPrediction } from '@mdc/core/resistome';
import { useLocale } from '../../../lib/i18n/hooks';
import { fmt } from '../texts';
import { useGenomeTexts, type GenomeTexts } from './texts';

/** Names and class of a predicted drug in both languages, as the task detail gives them (`drugs`). */
export interface DrugLabel {
  name: { zh: string; en: string };
  classKey: string;
  classLabel: { zh: string; en: string };
  classOrder: number;
}

type Group<T> = { group: string; label: string; count: number } | (T & { group?: undefined });

const bp = (n: number) => n.toLocaleString('en');


/** Rows of one table with a header row before each group (antd draws it across the columns). */
function grouped<T>(items: readonly T[], keyOf: (item: T) => string, labelOf: (item: T) => string, orderOf: (item: T) => number): Group<T>[] {
  const groups = new Map<string, { label: string; order: number; items: T[] }>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key) ?? { label: labelOf(item), order: orderOf(item), items: [] };
    group.items.push(item);
    groups.set(key, group);
  }
  return [...groups.entries()]
    .sort((a, b) => a[1].order - b[1].order)
    .flatMap(([key, g]) => [{ group: key, label: g.label, count: g.items.length } as Group<T>, ...(g.items as Group<T>[])]);
}

const isGroup = <T,>(row: Group<T>): row is { group: string; label: string; count: number } => row.group !== undefined;

/** The first column spans the row of a group's header; the others give it their room. */
function spanGroup<T>(columns: TableColumnsType<Group<T>>): TableColumnsType<Group<T>> {
  return columns.map((column, i) => ({
    ...column,
    onCell: (row: Group<T>) => (isGroup(row) ? { colSpan: i === 0 ? columns.length : 0, className: 'mdc-genome-group' } : {}),
    // Cells under a group's header are not drawn, but antd still renders them: they get nothing to read.
    render: (value: unknown, row: Group<T>, index: number) =>
      isGroup(row) ? (
        i === 0 ? (
          <span data-testid="resistance-group">
            {row.label} <span className="mdc-blast-muted">({row.count})</span>
          </span>
        ) : null
      ) : column.render ? (
        (column.render as (v: unknown, r: Group<T>, i: number) => React.ReactNode)(value, row, index)
      ) : (
        (value as React.ReactNode)
      ),
  })) as TableColumnsType<Group<T>>;
}

function className(t: GenomeTexts['resistance'], resfinderClass: string): string {
  return t.classes[resfinderClass] ?? resfinderClass;
}

function GeneTable({ genes, testId, narrow, intrinsic }: { genes: ResistanceGeneReport[]; testId: string; narrow: boolean; intrinsic?: boolean }) {
  const t = useGenomeTexts().resistance;
  const c = t.columns;
  const position = (g: ResistanceGeneReport) => `${g.contig}:${bp(g.start)}–${bp(g.end)} (${g.strand})`;
  const geneCell = (g: ResistanceGeneReport) => (
    <span className="mdc-genome-gene">
      <span className="mdc-genome-gene__name" data-testid="resistance-gene-name">
        {g.alleles.length > 1 ? tieText(g.alleles) : g.name}
      </span>
      {intrinsic && (
        <Tag className="mdc-genome-gene__tag" data-testid="resistance-intrinsic-tag">
          {t.intrinsicTag}
        </Tag>
      )}
      {g.alleles.length > 1 && (
        <span className="mdc-genome-gene__note" data-testid="resistance-tie">
          {fmt(t.tie, { alleles: tieText(g.alleles) })}
        </span>
      )}
      {g.partial && (
        <span className="mdc-genome-gene__note is-partial" data-testid="resistance-partial">
          {t.partial}
        </span>
      )}
      {narrow && <span className="mdc-genome-gene__where">{position(g)}</span>}
    </span>
  );
  const columns: TableColumnsType<Group<ResistanceGeneReport>> = spanGroup<ResistanceGeneReport>([
    { title: c.gene, key: 'gene', render: (_: unknown, g) => geneCell(g as ResistanceGeneReport) },
    { title: c.identity, dataIndex: 'identity', width: narrow ? 64 : 110, align: 'right', render: (v: number) => v.toFixed(2) },
    { title: c.coverage, dataIndex: 'coverage', width: narrow ? 64 : 110, align: 'right', render: (v: number) => v.toFixed(2) },
    ...(narrow ? [] : [{ title: c.position, key: 'position', width: 280, render: (_: unknown, g: Group<ResistanceGeneReport>) => position(g as ResistanceGeneReport) }]),
  ]);
  const rows = grouped(
    genes,
    (g) => g.class,
    (g) => className(t, g.class),
    (g) => genes.findIndex((x) => x.class === g.class) + (g.class === 'Beta-lactam' ? -1000 : 0),
  );
  return (
    <Table<Group<ResistanceGeneReport>>
      className="mdc-genome-res-table"
      rowKey={(g) => (isGroup(g) ? `group:${g.group}` : `${g.contig}:${g.start}:${g.name}`)}
      size="small"
      pagination={false}
      tableLayout="fixed"
      columns={columns}
      dataSource={rows}
      onRow={(g) => (isGroup(g) ? {} : ({ 'data-testid': 'resistance-gene', 'data-gene': g.name, 'data-intrinsic': String(g.intrinsic) } as object))}
      data-testid={testId}
    />
  );
}

function MutationTable({ mutations, narrow }: { mutations: ResistanceMutationReport[]; narrow: boolean }) {
  const t = useGenomeTexts().resistance;
  const c = t.columns;
  return (
    <Table<ResistanceMutationReport>
      className="mdc-genome-res-table"
      rowKey={(m) => `${m.contig}:${m.start}:${m.name}`}
      size="small"
      pagination={false}
      tableLayout="fixed"
      dataSource={mutations}
      onRow={(m) => ({ 'data-testid': 'resistance-mutation', 'data-mutation': m.name }) as object}
      columns={[
        { title: c.mutation, dataIndex: 'name', render: (name: string) => <span className="mdc-genome-gene__name">{name}</span> },
        { title: c.class, dataIndex: 'class', width: narrow ? 110 : 200, render: (v: string) => className(t, v) },
        ...(narrow ? [] : [{ title: c.position, key: 'position', width: 280, render: (_: unknown, m: ResistanceMutationReport) => `${m.contig}:${bp(m.start)}–${bp(m.end)}` }]),
      ]}
      data-testid="resistance-mutations"
    />
  );
}

/** The Lab's S/I/R colours: uncertain takes I's amber. */
const PREDICTION_CLASS = { R: 'mdc-genome-pred is-R', S: 'mdc-genome-pred is-S', uncertain: 'mdc-genome-pred is-uncertain' } as const;

function PredictionTable({ predictions, drugs, narrow }: { predictions: DrugPrediction[]; drugs: Record<string, DrugLabel>; narrow: boolean }) {
  const locale = useLocale();
  const t = useGenomeTexts().resistance;
  const c = t.columns;
  // A drug MDC cannot name in the page's language is shown by its code, never by the English name on a Chinese page.
  const drugName = (p: DrugPrediction) => drugs[p.drug]?.name[locale] ?? (locale === 'en' ? p.drugName : p.drug);
  const evidence = (p: DrugPrediction) => p.evidence || t.noEvidence;
  const rows = grouped(
    predictions,
    (p) => drugs[p.drug]?.classKey ?? 'other',
    (p) => drugs[p.drug]?.classLabel[locale] ?? t.classes.Other!,
    (p) => drugs[p.drug]?.classOrder ?? 999,
  );
  const columns = spanGroup<DrugPrediction>([
    {
      title: c.drug,
      key: 'drug',
      render: (_: unknown, p) => (
        <span className="mdc-genome-drug">
          <span data-testid="prediction-drug">{drugName(p as DrugPrediction)}</span> <span className="mdc-blast-muted">{(p as DrugPrediction).drug}</span>
        </span>
      ),
    },
    {
      title: c.prediction,
      dataIndex: 'prediction',
      width: narrow ? 104 : 120,
      render: (v: DrugPrediction['prediction'], p) => (
        <Tooltip title={`${t.predictionTitle[v]} · ${evidence(p as DrugPrediction)}`}>
          <span className={PREDICTION_CLASS[v]} data-testid="prediction-call">
            {t.prediction[v]}
          </span>
        </Tooltip>
      ),
    },
    ...(narrow
      ? []
      : [
          {
            title: c.evidence,
            key: 'evidence',
            render: (_: unknown, p: Group<DrugPrediction>) => <span className={(p as DrugPrediction).evidence ? 'mdc-genome-evidence' : 'mdc-blast-muted'}>{evidence(p as DrugPrediction)}</span>,
          },
        ]),
  ]);
  return (
    <Table<Group<DrugPrediction>>
      className="mdc-genome-res-table"
      rowKey={(p) => (isGroup(p) ? `group:${p.group}` : p.drug)}
      size="small"
      pagination={false}
      tableLayout="fixed"
      columns={columns}
      dataSource={rows}
      rowClassName={(p) => (isGroup(p) ? 'mdc-genome-group-row' : '')}
      onRow={(p) => (isGroup(p) ? {} : ({ 'data-testid': 'resistance-prediction', 'data-drug': p.drug, 'data-prediction': p.prediction } as object))}
      expandable={{
        expandRowByClick: true,
        rowExpandable: (p) => !isGroup(p),
        columnWidth: 32,
        expandedRowRender: (p) =>
          isGroup(p) ? null : (
            <dl className="mdc-genome-prediction-detail" data-testid="prediction-detail">
              <div>
                <dt>{c.evidence}</dt>
                <dd>{evidence(p)}</dd>
              </div>
              <div>
                <dt>{c.rule}</dt>
                <dd>{p.rule}</dd>
              </div>
            </dl>
          ),
      }}
      data-testid="resistance-predictions"
    />
  );
}

/**
 * What the genome says of treatment: acquired genes by class (exact allele, or the tie when
 * several are equally good; a gene cut at a contig end said so), the species' intrinsic genes
 * apart, chromosomal point mutations, and the predicted category per drug grouped by class, each
 * with its evidence and rule a click away.
 */
export function GenomeResistance({ resistance, drugs }: { resistance: GenomeResistanceReport | undefined; drugs: Record<string, DrugLabel> }) {
  const t = useGenomeTexts().resistance;
  const narrow = Grid.useBreakpoint().sm === false;
  if (!resistance) return null;
  if (resistance.status === 'not-available') {
    return (
      <section className="mdc-genome-section" data-testid="genome-resistance" data-status="not-available">
        <h2>{t.title}</h2>
        <Alert type="info" showIcon message={t.notAvailable} data-testid="resistance-not-available" />
      </section>
    );
  }
  const acquired = resistance.genes.filter((g) => !g.intrinsic);
  const intrinsic = resistance.genes.filter((g) => g.intrinsic);
  return (
    <section className="mdc-genome-section mdc-genome-resistance" data-testid="genome-resistance" data-status={resistance.status}>
      <h2>{t.title}</h2>
      {resistance.key.length > 0 && (
        <p className="mdc-genome-key">
          <span className="mdc-blast-muted">{t.key}:</span>{' '}
          {resistance.key.map((k) => (
            <Tag key={k} color="red" data-testid="resistance-key">
              {k}
            </Tag>
          ))}
        </p>
      )}
      {!resistance.species && <Alert type="info" showIcon className="mdc-genome-note" message={t.noSpecies} />}

      <h3>{t.acquired}</h3>
      {acquired.length === 0 ? <p data-testid="resistance-no-acquired">{t.noAcquired}</p> : <GeneTable genes={acquired} narrow={narrow} testId="resistance-acquired" />}

      {intrinsic.length > 0 && (
        <>
          <h3>{t.intrinsic}</h3>
          <p className="mdc-blast-muted">{t.intrinsicLead}</p>
          <GeneTable genes={intrinsic} narrow={narrow} testId="resistance-intrinsic" intrinsic />
        </>
      )}

      {resistance.species && (
        <>
          <h3>{t.mutations}</h3>
          {!resistance.pointfinderSpecies ? (
            <p className="mdc-blast-muted" data-testid="resistance-no-pointfinder">
              {fmt(t.noPointfinder, { species: resistance.species })}
            </p>
          ) : resistance.mutations.length === 0 ? (
            <p data-testid="resistance-no-mutations">{t.noMutations}</p>
          ) : (
            <MutationTable mutations={resistance.mutations} narrow={narrow} />
          )}
        </>
      )}

      {resistance.predictions.length > 0 && (
        <>
          <h3>{t.predicted}</h3>
          <p className="mdc-blast-muted">{t.predictedLead}</p>
          <PredictionTable predictions={resistance.predictions} drugs={drugs} narrow={narrow} />
        </>
      )}
    </section>
  );
}
