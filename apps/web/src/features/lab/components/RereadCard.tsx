import { Alert, Button, Grid, Select, Table } from 'antd';
import { useEffect, useState, type HTMLAttributes } from 'react';
import { LAB_REREAD_TEXTS as T, fillText } from '@mdc/contracts';
import { useLocale } from '../../../lib/i18n/hooks';
import { labApi, type ExperimentDetail, type RereadResult } from '../api';
import { CategoryTag } from './CategoryTag';

type Row = RereadResult['results'][number];

/**
 * "Read under another year": the experiment's measured values read again under another year of its
 * guideline, each row with both categories and the other year's breakpoint; rows that differ are
 * highlighted. Nothing is saved: the stored experiment keeps the year it was read under.
 */
export function RereadCard({ experiment }: { experiment: ExperimentDetail }) {
  const locale = useLocale();
  const t = (key: keyof typeof T, values: Record<string, string | number> = {}) => fillText(T[key][locale], values);
  const [years, setYears] = useState<number[]>([]);
  const [year, setYear] = useState<number | undefined>();
  const [loading, setLoading] = useState(false);
  const [result, setResult] = useState<RereadResult | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const guideline = experiment.guideline ?? '';
  // On a phone the five columns would scroll the other year's category out of sight: one card a drug.
  const narrow = !Grid.useBreakpoint().md;

  useEffect(() => {
    let live = true;
    labApi
      .options({ silent: true })
      .then((envelope) => {
        if (!live || envelope.code !== 0) return;
        const found = envelope.data.guidelines.find((g) => g.guideline === guideline);
        const others = (found?.years ?? []).filter((y) => y !== experiment.year).sort((a, b) => b - a);
        setYears(others);
        // The year before the one read: what a laboratory asks first ("what did it say last year?").
        setYear(others.find((y) => experiment.year !== null && y < experiment.year) ?? others[0]);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [guideline, experiment.year]);

  if (!guideline || years.length === 0) return null;

  const run = async () => {
    if (year === undefined) return;
    setLoading(true);
    setFailed(null);
    const envelope = await labApi.reread(experiment.id, year).catch(() => null);
    setLoading(false);
    if (envelope && envelope.code === 0) setResult(envelope.data);
    else {
      setResult(null);
      setFailed(envelope?.msg || t('failed'));
    }
  };

  return (
    <section className="mdc-lab__card mdc-no-print" data-testid="lab-reread">
      <h2 className="mdc-lab__card-title">{t('title')}</h2>
      <p className="mdc-lab__muted">{t('hint')}</p>
      <div className="mdc-lab__reread-bar">
        <span>{guideline}</span>
        <Select<number>
          aria-label={t('year')}
          data-testid="reread-year"
          value={year}
          onChange={setYear}
          style={{ width: 110 }}
          options={years.map((y) => ({ value: y, label: String(y) }))}
        />
        <Button type="primary" loading={loading} onClick={() => void run()} data-testid="reread-run">
          {t('button')}
        </Button>
      </div>
      {failed && <Alert type="error" showIcon message={failed} style={{ marginTop: 12 }} />}
      {result && (
        <>
          <Alert
            type={result.differences > 0 ? 'warning' : 'success'}
            showIcon
            style={{ margin: '12px 0' }}
            data-testid="reread-summary"
            message={t(result.differences > 0 ? 'summary' : 'none', { d: result.differences, n: result.results.length, guideline, year: result.otherYear })}
          />
          {narrow ? (
            <ul className="mdc-cards" data-testid="reread-table">
              {result.results.map((row, i) => (
                <li key={`${row.antibiotic}:${i}`} className={`mdc-cards__item${row.differs ? ' mdc-lab__reread-differs' : ''}`} data-differs={String(row.differs)}>
                  <div className="mdc-cards__head">
                    <span className="mdc-cards__title">
                      {row.antibiotic} · {row.value}
                    </span>
                    <span>
                      <CategoryTag category={row.category} /> → <CategoryTag category={row.otherCategory} />
                      {row.differs && <strong className="mdc-lab__reread-flag">{t('differs')}</strong>}
                    </span>
                  </div>
                  <div className="mdc-cards__meta">
                    {t('otherBreakpoint', { year: result.otherYear })}: {row.otherBreakpoint || '—'}
                  </div>
                </li>
              ))}
            </ul>
          ) : (
            <Table<Row>
              size="small"
              rowKey={(row, i) => `${row.antibiotic}:${i}`}
              pagination={false}
              dataSource={result.results}
              scroll={{ x: 560 }}
              data-testid="reread-table"
              rowClassName={(row) => (row.differs ? 'mdc-lab__reread-differs' : '')}
              onRow={(row) => ({ 'data-differs': String(row.differs) }) as HTMLAttributes<HTMLElement>}
              columns={[
                { title: t('antibiotic'), dataIndex: 'antibiotic', width: 90 },
                { title: t('value'), dataIndex: 'value', width: 70 },
                {
                  title: t('current', { guideline, year: result.year ?? '' }),
                  key: 'now',
                  width: 120,
                  render: (_, row) => <CategoryTag category={row.category} />,
                },
                {
                  title: t('other', { guideline, year: result.otherYear }),
                  key: 'other',
                  width: 120,
                  render: (_, row) => (
                    <span>
                      <CategoryTag category={row.otherCategory} />
                      {row.differs && <strong className="mdc-lab__reread-flag">{t('differs')}</strong>}
                    </span>
                  ),
                },
                { title: t('otherBreakpoint', { year: result.otherYear }), key: 'bp', render: (_, row) => <span className="mdc-drugs__bp">{row.otherBreakpoint || '—'}</span> },
              ]}
            />
          )}
        </>
      )}
    </section>
  );
}
