import { useEffect, useRef, useState } from 'react';
import { SUPPORT_EMAIL } from '@practice/shared';
import { publicPaths } from '../../../config/paths';
import { useSession } from '../../../lib/session-store';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { LoginHero } from '../components/login-hero';
import { SignInModal } from '../components/sign-in-modal';
import type { SignInPasskeys } from '../passkey-slots';
import './login.css';

type LoginPageProps = {
  /** ?popup: the sign-in modal opens at once. */
  popupAtStart: boolean;
  /** Leaves for the app, at `to` or the dashboard; the page renders with or without the router (ADR 0010). */
  onSignedIn: (to?: string) => void;
  passkeys: SignInPasskeys;
};

/** /login (SPEC 2): the marketing hero, the footer links and the sign-in modal. */
export function LoginPage({ popupAtStart, onSignedIn, passkeys }: LoginPageProps) {
  useDocumentTitle('Log In');
  const [modalOpen, setModalOpen] = useState(popupAtStart);
  const [notice, setNotice] = useState<string | null>(null);
  const { ready, user } = useSession();
  const sessionChecked = useRef(false);

  // A session that loads when the page opens goes straight on; a sign-in made here leaves
  // through the modal instead, so later steps such as the passkey prompt can come first.
  useEffect(() => {
    if (!ready || sessionChecked.current) return;
    sessionChecked.current = true;
    if (user) onSignedIn();
  }, [ready, user, onSignedIn]);

  return (
    <div className="login-page">
      <header className="login-header">
        <span className="brand-mark" aria-hidden="true" />
      </header>
      <main id="main-content" className="login-main">
        {notice && (
          <p className="form-error login-notice" role="alert">
            {notice}
          </p>
        )}
        <LoginHero
          onLogIn={() => {
            setNotice(null);
            setModalOpen(true);
          }}
        />
      </main>
      <footer className="login-footer">
        <nav aria-label="Legal and support">
          <ul className="footer-links">
            <li>
              <a href={publicPaths.privacy.getHref()}>Privacy Policy</a>
            </li>
            <li>
              <a href={publicPaths.terms.getHref()}>Terms of Service</a>
            </li>
            <li>
              <a href={publicPaths.support.getHref()}>Support</a>
            </li>
          </ul>
        </nav>
        <p>
          Questions? <a href={`mailto:${SUPPORT_EMAIL}`}>Contact us</a> at {SUPPORT_EMAIL}.
        </p>
      </footer>
      <SignInModal
        open={modalOpen}
        passkeys={passkeys}
        onClose={() => setModalOpen(false)}
        onSignedIn={onSignedIn}
        onSessionExpired={setNotice}
      />
    </div>
  );
}
