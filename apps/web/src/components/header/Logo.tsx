import { useTranslation } from 'react-i18next';
import { LocaleLink } from '../LocaleLink';

/** The MDC mark: a stylised culture plate with three colonies, one per part of the portal. */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden focusable="false">
      <circle cx="16" cy="16" r="14.5" fill="var(--mdc-primary)" />
      <circle cx="16" cy="16" r="11" fill="none" stroke="#fff" strokeOpacity="0.35" strokeWidth="1.5" />
      <circle cx="11.5" cy="12.5" r="3.2" fill="#fff" />
      <circle cx="20.5" cy="13.5" r="2.4" fill="#9fd6ff" />
      <circle cx="15.5" cy="21" r="2.8" fill="#7fe0c9" />
    </svg>
  );
}

export function Logo() {
  const { t } = useTranslation();
  return (
    <LocaleLink to="/" className="mdc-logo" aria-label={t('site.name')} data-testid="logo">
      <LogoMark />
      <span className="mdc-logo__text">
        <span className="mdc-logo__short">MDC</span>
        <span className="mdc-logo__name">{t('site.name').replace(/^MDC\s*/, '')}</span>
      </span>
    </LocaleLink>
  );
}
