import { Alert, Grid, Table, Tag } from 'antd';
import type { HTMLAttributes } from 'react';
import { LocaleLink } from '../../../components/LocaleLink';
import { useLocale } from '../../../lib/i18n/hooks';
import type { GenomeComparison } from '../api';
import { useLabText } from '../i18n';
import { CategoryTag } from './CategoryTag';

type Drug = GenomeComparison['drugs'][number];

const VERDICT_COLOUR: Record<Drug['verdict'], string> = { agree: 'green', 'very-major': 'red', major: 'volcano', minor: 'gold', 'not-comparable': 'default' };

/** The genome's call as a chip: R red, S green, uncertain or missing grey. */
function Predicted({ drug }: { drug: Drug }) {
  const text = useLabText().genome;
  if (drug.predicted === 'R' || drug.predicted === 'S') return <CategoryTag category={drug.predicted} />;
  return <span className="mdc-lab__muted">{drug.predicted === 'uncertain' ? text.uncertain : text.notPredicted}</span>;
}

function Verdict({ drug }: { drug: Drug }) {
  const text = useLabText().genome;
  return (
    <Tag color={VERDICT_COLOUR[drug.verdict]} data-testid="genome-verdict" data-verdict={drug.verdict} style={{ marginInlineEnd: 0 }}>
      {text.verdicts[drug.verdict]}
    </Tag>
  );
}

function Checks({ drug }: { drug: Drug }) {
  const locale = useLocale();
  if (drug.checks.length === 0) return <span className="mdc-lab__muted">{drug.verdict === 'not-comparable' ? drug.reason[locale] : '—'}</span>;
  return (
    <div data-testid="genome-checks">
      <div className="mdc-lab__genome-reason">{drug.reason[locale]}</div>
      <ul className="mdc-lab__genome-checks">
        {drug.checks.map((check) => (
          <li key={check.en}>{check[locale]}</li>
        ))}
      </ul>
    </div>
  );
}

/**
 * "Genome prediction vs measured": the linked genome task's predicted category per drug beside the
 * measured one, each disagreement flagged (very major, major, minor) with what to check.
 */
export function GenomeComparisonCard({ genome }: { genome: GenomeComparison }) {
  const text = useLabText().genome;
  const locale = useLocale();
  const narrow = !Grid.useBreakpoint().md;
  const name = (d: Drug) => (locale === 'zh' ? d.drugNameZh || d.drugName : d.drugName);
  const discrepancies = genome.counts.veryMajor + genome.counts.major;
  return (
    <section className="mdc-lab__card" data-testid="genome-comparison" data-status={genome.status} aria-label={text.title}>
      <h2 className="mdc-lab__card-title">{text.title}</h2>
      <p className="mdc-lab__muted mdc-lab__hint">{text.lead}</p>
      <p className="mdc-lab__genome-task">
        {text.task}
        {locale === 'zh' ? '：' : ': '}
        <LocaleLink to={`/blast/res?id=${encodeURIComponent(genome.taskId)}`} data-testid="genome-task-link">
          {genome.fileName ?? genome.taskId}
        </LocaleLink>
        {genome.species && (
          <>
            {' · '}
            <em>{genome.species}</em>
          </>
        )}
        {genome.headline && <span className="mdc-lab__muted"> · {genome.headline}</span>}
      </p>
      {genome.status === 'missing' ? (
        <Alert type="warning" showIcon message={text.missing} data-testid="genome-missing" />
      ) : (
        <>
          <Alert
            type={genome.counts.veryMajor > 0 ? 'error' : discrepancies > 0 ? 'warning' : 'success'}
            showIcon
            message={text.counts(genome.counts)}
            data-testid="genome-counts"
            data-very-major={genome.counts.veryMajor}
            data-major={genome.counts.major}
            style={{ marginBottom: 12 }}
          />
          {narrow ? (
            <ul className="mdc-cards" data-testid="genome-table">
              {genome.drugs.map((d) => (
                <li key={d.drug} className="mdc-cards__item" data-testid="genome-row" data-code={d.drug} data-verdict={d.verdict}>
                  <div className="mdc-cards__head">
                    <span className="mdc-cards__title">
                      {name(d)}
                      <span className="mdc-lab__code">{d.drug}</span>
                    </span>
                    <Verdict drug={d} />
                  </div>
                  <div className="mdc-cards__meta mdc-lab__genome-pair">
                    {text.measured} <CategoryTag category={d.measured} /> {d.value && <span className="mdc-lab__muted">({d.value})</span>} · {text.predicted} <Predicted drug={d} />
                  </div>
                  {d.evidence && (
                    <div className="mdc-cards__meta">
                      {text.evidence}: {d.evidence}
                    </div>
                  )}
                  {d.checks.length > 0 && (
                    <div className="mdc-cards__text">
                      <Checks drug={d} />
                    </div>
                  )}
                </li>
              ))}
            </ul>
          ) : (
            <Table<Drug>
              className="mdc-lab__table"
              size="middle"
              rowKey="drug"
              pagination={false}
              dataSource={genome.drugs}
              scroll={{ x: 760 }}
              data-testid="genome-table"
              onRow={(d) => ({ 'data-testid': 'genome-row', 'data-code': d.drug, 'data-verdict': d.verdict }) as HTMLAttributes<HTMLElement>}
              columns={[
                {
                  title: text.drug,
                  key: 'drug',
                  width: 170,
                  render: (_, d) => (
                    <span>
                      {name(d)}
                      <span className="mdc-lab__code">{d.drug}</span>
                    </span>
                  ),
                },
                {
                  title: text.measured,
                  key: 'measured',
                  width: 110,
                  render: (_, d) => (
                    <span>
                      <CategoryTag category={d.measured} /> {d.value && <span className="mdc-lab__muted">{d.value}</span>}
                    </span>
                  ),
                },
                { title: text.predicted, key: 'predicted', width: 110, render: (_, d) => <Predicted drug={d} /> },
                { title: text.verdict, key: 'verdict', width: 150, render: (_, d) => <Verdict drug={d} /> },
                { title: text.evidence, key: 'evidence', width: 170, render: (_, d) => <span className="mdc-lab__genome-evidence">{d.evidence || '—'}</span> },
                { title: text.check, key: 'check', render: (_, d) => <Checks drug={d} /> },
              ]}
            />
          )}
        </>
      )}
    </section>
  );
}
