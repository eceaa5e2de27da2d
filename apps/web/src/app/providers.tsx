import { useMemo, type ReactNode } from 'react';
import { ConfigProvider, message, notification } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { QueryClientProvider } from '@tanstack/react-query';
import { MESSAGE_DURATION_MS } from '@sl/contracts';
import { useAppStore } from '../shared/stores/app-store';
import { useSettings } from '../shared/stores/settings-store';
import { useErrorCapture } from './layout/error-log/use-error-capture';
import { queryClient } from './query-client';
import { accessibleTheme } from '../shared/theme/accessible-theme';
import { ThemeVariables } from '../shared/theme/theme-variables';

const antdLocales = { 'zh-CN': zhCN, 'en-US': enUS } as const;

// Outside the signed-in shell (sign-in and error pages) feedback uses the static methods. Messages last the
// spec's 15 s; the request client's errors (400, 403, transport) pass their own 5 s.
message.config({ duration: MESSAGE_DURATION_MS / 1000, maxCount: 3 });
notification.config({ duration: MESSAGE_DURATION_MS / 1000, placement: 'topRight', maxCount: 5 });

/** Query client, antd locale, colour scheme (light or dark), theme colour and UI size from the settings, and the error log's capture; the shell adds FeedbackApp. */
export function Providers({ children }: { children: ReactNode }) {
  useErrorCapture();
  const locale = useAppStore((s) => s.locale);
  const colorPrimary = useSettings((s) => s.themeColor);
  const size = useSettings((s) => s.size);
  const colorScheme = useSettings((s) => s.colorScheme);
  const theme = useMemo(() => accessibleTheme(colorPrimary, colorScheme), [colorPrimary, colorScheme]);
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={antdLocales[locale]} theme={theme} componentSize={size}>
        <ThemeVariables scheme={colorScheme} />
        {children}
      </ConfigProvider>
    </QueryClientProvider>
  );
}
