import { Alert, Breadcrumb } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LocaleLink, LocaleNavLink } from '../../../components/LocaleLink';
import { useLocale } from '../../../lib/i18n/hooks';
import { useResourceSummary } from '../lib/summary';
import { useResourceTexts } from '../texts';
import '../../../components/page/area.css';
import '../resource.css';

export type Section = 'overview' | 'taxon' | 'atb' | 'bp' | 'er' | 'genes';

const SECTIONS: { key: Section; to: string }[] = [
  { key: 'overview', to: '/resource' },
  { key: 'taxon', to: '/resource/taxon' },
  { key: 'atb', to: '/resource/atb' },
  { key: 'bp', to: '/resource/bp' },
  { key: 'er', to: '/resource/er' },
  { key: 'genes', to: '/resource/genes' },
];

export interface Crumb {
  label: string;
  to?: string;
}

/** Says, on every Resource page, when the shelf is empty or being filled (the API's own words). */
export function RefdataNotice() {
  const summary = useResourceSummary();
  const tx = useResourceTexts();
  const locale = useLocale();
  if (!summary) return null;
  if (summary.importing?.running) {
    return <Alert type="info" showIcon className="mdc-res-notice" data-testid="refdata-importing" message={tx.state.importingTitle} description={summary.hint?.[locale]} />;
  }
  if (summary.starting) {
    return <Alert type="info" showIcon className="mdc-res-notice" data-testid="refdata-starting" message={tx.state.startingTitle} description={summary.hint?.[locale]} />;
  }
  if (!summary.ready) {
    return <Alert type="warning" showIcon className="mdc-res-notice" data-testid="refdata-missing" message={tx.state.noDataTitle} description={summary.hint?.[locale]} />;
  }
  return null;
}

/**
 * A Resource page: breadcrumb, title and lead in the area's hero, the section tabs, then the
 * page's own content.
 */
export function ResourceShell({
  section,
  testId,
  title,
  lead,
  crumbs = [],
  hero,
  children,
}: {
  section: Section;
  testId: string;
  title: ReactNode;
  lead?: ReactNode;
  /** Crumbs after "Home / Resource". */
  crumbs?: Crumb[];
  hero?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const tx = useResourceTexts();
  const all: Crumb[] = [{ label: t('nav.home'), to: '/' }, { label: t('nav.resource'), to: '/resource' }, ...crumbs];
  return (
    <div className="mdc-area mdc-res" data-testid={testId} data-area="resource">
      <div className="mdc-area-hero mdc-area-hero--resource mdc-res-hero">
        <div className="mdc-container">
          <Breadcrumb
            className="mdc-area-hero__crumbs"
            items={all.map((crumb, index) => ({
              key: String(index),
              title: crumb.to && index < all.length - 1 ? <LocaleLink to={crumb.to}>{crumb.label}</LocaleLink> : crumb.label,
            }))}
          />
          <h1 className="mdc-area-hero__title">{title}</h1>
          {lead && <div className="mdc-area-hero__lead">{lead}</div>}
          {hero}
          <nav className="mdc-res-nav" aria-label={t('nav.resource')}>
            {SECTIONS.map((s) => (
              <LocaleNavLink key={s.key} to={s.to} end={s.key === 'overview'} className={s.key === section ? 'is-current' : undefined} data-testid={`resource-nav-${s.key}`}>
                {tx.nav[s.key]}
              </LocaleNavLink>
            ))}
          </nav>
        </div>
      </div>
      <div className="mdc-container mdc-res-body">
        <RefdataNotice />
        {children}
      </div>
    </div>
  );
}
