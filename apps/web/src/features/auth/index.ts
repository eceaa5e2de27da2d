export { loadSession } from './session/load-session';
export { clearSession, handleSessionFailure } from './session/clear-session';
export { signOut } from './session/sign-out';
export { checkPassword, refreshToken } from './api/login';
export { encryptPassword } from '../../shared/crypto/encrypt-password';
