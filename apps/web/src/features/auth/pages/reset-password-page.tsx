import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { QueryError } from '../../../components/query-error';
import { publicPaths } from '../../../config/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { isResetLinkValid } from '../api/password-reset';
import { NewPasswordForm } from '../components/new-password-form';

/** The server's words for a link that is unknown, used, replaced or older than an hour. */
const INVALID_LINK = 'This password reset link is invalid or has expired';
const SIGN_IN_HREF = `${publicPaths.login.getHref()}?popup`;

function SignInLink({ children }: { children: string }) {
  return (
    <p>
      <Link className="button button-primary" to={SIGN_IN_HREF}>
        {children}
      </Link>
    </p>
  );
}

/** /reset_password/{resetCode} (SPEC 2, public): choose a new password, then sign in as usual. */
export default function ResetPasswordPage() {
  useDocumentTitle('Reset Password');
  const resetCode = useParams().resetCode ?? '';
  const link = useQuery({
    queryKey: ['reset-link', resetCode],
    queryFn: () => isResetLinkValid(resetCode),
    retry: false,
    staleTime: Infinity,
  });
  const [done, setDone] = useState<string | null>(null);

  let body;
  if (done) {
    body = (
      <>
        <p className="form-success" role="status">
          {done}
        </p>
        <SignInLink>Sign in</SignInLink>
      </>
    );
  } else if (link.isPending) {
    body = (
      <p className="loading-page" role="status">
        <span className="spinner" aria-hidden="true" />
        Checking your link...
      </p>
    );
  } else if (link.isError) {
    body = <QueryError error={link.error} />;
  } else if (!link.data) {
    body = (
      <>
        <p className="form-error" role="alert">
          {INVALID_LINK}.
        </p>
        <p>
          A reset link works once, for one hour, and only the newest one you asked for. To get a new link, open Sign In
          and choose &lsquo;Forgot password?&rsquo;.
        </p>
        <SignInLink>Go to sign in</SignInLink>
      </>
    );
  } else {
    body = <NewPasswordForm resetCode={resetCode} onDone={setDone} />;
  }

  return (
    <main id="main-content" className="status-page" aria-labelledby="reset-password-title">
      <h1 id="reset-password-title">Choose a new password</h1>
      {body}
    </main>
  );
}
