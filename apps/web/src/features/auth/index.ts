export { LoginPage } from './pages/login-page';
export { startSession } from './api/load-session';
export { logout } from './api/logout';
export type { SignInPasskeys } from './passkey-slots';
