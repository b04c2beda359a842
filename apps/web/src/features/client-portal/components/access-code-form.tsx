import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { publicPaths } from '../../../config/paths';
import { FormField } from '../../../components/form-field';
import { ApiError } from '../../../lib/api-error';
import { openPortalSession } from '../api/portal-api';

/** Type the access code printed on the invoice: the way in when a link is wrong or a session ended. */
export function AccessCodeForm({ initialError }: { initialError?: string | null }) {
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(initialError ?? null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (code.trim() === '') {
      setError('Enter the access code from your invoice');
      return;
    }
    setBusy(true);
    try {
      await openPortalSession(code);
      navigate(publicPaths.clientPortalInvoice.getHref(), { replace: true });
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : 'An unexpected error occurred');
      setBusy(false);
    }
  }

  return (
    <form className="portal-card" onSubmit={submit} noValidate aria-labelledby="access-code-title">
      <h1 id="access-code-title">View and pay your invoice</h1>
      <p>Enter the access code printed on your invoice or its e-mail.</p>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <FormField
        label="Access code"
        name="access_code"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={64}
        value={code}
        onChange={(event) => setCode(event.target.value)}
      />
      <button className="button button-primary button-large" type="submit" disabled={busy}>
        {busy ? 'Opening...' : 'Open invoice'}
      </button>
    </form>
  );
}
