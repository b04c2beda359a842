import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { ApplicationErrorBoundary, APPLICATION_ERROR_MESSAGE } from './app/application-error-boundary';
import { createErrorId } from './app/errors/error-id';
import { ErrorScreen } from './app/errors/error-screen';
import { LoadingPage } from './components/loading-page';
import { publicPaths, shellPaths } from './config/paths';
import { LoginPage, startSession } from './features/auth';
import { signInPasskeys } from './app/sign-in-passkeys';
import { loadOrganizationConfig } from './lib/organization-config';
import './styles/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);

function render(node: ReactNode): void {
  root.render(
    <StrictMode>
      <ApplicationErrorBoundary>{node}</ApplicationErrorBoundary>
    </StrictMode>,
  );
}

/**
 * The router and the signed-in shell load lazily: a first visit to /login renders from this
 * chunk alone, which keeps the login route within its 90 KB budget (ADR 0010).
 */
async function mountApp(): Promise<void> {
  render(<LoadingPage />);
  try {
    const { App } = await import('./app/app');
    render(<App />);
  } catch (error) {
    const errorId = createErrorId();
    console.error(`Application load failed ${errorId}`, error);
    render(<ErrorScreen title="Application Error" message={APPLICATION_ERROR_MESSAGE} errorId={errorId} />);
  }
}

startSession(window.location.pathname);
void loadOrganizationConfig();
// Development builds only: the dev panel loads in a chunk of its own; a production build has
// no trace of it (the condition is false at build time, so the import is dropped, ADR 0168).
if (import.meta.env.DEV) void import('./app/dev-panel').then(({ mountDevPanel }) => mountDevPanel());

if (window.location.pathname === publicPaths.login.path) {
  const popup = new URLSearchParams(window.location.search).has('popup');
  const enterApp = (to: string = shellPaths.dashboard.getHref()) => {
    window.history.replaceState(null, '', to);
    void mountApp();
  };
  render(<LoginPage popupAtStart={popup} onSignedIn={enterApp} passkeys={signInPasskeys} />);
} else {
  void mountApp();
}
