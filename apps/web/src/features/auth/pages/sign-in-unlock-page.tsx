import { Link, useParams } from 'react-router';
import { publicPaths } from '../../../config/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useUnlockThisBrowser } from '../api/sign-in-unlock';

const SIGN_IN_HREF = `${publicPaths.login.getHref()}?popup`;

/**
 * /unlock/{token} (public, ADR 0206): the link of the "sign-in was paused" e-mail. Opening
 * it spends nothing (mail scanners open links); the button does, and makes this browser
 * one the account signed in from, so the attacker's lockout no longer applies to it.
 */
export default function SignInUnlockPage() {
  useDocumentTitle('Unlock sign-in');
  const token = useParams().token ?? '';
  const unlock = useUnlockThisBrowser();

  let body;
  if (unlock.isSuccess) {
    body = (
      <>
        <p className="form-success" role="status">
          {unlock.data}. Sign in with your username and password.
        </p>
        <p>
          <Link className="button button-primary" to={SIGN_IN_HREF}>
            Sign in
          </Link>
        </p>
      </>
    );
  } else {
    body = (
      <>
        <p>
          Too many wrong passwords were entered for your account, so sign-in is paused on browsers it has not been used
          from. This link lets this browser in; it works once.
        </p>
        {unlock.isError && (
          <p className="form-error" role="alert">
            {unlock.error.message}
          </p>
        )}
        <p>
          <button
            type="button"
            className="button button-primary"
            disabled={unlock.isPending}
            onClick={() => unlock.mutate(token)}
          >
            {unlock.isPending ? 'Unlocking...' : 'Sign in from this browser'}
          </button>
        </p>
      </>
    );
  }

  return (
    <main id="main-content" className="status-page" aria-labelledby="unlock-title">
      <h1 id="unlock-title">Unlock sign-in</h1>
      {body}
    </main>
  );
}
