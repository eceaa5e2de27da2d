import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { setToken } from '../../../shared/cookies/token';
import { useSessionStore } from '../../../shared/stores/session-store';
import { login } from '../api/login';
import { encryptPassword } from '../encrypt-password';
import { homeAfterLogin } from '../safe-redirect';
import { handleSessionFailure } from '../session/clear-session';
import { loadSession } from '../session/load-session';
import { saveRememberedCredentials } from './remembered-credentials';

export interface LoginValues {
  username: string;
  password: string;
  code?: string;
  remember?: boolean;
}

interface LoginInput extends LoginValues {
  uuid: string;
  passwordKey: string;
}

/** Sign in, keep the token, load info and menu, then go to the redirect target. */
export function useLogin(onLoginRejected: () => void) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return useMutation({
    mutationFn: async ({ username, password, code = '', remember = false, uuid, passwordKey }: LoginInput) => {
      const encrypted = encryptPassword(password, passwordKey);
      const { token } = await login({ username: username.trim(), password: encrypted, code: code.trim(), uuid });
      setToken(token);
      useSessionStore.getState().setToken(token);
      saveRememberedCredentials(remember, username.trim(), encrypted);
      try {
        await loadSession(queryClient);
        return homeAfterLogin(params.get('redirect'));
      } catch (error) {
        return handleSessionFailure(error, queryClient);
      }
    },
    onSuccess: (target) => {
      if (target !== '/login') navigate(target, { replace: true });
    },
    onError: onLoginRejected,
  });
}
