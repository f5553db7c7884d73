import { ArrowRightOutlined, ClockCircleOutlined } from '@ant-design/icons';
import { Button, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { DEFAULT_THRESHOLDS } from '@mdc/core/identify/rrna';
import { AreaHero } from '../../../components/page/AreaPage';
import { LocaleLink } from '../../../components/LocaleLink';
import { useAuth } from '../../../lib/auth/session';
import { blastApi, type BlastInfo, type Marker } from '../api';
import { dateTime } from '../components/bits';
import { SubmitDialog } from '../components/SubmitDialog';
import { readLocalTasks, useClaimLocalTasks, type LocalTask } from '../local-tasks';
import { fmt, useBlastTexts } from '../texts';
import '../blast.css';

const METHODS = [
  { key: '16s', marker: '16S' },
  { key: '18s', marker: '18S' },
  { key: 'genome' },
  { key: 'ms' },
  { key: 'biochem' },
  { key: 'morph' },
] as const satisfies readonly { key: string; marker?: Marker }[];

export default function BlastPage() {
  const tx = useBlastTexts();
  const { token } = useAuth();
  const [params, setParams] = useSearchParams();
  const [info, setInfo] = useState<BlastInfo>();
  const [open, setOpen] = useState<Marker | null>(null);
  const [local, setLocal] = useState<LocalTask[]>(() => readLocalTasks());
  const claimed = useClaimLocalTasks();

  useEffect(() => {
    let live = true;
    blastApi
      .info({ silent: true, progress: false })
      .then((answer) => {
        if (live && answer.code === 0) setInfo(answer.data);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => setLocal(readLocalTasks()), [claimed, token]);

  // `/blast?marker=16S` opens the dialog at once (links from elsewhere in the portal).
  useEffect(() => {
    const wanted = params.get('marker')?.toUpperCase();
    if (wanted === '16S' || wanted === '18S') {
      setOpen(wanted);
      params.delete('marker');
      setParams(params, { replace: true });
    }
  }, [params, setParams]);

  const count = (marker: Marker) => info?.markers.find((m) => m.marker === marker);
  const thresholds = info?.thresholds ?? DEFAULT_THRESHOLDS;

  return (
    <div className="mdc-area mdc-blast" data-testid="blast-page" data-area="blast">
      <AreaHero
        area="blast"
        crumbs={[
          { label: tx.crumbs.home, to: '/' },
          { label: tx.crumbs.blast, to: '/blast' },
        ]}
        title={tx.page.title}
        lead={tx.page.lead}
      >
        {info && (
          <p className="mdc-blast-refs" data-testid="reference-counts">
            {fmt(tx.page.references, {
              n16: (count('16S')?.references ?? 0).toLocaleString(),
              s16: (count('16S')?.species ?? 0).toLocaleString(),
              n18: (count('18S')?.references ?? 0).toLocaleString(),
              s18: (count('18S')?.species ?? 0).toLocaleString(),
            })}
          </p>
        )}
      </AreaHero>
      <div className="mdc-container mdc-area__body">
        <section className="mdc-area__section" aria-labelledby="blast-methods">
          <h2 id="blast-methods" className="mdc-area__heading">
            {tx.page.methodsTitle}
          </h2>
          <div className="mdc-blast-methods">
            {METHODS.map((method) => {
              const text = tx.methods[method.key];
              const marker = 'marker' in method ? method.marker : undefined;
              return (
                <article key={method.key} className={`mdc-blast-method${marker ? ' is-ready' : ''}`} data-method={method.key} data-testid={`method-${method.key}`}>
                  <div className="mdc-blast-method__head">
                    <h3>{text.title}</h3>
                    {!marker && (
                      <Tag icon={<ClockCircleOutlined />} color="default">
                        {tx.page.later}
                      </Tag>
                    )}
                  </div>
                  <p>{text.text}</p>
                  {marker ? (
                    <Button type="primary" onClick={() => setOpen(marker)} data-testid={`open-${method.key}`} icon={<ArrowRightOutlined />} iconPosition="end">
                      {tx.page.start}
                    </Button>
                  ) : (
                    <p className="mdc-blast-method__later">{tx.page.laterNote}</p>
                  )}
                </article>
              );
            })}
          </div>
        </section>

        {!token && local.length > 0 && (
          <section className="mdc-area__section" aria-labelledby="blast-recent" data-testid="local-tasks">
            <h2 id="blast-recent" className="mdc-area__heading">
              {tx.page.recentTitle}
            </h2>
            <p className="mdc-blast-muted">{tx.page.recentNote}</p>
            <ul className="mdc-blast-recent">
              {local.slice(0, 10).map((t) => (
                <li key={t.id}>
                  <LocaleLink to={`/blast/res?id=${encodeURIComponent(t.id)}`}>
                    <Tag>{t.marker}</Tag>
                    <span>{dateTime(t.createdAt)}</span>
                    <span className="mdc-blast-muted">{fmt(tx.page.recentSequences, { n: t.sequenceCount })}</span>
                  </LocaleLink>
                </li>
              ))}
            </ul>
          </section>
        )}

        <section className="mdc-area__section" aria-labelledby="blast-how">
          <h2 id="blast-how" className="mdc-area__heading">
            {tx.page.howTitle}
          </h2>
          <div className="mdc-area__grid">
            {tx.page.how.map((item) => (
              <article key={item.title} className="mdc-area__item">
                <h3>{item.title}</h3>
                <p>{item.text}</p>
              </article>
            ))}
          </div>
        </section>

        <section className="mdc-area__section" aria-labelledby="blast-thresholds">
          <h2 id="blast-thresholds" className="mdc-area__heading">
            {tx.page.thresholdsTitle}
          </h2>
          <div className="mdc-area__grid">
            <article className="mdc-area__item">
              <h3>{fmt(tx.thresholds.species.title, { species: thresholds.species })}</h3>
              <p>{fmt(tx.thresholds.species.text, { margin: thresholds.speciesMargin })}</p>
            </article>
            <article className="mdc-area__item">
              <h3>{fmt(tx.thresholds.genus.title, { genus: thresholds.genus })}</h3>
              <p>{tx.thresholds.genus.text}</p>
            </article>
            <article className="mdc-area__item">
              <h3>{fmt(tx.thresholds.family.title, { family: thresholds.family })}</h3>
              <p>{tx.thresholds.family.text}</p>
            </article>
          </div>
          <p className="mdc-blast-muted">{tx.page.thresholdsNote}</p>
          {token && (
            <p>
              <LocaleLink to="/blast/hist" data-testid="history-link">
                {tx.page.historyLink} <ArrowRightOutlined />
              </LocaleLink>
            </p>
          )}
        </section>
      </div>
      <SubmitDialog marker={open} info={info} onClose={() => setOpen(null)} />
    </div>
  );
}
