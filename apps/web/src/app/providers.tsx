import { useEffect, type ReactNode } from 'react';
import { App as AntdApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { QueryClientProvider } from '@tanstack/react-query';
import { DEFAULT_THEME_COLOR, ERROR_MESSAGE_DURATION_MS, MESSAGE_DURATION_MS } from '@sl/contracts';
import { setFeedbackApi } from '../shared/request';
import { useAppStore } from '../shared/stores/app-store';
import { queryClient } from './query-client';

const antdLocales = { 'zh-CN': zhCN, 'en-US': enUS } as const;

function FeedbackBridge() {
  const api = AntdApp.useApp();
  useEffect(() => {
    setFeedbackApi(api);
    return () => setFeedbackApi(null);
  }, [api]);
  return null;
}

export function Providers({ children }: { children: ReactNode }) {
  const locale = useAppStore((s) => s.locale);
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={antdLocales[locale]} theme={{ token: { colorPrimary: DEFAULT_THEME_COLOR } }}>
        <AntdApp
          message={{ duration: ERROR_MESSAGE_DURATION_MS / 1000, maxCount: 3 }}
          notification={{ duration: MESSAGE_DURATION_MS / 1000, placement: 'topRight' }}
        >
          <FeedbackBridge />
          {children}
        </AntdApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
