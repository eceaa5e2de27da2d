import { useEffect, useMemo, type ReactNode } from 'react';
import { App as AntdApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { QueryClientProvider } from '@tanstack/react-query';
import { ERROR_MESSAGE_DURATION_MS, MESSAGE_DURATION_MS } from '@sl/contracts';
import { setFeedbackApi } from '../shared/request';
import { useAppStore } from '../shared/stores/app-store';
import { useSettings } from '../shared/stores/settings-store';
import { useErrorCapture } from './layout/error-log/use-error-capture';
import { queryClient } from './query-client';

/** Below the top bar, so its buttons stay usable while notifications are shown. */
const NOTIFICATION_TOP_PX = 64;

const antdLocales = { 'zh-CN': zhCN, 'en-US': enUS } as const;

function FeedbackBridge() {
  const api = AntdApp.useApp();
  useEffect(() => {
    setFeedbackApi(api);
    return () => setFeedbackApi(null);
  }, [api]);
  return null;
}

/** Query client, antd locale, theme colour and UI size from the settings, and the error log's capture. */
export function Providers({ children }: { children: ReactNode }) {
  useErrorCapture();
  const locale = useAppStore((s) => s.locale);
  const colorPrimary = useSettings((s) => s.themeColor);
  const size = useSettings((s) => s.size);
  const theme = useMemo(() => ({ token: { colorPrimary } }), [colorPrimary]);
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={antdLocales[locale]} theme={theme} componentSize={size}>
        <AntdApp
          message={{ duration: ERROR_MESSAGE_DURATION_MS / 1000, maxCount: 3 }}
          notification={{ duration: MESSAGE_DURATION_MS / 1000, placement: 'topRight', top: NOTIFICATION_TOP_PX, maxCount: 5 }}
        >
          <FeedbackBridge />
          {children}
        </AntdApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
