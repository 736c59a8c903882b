/** Context every screen relies on: server-state cache, Ant Design's theme and language, i18n. */
import type { Locale } from '@lyyp/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import type { Locale as AntdLocale } from 'antd/es/locale';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { useMemo, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { isApiError, NETWORK_FAILURE_CODE, TIMEOUT_CODE } from '../api/index.ts';
import { i18n, useLocaleStore } from './i18n.ts';
import { useReducedMotion } from './use-reduced-motion.ts';

const ANTD_LOCALES: Readonly<Record<Locale, AntdLocale>> = { 'zh-CN': zhCN, 'en-US': enUS };

/** Only a lost connection is worth retrying; a catalogue answer will say the same thing again. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  const transient = isApiError(error) && (error.code === NETWORK_FAILURE_CODE || error.code === TIMEOUT_CODE);
  return transient && failureCount < 2;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

const theme = {
  token: {
    colorPrimary: '#1668dc',
    borderRadius: 6,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Helvetica Neue', Arial, sans-serif",
  },
};

export function AppProviders({ children }: { children: ReactNode }) {
  const locale = useLocaleStore((state) => state.locale);
  const reducedMotion = useReducedMotion();
  const themed = useMemo(
    () => (reducedMotion ? { ...theme, token: { ...theme.token, motion: false } } : theme),
    [reducedMotion],
  );
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ConfigProvider locale={ANTD_LOCALES[locale]} theme={themed}>
          <AntApp>{children}</AntApp>
        </ConfigProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
