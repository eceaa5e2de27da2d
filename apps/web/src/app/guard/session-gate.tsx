import { useEffect, useRef } from 'react';
import { Spin } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { Outlet, useNavigate } from 'react-router';
import { handleSessionFailure, loadSession } from '../../features/auth';
import { getToken } from '../../shared/cookies/token';
import { useSessionStore } from '../../shared/stores/session-store';
// Every signed-in page may show dates or antd's date pickers in the console's language.
import '../../shared/time/dayjs-locale';

/** Loads the user info and the menu once per sign-in before any protected page renders. */
export function SessionGate() {
  const loaded = useSessionStore((s) => s.info !== null);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (loaded || started.current || !getToken()) return;
    started.current = true;
    loadSession(queryClient)
      .catch((error: unknown) => navigate(handleSessionFailure(error, queryClient), { replace: true }))
      .finally(() => {
        started.current = false;
      });
  }, [loaded, queryClient, navigate]);

  if (!loaded) return <div className="full-spin" style={{ minHeight: '100vh' }}><Spin size="large" /></div>;
  return <Outlet />;
}
