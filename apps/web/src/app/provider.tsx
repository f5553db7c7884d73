import { App as AntApp, ConfigProvider, theme } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { Locale } from '@mdc/contracts';
import { configureHttp } from '../lib/http';
import { i18n } from '../lib/i18n';
import { routeLocale } from '../lib/i18n/locale';
import { router } from './router';

function useRouterLocale(): Locale {
  return useSyncExternalStore(
    (listener) => router.subscribe(listener),
    () => routeLocale(router.state.location.pathname),
  );
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/**
 * The system's "reduce motion" setting (WCAG 2.3.3): antd's zooms and slides are turned off for
 * people who asked their system for less motion. By antd's own switch: the usual blanket CSS rule
 * (every animation 0.01 ms) left antd's popups where they start, unaligned (the header's
 * suggestions drawn at -9000 px).
 */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    (listener) => {
      const query = window.matchMedia?.(REDUCED_MOTION);
      query?.addEventListener('change', listener);
      return () => query?.removeEventListener('change', listener);
    },
    () => window.matchMedia?.(REDUCED_MOTION).matches ?? false,
    () => false,
  );
}

/** Routes the HTTP client's toasts through antd's context-aware message API. */
function HttpToasts() {
  const { message } = AntApp.useApp();
  useEffect(() => {
    // Keyed by text: the same message repeated (five failed logins) updates one toast instead of stacking.
    configureHttp({ toast: (text, kind) => void message.open({ type: kind, content: text, key: `${kind}:${text}` }) });
  }, [message]);
  return null;
}

export function AppProvider({ children }: { children: ReactNode }) {
  const locale = useRouterLocale();
  const reducedMotion = usePrefersReducedMotion();

  useEffect(() => {
    if (i18n.language !== locale) void i18n.changeLanguage(locale);
    dayjs.locale(locale === 'zh' ? 'zh-cn' : 'en');
  }, [locale]);

  return (
    <I18nextProvider i18n={i18n}>
      <ConfigProvider
        locale={locale === 'zh' ? zhCN : enUS}
        button={{ autoInsertSpace: false }}
        theme={{
          algorithm: theme.defaultAlgorithm,
          token: {
            colorPrimary: '#0b5cad',
            colorInfo: '#0b5cad',
            colorSuccess: '#1f8a4c',
            colorError: '#c4312b',
            borderRadius: 6,
            fontFamily: 'var(--mdc-font)',
            colorText: '#1c2430',
            colorTextSecondary: '#5b6472',
            motion: !reducedMotion,
          },
        }}
      >
        <AntApp message={{ maxCount: 3 }}>
          <HttpToasts />
          {children}
        </AntApp>
      </ConfigProvider>
    </I18nextProvider>
  );
}
