import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { filingFor, siteConfig } from '../../config';
import { useLocale } from '../../lib/i18n/hooks';
import { Dialog } from '../dialog/Dialog';
import { LogoMark } from '../header/Logo';
import { LanguageSwitcher } from '../LanguageSwitcher';
import { LocaleLink } from '../LocaleLink';
import './footer.css';

const columns = [
  {
    key: 'resource',
    links: [
      { to: '/resource/taxon', zh: '菌种分类', en: 'Taxonomy' },
      { to: '/resource/atb', zh: '抗菌药物', en: 'Antimicrobials' },
      { to: '/resource/bp', zh: '折点', en: 'Breakpoints' },
      { to: '/resource/er', zh: '专家规则', en: 'Expert rules' },
      { to: '/resource/genes', zh: '耐药基因', en: 'Resistance genes' },
    ],
  },
  {
    key: 'lab',
    links: [
      { to: '/lab', zh: '药敏解释', en: 'AST interpretation' },
      { to: '/lab/hist', zh: '药敏记录', en: 'AST history' },
      { to: '/bk', zh: '折点速查', en: 'Breakpoint lookup' },
      { to: '/atb', zh: '药物速查', en: 'Drug lookup' },
    ],
  },
  {
    key: 'blast',
    links: [
      { to: '/blast', zh: '微生物鉴定', en: 'Identification' },
      { to: '/blast/hist', zh: '鉴定记录', en: 'Identification history' },
    ],
  },
  {
    key: 'about',
    links: [
      { to: '/#about', zh: '关于 MDC', en: 'About MDC' },
      { to: '/#database', zh: '数据来源', en: 'Data sources' },
      { to: '/#quick', zh: '快速入口', en: 'Quick links' },
      { to: '/search', zh: '全站搜索', en: 'Search' },
    ],
  },
] as const;

const headings = { resource: 'nav.resource', lab: 'nav.lab', blast: 'nav.blast', about: 'footer.about' } as const;

export function Footer() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [disclaimerOpen, setDisclaimerOpen] = useState(false);
  const filing = filingFor(window.location.hostname, locale);
  const year = new Date().getFullYear();

  return (
    <footer className="mdc-footer" data-testid="footer">
      <div className="mdc-container mdc-footer__top">
        <div className="mdc-footer__brand">
          <div className="mdc-footer__logo">
            <LogoMark size={28} />
            <span>{t('site.name')}</span>
          </div>
          <p className="mdc-footer__tagline">{t('site.tagline')}</p>
          <LanguageSwitcher />
        </div>
        <nav className="mdc-footer__columns" aria-label={t('footer.sections')}>
          {columns.map((column) => (
            <div key={column.key} className="mdc-footer__column">
              <h3>{t(headings[column.key])}</h3>
              <ul>
                {column.links.map((link) => (
                  <li key={link.to}>
                    <LocaleLink to={link.to}>{link[locale]}</LocaleLink>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
      </div>
      <div className="mdc-footer__bottom">
        <div className="mdc-container">
          <p className="mdc-footer__disclaimer" data-testid="disclaimer">
            <SafetyCertificateOutlined aria-hidden /> <strong>
              {t('footer.disclaimerTitle')}
              {t('footer.colon')}
            </strong>
            {t('footer.disclaimer')}{' '}
            <Button type="link" size="small" className="mdc-footer__more" onClick={() => setDisclaimerOpen(true)} data-testid="disclaimer-open">
              {t('footer.disclaimerMore')}
            </Button>
          </p>
          <p className="mdc-footer__legal">
            <span data-testid="copyright">
              © {siteConfig.since}–{year} {t('site.name')} · {t('footer.rights')}
            </span>
            <a href={siteConfig.filingUrl} target="_blank" rel="noreferrer noopener" data-testid="filing">
              {t('footer.filing')}
              {t('footer.colon')}
              {filing}
            </a>
          </p>
        </div>
      </div>
      <Dialog
        open={disclaimerOpen}
        title={t('footer.disclaimerTitle')}
        onCancel={() => setDisclaimerOpen(false)}
        footer={
          <Button type="primary" onClick={() => setDisclaimerOpen(false)} data-testid="disclaimer-close">
            {t('footer.close')}
          </Button>
        }
      >
        <div data-testid="disclaimer-dialog" className="mdc-footer__dialog">
          {t('footer.disclaimerFull', { returnObjects: true }).map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
      </Dialog>
    </footer>
  );
}
