import { useEffect, type ReactNode } from 'react';
import { App as AntdApp, ConfigProvider } from 'antd';
import { MESSAGE_DURATION_MS } from '@sl/contracts';
import { setFeedbackApi } from '../shared/request';
import { usePrefersReducedMotion } from '../shared/theme/reduced-motion';

const STILL = { token: { motion: false } };

/** Below the top bar, so its buttons stay usable while notifications are shown. */
const NOTIFICATION_TOP_PX = 64;

function FeedbackBridge() {
  const api = AntdApp.useApp();
  useEffect(() => {
    setFeedbackApi(api);
    return () => setFeedbackApi(null);
  }, [api]);
  return null;
}

/**
 * antd's <App> (messages, notifications and modals that follow the theme), mounted by the signed-in
 * shell rather than at the root: its modal part is heavy and the sign-in page does not need it. Its
 * transitions are off when the system asks for less motion (here, so the sign-in page's bundle stays as it is).
 */
export function FeedbackApp({ children }: { children: ReactNode }) {
  const still = usePrefersReducedMotion();
  return (
    <ConfigProvider theme={still ? STILL : undefined}>
      <AntdApp
        message={{ duration: MESSAGE_DURATION_MS / 1000, maxCount: 3 }}
        notification={{ duration: MESSAGE_DURATION_MS / 1000, placement: 'topRight', top: NOTIFICATION_TOP_PX, maxCount: 5 }}
      >
        <FeedbackBridge />
        {children}
      </AntdApp>
    </ConfigProvider>
  );
}
