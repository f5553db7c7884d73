import { Alert, Breadcrumb, Empty, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { LocaleLink } from '../../components/LocaleLink';
import { useLocale } from '../../lib/i18n/hooks';
import { ProblemAlert } from '../resource/components/LoadState';
import { fmt } from '../resource/lib/texts';
import { useResource } from '../resource/lib/use-resource';
import { useResourceTexts } from '../resource/texts';
import type { Localized } from '../resource/api';
import { searchPaths, type Suggestion } from './api';
import { SearchBox } from './components/SearchBox';
import { entityPath } from './search-url';
import { useSearchTexts } from './texts';
import '../../components/page/area.css';
import '../resource/resource.css';
import './search.css';

/** Characters of the keyword the heading shows; a longer one (a pasted paragraph) is cut with "…". */
const HEADING_KEYWORD = 80;

interface BreakpointGroup {
  label: Localized;
  guideline: string;
  year: number;
  count: number;
  antibiotic: string | null;
  taxon: string | null;
}

interface SearchResult {
  keyword: string;
  total: number;
  taxa: { total: number; list: Suggestion[] };
  antibiotics: { total: number; list: Suggestion[] };
  /** Resistance genes (absent from a server without them). */
  genes?: { total: number; list: Suggestion[] };
  breakpoints: { total: number; list: BreakpointGroup[] };
  /** Until the first import is searchable: the envelope's message says so (with progress). */
  loading?: { running: boolean; table: string | null; percent: number | null } | null;
}

function Hit({ item }: { item: Suggestion }) {
  const locale = useLocale();
  const tx = useSearchTexts();
  const rtx = useResourceTexts();
  const path = entityPath(item) ?? '/search';
  const zh = item.label_zh ?? item.value;
  const en = item.label_en ?? item.value;
  const taxon = item.type === 'taxon';
  const main = locale === 'zh' ? zh : en;
  const other = locale === 'zh' ? (en !== zh ? en : '') : zh !== en ? zh : '';
  const shownNames = new Set([zh.toLowerCase(), en.toLowerCase(), (item.code ?? '').toLowerCase()]);
  return (
    <li className="mdc-hit" data-testid={`search-hit-${item.type}`} data-id={item.id}>
      <LocaleLink to={path} className="mdc-hit__title">
        {taxon && main === en ? <i>{main}</i> : main}
      </LocaleLink>
      {other && <span className="mdc-hit__other">{taxon && other === en ? <i>{other}</i> : other}</span>}
      {item.code && <span className="mdc-res-code">{item.code}</span>}
      <span className="mdc-hit__meta">
        {item.rank && <Tag bordered={false}>{rtx.ranks[item.rank] ?? item.rank}</Tag>}
        {item.type === 'gene' && <Tag bordered={false}>{tx.types.gene}</Tag>}
        {item.status === 'synonym' && item.currentId && (
          <span className="mdc-res-muted">
            {tx.synonymOf}{' '}
            <LocaleLink to={`/resource/taxon/${encodeURIComponent(item.currentId)}`}>
              <i>{item.currentName ?? item.currentId}</i>
            </LocaleLink>
          </span>
        )}
        {item.match === 'fuzzy' && <Tag bordered={false} color="gold">{tx.fuzzy}</Tag>}
        {item.matched && item.type !== 'gene' && !shownNames.has(item.matched.toLowerCase()) && <span className="mdc-res-muted">{fmt(tx.matchedVia, { m: item.matched })}</span>}
      </span>
    </li>
  );
}

function Group({ id, title, total, children, more }: { id: string; title: string; total: number; children: React.ReactNode; more?: React.ReactNode }) {
  return (
    <section className="mdc-res-section mdc-search-group" id={`search-group-${id}`} data-testid={`search-group-${id}`} data-total={total}>
      <h2>
        {title} <small>{total}</small>
        {more}
      </h2>
      {children}
    </section>
  );
}

export default function SearchPage() {
  const { t } = useTranslation();
  const tx = useSearchTexts();
  const locale = useLocale();
  const keyword = (useSearchParams()[0].get('k') ?? '').trim();
  const result = useResource<SearchResult>(keyword ? searchPaths.search : null, { k: keyword });
  const data = result.data && result.data.keyword === keyword ? result.data : undefined;

  const bpLink = (g: BreakpointGroup) => {
    const q = new URLSearchParams({ guideline: g.guideline, year: String(g.year) });
    if (g.antibiotic) q.set('antibiotic', g.antibiotic);
    if (g.taxon) q.set('taxon', g.taxon);
    return `/resource/bp?${q.toString()}`;
  };

  return (
    <div className="mdc-area mdc-res" data-testid="search-page" data-area="search">
      <div className="mdc-area-hero mdc-area-hero--search">
        <div className="mdc-container">
          <Breadcrumb
            className="mdc-area-hero__crumbs"
            items={[{ key: 'home', title: <LocaleLink to="/">{t('nav.home')}</LocaleLink> }, { key: 'search', title: tx.title }]}
          />
          <h1 className="mdc-area-hero__title" data-testid="search-heading" title={keyword.length > HEADING_KEYWORD ? keyword : undefined}>
            {keyword ? fmt(tx.resultsFor, { k: keyword.length > HEADING_KEYWORD ? `${keyword.slice(0, HEADING_KEYWORD)}…` : keyword }) : tx.title}
          </h1>
          <p className="mdc-area-hero__lead">{tx.lead}</p>
          <div className="mdc-search-page__box">
            <SearchBox initial={keyword} testId="search-page-input" />
          </div>
        </div>
      </div>
      <div className="mdc-container mdc-res-body">
        {!keyword && (
          <div className="mdc-search-empty" data-testid="search-empty">
            <p>{tx.empty}</p>
            <div className="mdc-res-chips">
              {tx.examples.map((example) => (
                <LocaleLink key={example} to={`/search?k=${encodeURIComponent(example)}`}>
                  <Tag>{example}</Tag>
                </LocaleLink>
              ))}
            </div>
          </div>
        )}
        {keyword && result.problem && (
          result.problem.kind === 'message' ? (
            <Alert type="warning" showIcon className="mdc-res-notice" data-testid="search-message" message={result.problem.msg} />
          ) : (
            <ProblemAlert problem={result.problem} onRetry={result.reload} />
          )
        )}
        {keyword && !data && !result.problem && <Skeleton active paragraph={{ rows: 6 }} />}
        {data && (
          <>
            {!data.loading && <p className="mdc-search-counts" data-testid="search-total">
              <span>{fmt(tx.total, { n: data.total })}</span>
              {(['taxa', 'antibiotics', 'genes', 'breakpoints'] as const).map((g) => {
                const group = data[g];
                if (g === 'genes' && !group?.list.length) return null;
                return group?.list.length ? (
                  <a key={g} href={`#search-group-${g}`} data-testid={`search-count-${g}`}>
                    {tx.groups[g]} <strong>{group.total}</strong>
                  </a>
                ) : (
                  <span key={g} className="mdc-res-muted" data-testid={`search-count-${g}`}>
                    {tx.groups[g]} 0
                  </span>
                );
              })}
            </p>}
            {data.loading ? (
              <Alert type="info" showIcon className="mdc-res-notice" data-testid="search-loading" message={result.msg} />
            ) : data.total === 0 ? (
              <Empty description={<span data-testid="search-none">{fmt(tx.none, { k: keyword })}<br />{tx.noneHint}</span>} />
            ) : (
              <>
                {data.taxa.list.length > 0 && (
                  <Group
                    id="taxa"
                    title={tx.groups.taxa}
                    total={data.taxa.total}
                    more={
                      data.taxa.total > data.taxa.list.length && (
                        <LocaleLink to={`/resource/taxon?q=${encodeURIComponent(keyword)}&match=contains`} className="mdc-search-more">
                          {tx.showAll} →
                        </LocaleLink>
                      )
                    }
                  >
                    <ul className="mdc-hits">
                      {data.taxa.list.map((item) => (
                        <Hit key={item.id} item={item} />
                      ))}
                    </ul>
                  </Group>
                )}
                {data.antibiotics.list.length > 0 && (
                  <Group
                    id="antibiotics"
                    title={tx.groups.antibiotics}
                    total={data.antibiotics.total}
                    more={
                      data.antibiotics.total > data.antibiotics.list.length && (
                        <LocaleLink to={`/resource/atb?q=${encodeURIComponent(keyword)}`} className="mdc-search-more">
                          {tx.showAll} →
                        </LocaleLink>
                      )
                    }
                  >
                    <ul className="mdc-hits">
                      {data.antibiotics.list.map((item) => (
                        <Hit key={item.id} item={item} />
                      ))}
                    </ul>
                  </Group>
                )}
                {data.genes && data.genes.list.length > 0 && (
                  <Group
                    id="genes"
                    title={tx.groups.genes}
                    total={data.genes.total}
                    more={
                      data.genes.total > data.genes.list.length && (
                        <LocaleLink to={`/resource/genes?q=${encodeURIComponent(keyword)}`} className="mdc-search-more">
                          {tx.showAll} →
                        </LocaleLink>
                      )
                    }
                  >
                    <ul className="mdc-hits">
                      {data.genes.list.map((item) => (
                        <Hit key={item.id} item={item} />
                      ))}
                    </ul>
                  </Group>
                )}
                {data.breakpoints.list.length > 0 && (
                  <Group id="breakpoints" title={tx.groups.breakpoints} total={data.breakpoints.total}>
                    <ul className="mdc-hits">
                      {data.breakpoints.list.map((g) => (
                        <li key={`${g.guideline}:${g.year}:${g.antibiotic ?? ''}:${g.taxon ?? ''}`} className="mdc-hit" data-testid="search-hit-breakpoints">
                          <LocaleLink to={bpLink(g)} className="mdc-hit__title">
                            {g.label[locale] || g.label.en}
                          </LocaleLink>
                          <span className="mdc-res-muted">{fmt(tx.rows, { n: g.count })}</span>
                        </li>
                      ))}
                    </ul>
                  </Group>
                )}
              </>
            )}
          </>
        )}
      </div>
    </div>
  );
}
