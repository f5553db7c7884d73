import {
  ArrowRightOutlined,
  CheckOutlined,
  DatabaseOutlined,
  ExperimentOutlined,
  GlobalOutlined,
  NodeIndexOutlined,
  SafetyOutlined,
  TranslationOutlined,
} from '@ant-design/icons';
import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { LocaleLink } from '../../components/LocaleLink';
import { SearchBox } from '../search/components/SearchBox';
import { useLocale } from '../../lib/i18n/hooks';
import { homeContent, type LinkCard } from './content';
import './home.css';

const pillarIcons = [<DatabaseOutlined key="d" />, <ExperimentOutlined key="l" />, <NodeIndexOutlined key="b" />];
const chinaIcons = [<TranslationOutlined key="t" />, <GlobalOutlined key="g" />, <SafetyOutlined key="s" />];
const sectionOrder = ['about', 'resource', 'database', 'lab', 'blast', 'china', 'quick'] as const;

function Section({ id, title, lead, children, tone }: { id: string; title: string; lead?: string; children: ReactNode; tone?: 'plain' | 'tinted' }) {
  return (
    <section id={id} className={`mdc-home__section${tone === 'tinted' ? ' is-tinted' : ''}`} aria-labelledby={`${id}-title`}>
      <div className="mdc-container">
        <h2 id={`${id}-title`} className="mdc-home__title">
          {title}
        </h2>
        {lead && <p className="mdc-home__lead">{lead}</p>}
        {children}
      </div>
    </section>
  );
}

function LinkList({ links }: { links: LinkCard[] }) {
  return (
    <div className="mdc-home__links">
      {links.map((link) => (
        <LocaleLink key={link.to} to={link.to} className="mdc-home__link">
          <span>
            <strong>{link.title}</strong>
            <small>{link.text}</small>
          </span>
          <ArrowRightOutlined aria-hidden />
        </LocaleLink>
      ))}
    </div>
  );
}

