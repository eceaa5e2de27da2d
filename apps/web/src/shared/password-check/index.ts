export { usePasswordCheck } from './use-password-check';
export { PasswordCheckDialog } from './password-check-dialog';
export { verifyPassword } from './verify-password';
