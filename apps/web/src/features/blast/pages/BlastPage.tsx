import { ArrowRightOutlined, ClockCircleOutlined } from '@ant-design/icons';
import { Button, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { DEFAULT_THRESHOLDS } from '@mdc/core/identify/rrna';
import { AreaHero } from '../../../components/page/AreaPage';
import { LocaleLink } from '../../../components/LocaleLink';
import { useAuth } from '../../../lib/auth/session';
import type { IdentificationMethod } from '@mdc/core/identify';
import { blastApi, type BlastInfo } from '../api';
import { dateTime } from '../components/bits';
import { readLocalTasks, useClaimLocalTasks, type LocalTask } from '../local-tasks';
import { METHOD_CARDS, METHOD_VIEWS, methodFromParam, viewOfCard } from '../methods';
import { fmt, useBlastTexts } from '../texts';
import '../blast.css';

export default function BlastPage() {
  const tx = useBlastTexts();
  const { token } = useAuth();
  const [params, setParams] = useSearchParams();
  const [info, setInfo] = useState<BlastInfo>();
  const [open, setOpen] = useState<IdentificationMethod | null>(null);
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

  // `/blast?method=genome` (or `?marker=16S`) opens the dialog at once (links from elsewhere in the portal).
  useEffect(() => {
    const wanted = methodFromParam(params.get('method') ?? params.get('marker'));
    if (wanted) {
      setOpen(wanted);
      params.delete('method');
      params.delete('marker');
      setParams(params, { replace: true });
    }
  }, [params, setParams]);

  const count = (marker: '16S' | '18S') => info?.markers.find((m) => m.marker === marker);
  // ITS counts its two spacer references apart (the method's own info).
  const itsRegions = (info as { its?: { regions: { region: string; searched: number }[] } } | undefined)?.its?.regions;
  const itsMethod = info?.methods.find((m) => m.method === 'ITS');
  const its = itsRegions && itsMethod
    ? { its1: itsRegions.find((r) => r.region === 'ITS1')?.searched ?? 0, its2: itsRegions.find((r) => r.region === 'ITS2')?.searched ?? 0, searched: itsMethod.references, species: itsMethod.species }
    : undefined;
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
            {its && its.searched > 0 && (
              <>
                {' '}
                <span data-testid="reference-counts-its">{fmt(tx.page.referencesIts, { n1: its.its1.toLocaleString(), n2: its.its2.toLocaleString(), s: its.species.toLocaleString() })}</span>
              </>
            )}
          </p>
        )}
      </AreaHero>
      <div className="mdc-container mdc-area__body">
        <section className="mdc-area__section" aria-labelledby="blast-methods">
          <h2 id="blast-methods" className="mdc-area__heading">
            {tx.page.methodsTitle}
          </h2>
          <div className="mdc-blast-methods">
            {METHOD_CARDS.map((card) => {
              const text = tx.methods[card];
              const view = viewOfCard(card);
              return (
                <article key={card} className={`mdc-blast-method${view ? ' is-ready' : ''}`} data-method={card} data-testid={`method-${card}`}>
                  <div className="mdc-blast-method__head">
                    <h3>{text.title}</h3>
                    {!view && (
                      <Tag icon={<ClockCircleOutlined />} color="default">
                        {tx.page.later}
                      </Tag>
                    )}
                  </div>
                  <p>{text.text}</p>
                  {view ? (
                    <Button type="primary" onClick={() => setOpen(view.id)} data-testid={`open-${card}`} icon={<ArrowRightOutlined />} iconPosition="end">
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
                    <Tag>{tx.methodLabels[t.method]}</Tag>
                    <span>{dateTime(t.createdAt)}</span>
                    {(t.method === '16S' || t.method === '18S') && <span className="mdc-blast-muted">{fmt(tx.page.recentSequences, { n: t.itemCount })}</span>}
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
      {METHOD_VIEWS.filter((v, i, all) => all.findIndex((w) => w.Dialog === v.Dialog) === i).map((view) => (
        <view.Dialog
          key={view.id}
          method={open && METHOD_VIEWS.find((w) => w.id === open)?.Dialog === view.Dialog ? open : view.id}
          open={!!open && METHOD_VIEWS.find((w) => w.id === open)?.Dialog === view.Dialog}
          info={info}
          onClose={() => setOpen(null)}
        />
      ))}
    </div>
  );
}