export default function HomePage() {
  const locale = useLocale();
  const c = homeContent[locale];
  const { hash } = useLocation();

  // The router does not scroll to fragments; sections are targets of footer and quick links.
  useEffect(() => {
    if (!hash) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [hash]);

  return (
    <div className="mdc-home" data-testid="home-page">
      <div className="mdc-home__hero">
        <div className="mdc-container mdc-home__hero-inner">
          <p className="mdc-home__eyebrow">{c.hero.eyebrow}</p>
          <h1 className="mdc-home__headline">{c.hero.title}</h1>
          <p className="mdc-home__tagline">{c.hero.tagline}</p>
          <p className="mdc-home__intro">{c.hero.lead}</p>
          <div className="mdc-home__search">
            <SearchBox testId="home-search-input" />
          </div>
        </div>
      </div>

      <div className="mdc-container">
        <div className="mdc-home__pillars">
          {c.hero.pillars.map((pillar, index) => (
            <LocaleLink key={pillar.to} to={pillar.to} className={`mdc-home__pillar mdc-home__pillar--${index}`} data-testid={`pillar-${pillar.to.slice(1)}`}>
              <span className="mdc-home__pillar-icon">{pillarIcons[index]}</span>
              <span className="mdc-home__pillar-body">
                <strong>{pillar.title}</strong>
                <small>{pillar.text}</small>
              </span>
              <ArrowRightOutlined className="mdc-home__pillar-arrow" aria-hidden />
            </LocaleLink>
          ))}
        </div>
      </div>

      <nav className="mdc-home__toc" aria-label={c.sectionNav.about}>
        <div className="mdc-container">
          {sectionOrder.map((id) => (
            <a key={id} href={`#${id}`}>
              {c.sectionNav[id]}
            </a>
          ))}
        </div>
      </nav>

      <Section id="about" title={c.about.title}>
        <div className="mdc-home__about">
          <div className="mdc-home__prose">
            {c.about.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
          <ul className="mdc-home__facts">
            {c.about.facts.map((fact) => (
              <li key={fact.label}>
                <strong>{fact.value}</strong>
                <span>{fact.label}</span>
              </li>
            ))}
          </ul>
        </div>
      </Section>

      <Section id="resource" title={c.resource.title} lead={c.resource.lead} tone="tinted">
        <div className="mdc-home__cards">
          {c.resource.cards.map((card) => (
            <LocaleLink key={card.to} to={card.to} className="mdc-home__card">
              <h3>{card.title}</h3>
              <p>{card.text}</p>
              <span className="mdc-home__more">
                <ArrowRightOutlined aria-hidden />
              </span>
            </LocaleLink>
          ))}
        </div>
      </Section>

      <Section id="database" title={c.database.title} lead={c.database.lead}>
        <div className="mdc-home__table-wrap">
          <table className="mdc-home__table">
            <thead>
              <tr>
                {c.database.columns.map((column) => (
                  <th key={column} scope="col">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {c.database.rows.map(([source, content, use, licence]) => (
                <tr key={source} data-testid="home-source">
                  <th scope="row">
                    {source}
                    <small className="mdc-home__licence">{licence}</small>
                  </th>
                  <td>{content}</td>
                  <td>{use}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="mdc-home__note">{c.database.note}</p>
      </Section>

      <Section id="lab" title={c.lab.title} lead={c.lab.lead} tone="tinted">
        <div className="mdc-home__split">
          <ul className="mdc-home__checks mdc-home__checks--lab">
            {c.lab.points.map((point) => (
              <li key={point}>
                <CheckOutlined aria-hidden />
                <span>{point}</span>
              </li>
            ))}
          </ul>
          <figure className="mdc-home__example">
            <figcaption>{c.lab.exampleTitle}</figcaption>
            {c.lab.example.map((line) => (
              <code key={line}>{line}</code>
            ))}
          </figure>
        </div>
        <LinkList links={c.lab.links} />
      </Section>

      <Section id="blast" title={c.blast.title} lead={c.blast.lead}>
        <div className="mdc-home__split">
          <div>
            <div className="mdc-home__methods">
              {c.blast.methods.map((method) => (
                <span key={method} className="mdc-home__method is-now" data-testid="home-method">
                  {method}
                </span>
              ))}
            </div>
          </div>
          <ul className="mdc-home__checks mdc-home__checks--blast">
            {c.blast.thresholds.map((line) => (
              <li key={line}>
                <CheckOutlined aria-hidden />
                <span>{line}</span>
              </li>
            ))}
          </ul>
        </div>
        <LinkList links={c.blast.links} />
      </Section>

      <Section id="china" title={c.china.title} lead={c.china.lead} tone="tinted">
        <div className="mdc-home__china">
          <div className="mdc-home__points">
            {c.china.points.map((point, index) => (
              <div key={point.title} className="mdc-home__point">
                <span className="mdc-home__point-icon">{chinaIcons[index]}</span>
                <div>
                  <h3>{point.title}</h3>
                  <p>{point.text}</p>
                </div>
              </div>
            ))}
          </div>
          <div className="mdc-home__names">
            <h3>{c.china.namesTitle}</h3>
            <dl>
              {c.china.names.map(([zh, latin, kind]) => (
                <div key={zh}>
                  <dt lang="zh-CN">{zh}</dt>
                  <dd lang="en">{kind === 'organism' ? <i>{latin}</i> : latin}</dd>
                </div>
              ))}
            </dl>
          </div>
        </div>
      </Section>

      <Section id="quick" title={c.quick.title} lead={c.quick.lead}>
        <div className="mdc-home__quick">
          {c.quick.links.map((link) => (
            <LocaleLink key={link.to} to={link.to} className="mdc-home__quick-link">
              <strong>{link.title}</strong>
              <small>{link.text}</small>
            </LocaleLink>
          ))}
        </div>
      </Section>
    </div>
  );
}
