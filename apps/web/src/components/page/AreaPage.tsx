import { ArrowRightOutlined, ClockCircleOutlined, LockOutlined } from '@ant-design/icons';
import { Breadcrumb, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '../LocaleLink';
import './area.css';

export type Area = 'resource' | 'lab' | 'blast' | 'search';

export interface AreaItem {
  title: string;
  text: string;
}

export interface AreaLink {
  label: string;
  to: string;
  text?: string;
}

export interface AreaPageContent {
  title: string;
  lead: string;
  willHold: AreaItem[];
  related?: AreaLink[];
}

/** Page head of an area: breadcrumb, title, lead; coloured by area. */
export function AreaHero({
  area,
  crumbs,
  title,
  lead,
  tags,
  children,
}: {
  area: Area;
  crumbs: AreaLink[];
  title: string;
  lead: string;
  tags?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className={`mdc-area-hero mdc-area-hero--${area}`}>
      <div className="mdc-container">
        <Breadcrumb
          className="mdc-area-hero__crumbs"
          items={crumbs.map((crumb, index) => ({
            key: String(index),
            title: index < crumbs.length - 1 ? <LocaleLink to={crumb.to}>{crumb.label}</LocaleLink> : crumb.label,
          }))}
        />
        <h1 className="mdc-area-hero__title">{title}</h1>
        <p className="mdc-area-hero__lead">{lead}</p>
        {tags && <div className="mdc-area-hero__tags">{tags}</div>}
        {children}
      </div>
    </div>
  );
}

/**
 * The frame of an area page whose tools arrive with a later module: it states what the page will
 * hold, its access rule, and where to go meanwhile.
 */
export function AreaPage({
  area,
  testId,
  crumbs,
  content,
  requiresLogin = false,
  hero,
  children,
}: {
  area: Area;
  testId: string;
  crumbs: AreaLink[];
  content: AreaPageContent;
  requiresLogin?: boolean;
  hero?: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="mdc-area" data-testid={testId} data-area={area}>
      <AreaHero
        area={area}
        crumbs={crumbs}
        title={content.title}
        lead={content.lead}
        tags={
          <>
            <Tag icon={<ClockCircleOutlined />} color="gold" data-testid="area-status">
              {t('common.inPreparation')}
            </Tag>
            {requiresLogin ? (
              <Tag icon={<LockOutlined />} color="blue">
                {t('common.requiresLogin')}
              </Tag>
            ) : (
              <Tag color="default">{t('common.publicPage')}</Tag>
            )}
          </>
        }
      >
        {hero}
      </AreaHero>
      <div className="mdc-container mdc-area__body">
        {children}
        <section className="mdc-area__section" aria-labelledby={`${testId}-will-hold`}>
          <h2 id={`${testId}-will-hold`} className="mdc-area__heading">
            {t('common.willHold')}
          </h2>
          <div className="mdc-area__grid">
            {content.willHold.map((item) => (
              <article key={item.title} className="mdc-area__item">
                <h3>{item.title}</h3>
                <p>{item.text}</p>
              </article>
            ))}
          </div>
        </section>
        <div className="mdc-area__columns">
          <section className="mdc-area__status">
            <h2 className="mdc-area__heading">{t('area.statusTitle')}</h2>
            <p>{t('area.statusBody')}</p>
            {requiresLogin && <p>{t('area.loginNote')}</p>}
          </section>
          {content.related && content.related.length > 0 && (
            <section className="mdc-area__related">
              <h2 className="mdc-area__heading">{t('common.related')}</h2>
              <ul>
                {content.related.map((link) => (
                  <li key={link.to}>
                    <LocaleLink to={link.to}>
                      <span>
                        <strong>{link.label}</strong>
                        {link.text && <small>{link.text}</small>}
                      </span>
                      <ArrowRightOutlined aria-hidden />
                    </LocaleLink>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>
      </div>
    </div>
  );
}
