import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { encryptPassword } from '../../../shared/crypto/encrypt-password';
import { login } from '../api/login';
import { completeSignIn } from '../session/complete-sign-in';
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
      saveRememberedCredentials(remember, username.trim(), encrypted);
      return completeSignIn(token, queryClient, params.get('redirect'));
    },
    onSuccess: (target) => {
      if (target !== '/login') void navigate(target, { replace: true });
    },
    onError: onLoginRejected,
  });
}
