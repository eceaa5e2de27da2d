import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { PasswordCheckDialog } from './password-check-dialog';

/**
 * Guard for sensitive actions, used like antd's `Modal.useModal`:
 *
 *   const [checkPassword, passwordDialog] = usePasswordCheck();
 *   if (await checkPassword()) doTheThing();
 *   return <>{...}{passwordDialog}</>;
 *
 * `checkPassword()` opens the 身份验证 dialog and resolves true once the server confirmed the password,
 * false when cancelled (or when a newer check or an unmount replaces it).
 */
export function usePasswordCheck(): [checkPassword: () => Promise<boolean>, dialog: ReactNode] {
  const [open, setOpen] = useState(false);
  const pending = useRef<((confirmed: boolean) => void) | null>(null);
  const settle = (confirmed: boolean) => {
    pending.current?.(confirmed);
    pending.current = null;
  };
  const checkPassword = useCallback(
    () =>
      new Promise<boolean>((resolve) => {
        settle(false);
        pending.current = resolve;
        setOpen(true);
      }),
    [],
  );
  useEffect(() => () => settle(false), []);
  const done = (confirmed: boolean) => {
    setOpen(false);
    settle(confirmed);
  };
  return [checkPassword, <PasswordCheckDialog key="password-check" open={open} onDone={done} />];
}
