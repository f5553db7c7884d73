import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { switchLocale, useLocale } from '../lib/i18n/hooks';

/** Switches to the other language: same page, other prefix, full reload, choice kept in a cookie. */
export function LanguageSwitcher({ testId = 'lang-switch', className }: { testId?: string; className?: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const target = locale === 'zh' ? 'en' : 'zh';
  return (
    <button
      type="button"
      className={['mdc-lang', className].filter(Boolean).join(' ')}
      data-testid={testId}
      data-locale={locale}
      aria-label={t('lang.switchLabel')}
      lang={target === 'en' ? 'en' : 'zh-CN'}
      onClick={() => switchLocale(target)}
    >
      <GlobalOutlined aria-hidden />
      <span>{t('lang.switchTo')}</span>
    </button>
  );
}
