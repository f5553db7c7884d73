import { ApartmentOutlined, BookOutlined, DeploymentUnitOutlined, ExperimentOutlined, MedicineBoxOutlined, NodeIndexOutlined, SafetyOutlined, TranslationOutlined } from '@ant-design/icons';
import { Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { LocaleLink } from '../../../components/LocaleLink';
import { useLocale } from '../../../lib/i18n/hooks';
import { SearchBox } from '../../search/components/SearchBox';
import { resourcePaths, type ResourceSummary } from '../api';
import { ProblemAlert } from '../components/LoadState';
import { MaldiCard } from '../components/MaldiLibrary';
import { FlaggedReferencesCard } from './FlaggedReferencesPage';
import { ResourceShell } from '../components/ResourceShell';
import { fmt } from '../lib/texts';
import { useResource } from '../lib/use-resource';
import { useResourceTexts } from '../texts';

interface Card {
  key: string;
  to: string;
  icon: ReactNode;
  count: number;
  title: string;
  unit: string;
  detail: string;
}

export default function ResourcePage() {
  const tx = useResourceTexts();
  const locale = useLocale();
  const loaded = useResource<ResourceSummary>(resourcePaths.summary);
  const s = loaded.data;
  const c = s?.counts;
  const number = (n: number) => n.toLocaleString(locale === 'zh' ? 'zh-CN' : 'en-US');
  const k = tx.overview.cards;

  const cards: Card[] = c
    ? [
        { key: 'taxon', to: '/resource/taxon', icon: <ApartmentOutlined />, count: c.taxa, title: k.taxon.title, unit: k.taxon.unit, detail: fmt(k.taxon.detail, { species: number(c.species), genera: number(c.genera) }) },
        { key: 'atb', to: '/resource/atb', icon: <MedicineBoxOutlined />, count: c.antibiotics, title: k.atb.title, unit: k.atb.unit, detail: k.atb.detail },
        { key: 'bp', to: '/resource/bp', icon: <ExperimentOutlined />, count: c.breakpoints, title: k.bp.title, unit: k.bp.unit, detail: fmt(k.bp.detail, { guidelines: c.guidelines }) },
        {
          key: 'er',
          to: '/resource/er',
          icon: <BookOutlined />,
          count: c.expectedResistance + c.expertRules + c.eucastRules,
          title: k.er.title,
          unit: k.er.unit,
          detail: fmt(k.er.detail, { expected: number(c.expectedResistance), expert: c.expertRules, eucast: c.eucastRules }),
        },
        {
          key: 'seq',
          to: '/blast',
          icon: <NodeIndexOutlined />,
          count: c.sequences16S + c.sequences18S + (c.sequencesITS ?? 0),
          title: k.seq.title,
          unit: k.seq.unit,
          detail: fmt(k.seq.detail, { s16: number(c.sequences16S), s18: number(c.sequences18S), its: number(c.sequencesITS ?? 0) }),
        },
        ...(c.genomes > 0
          ? [
              {
                key: 'genome',
                to: '/blast?method=genome',
                icon: <DeploymentUnitOutlined />,
                count: c.genomes,
                title: k.genome.title,
                unit: k.genome.unit,
                detail: fmt(k.genome.detail, { species: number(c.genomeSpecies) }),
              },
            ]
          : []),
        ...(c.resistanceGenes
          ? [
              {
                key: 'genes',
                to: '/resource/genes',
                icon: <SafetyOutlined />,
                count: c.resistanceGenes,
                title: k.genes.title,
                unit: k.genes.unit,
                detail: k.genes.detail,
              },
            ]
          : []),
        { key: 'names', to: '/resource/atb', icon: <TranslationOutlined />, count: c.chineseNames, title: k.names.title, unit: k.names.unit, detail: k.names.detail },
      ]
    : [];

  return (
    <ResourceShell
      section="overview"
      testId="resource-page"
      title={tx.titles.overview}
      lead={tx.leads.overview}
      hero={
        <div className="mdc-res-quick">
          <SearchBox testId="resource-search-input" size="large" placeholder={tx.overview.quickSearchHint} />
        </div>
      }
    >
      {loaded.problem && <ProblemAlert problem={loaded.problem} onRetry={loaded.reload} />}
      <section aria-labelledby="resource-categories">
        <h2 id="resource-categories" className="mdc-res-heading">
          {tx.overview.categories}
        </h2>
        {!s && !loaded.problem && <Skeleton active paragraph={{ rows: 4 }} />}
        {s?.ready && (
          <div className="mdc-res-cards" data-testid="resource-counts">
            {cards.map((card) => (
              <LocaleLink key={card.key} to={card.to} className="mdc-res-card" data-testid={`resource-count-${card.key}`} data-count={card.count}>
                <span className="mdc-res-card__icon" aria-hidden>
                  {card.icon}
                </span>
                <span className="mdc-res-card__body">
                  <span className="mdc-res-card__title">{card.title}</span>
                  <span className="mdc-res-card__count">
                    <strong>{number(card.count)}</strong> <small>{card.unit}</small>
                  </span>
                  <span className="mdc-res-card__detail">{card.detail}</span>
                </span>
              </LocaleLink>
            ))}
            <MaldiCard />
            <FlaggedReferencesCard />
          </div>
        )}
        {s?.lastImport && (
          <p className="mdc-res-muted mdc-res-import" data-testid="resource-last-import">
            {fmt(tx.state.lastImport, {
              date: new Date(s.lastImport.importedAt).toLocaleString(locale === 'zh' ? 'zh-CN' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' }),
              dir: s.lastImport.sourceDir,
            })}
          </p>
        )}
      </section>
      <section className="mdc-res-section mdc-res-sources" aria-labelledby="resource-sources">
        <h2 id="resource-sources">{tx.overview.sources}</h2>
        <dl>
          {tx.overview.sourceList.map(([name, text]) => (
            <div key={name}>
              <dt>{name}</dt>
              <dd>{text}</dd>
            </div>
          ))}
        </dl>
      </section>
    </ResourceShell>
  );
}
