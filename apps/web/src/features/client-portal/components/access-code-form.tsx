import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { publicPaths } from '../../../config/paths';
import { FormField } from '../../../components/form-field';
import { ApiError } from '../../../lib/api-error';
import { openPortalSession } from '../api/portal-api';

/** A refusal of the typed code; a new object each time, so that a repeat moves focus again. */
type CodeError = { message: string };

/**
 * Type the access code printed on the invoice: the way in when a link is wrong or a session ended.
 * Why the page sent him here (the link's code refused, the session ended) and a failure to reach
 * the server show on top; a refusal of the code he typed shows under the field and moves focus to
 * it (UI.md, Forms).
 */
export function AccessCodeForm({ initialError }: { initialError?: string | null }) {
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [formError, setFormError] = useState<string | null>(initialError ?? null);
  const [codeError, setCodeError] = useState<CodeError | null>(null);
  const [busy, setBusy] = useState(false);
  const codeInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    // After the render that marked the field invalid, so that focus reads its new state.
    if (codeError) codeInput.current?.focus();
  }, [codeError]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    if (code.trim() === '') {
      setCodeError({ message: 'Enter the access code from your invoice' });
      return;
    }
    setBusy(true);
    try {
      await openPortalSession(code);
      navigate(publicPaths.clientPortalInvoice.getHref(), { replace: true });
    } catch (caught) {
      // The server's refusal is about the code (wrong, or tried too often); a network or server failure is not.
      if (caught instanceof ApiError && caught.status >= 400 && caught.status < 500) {
        setCodeError({ message: caught.message });
      } else setFormError(caught instanceof Error ? caught.message : 'An unexpected error occurred');
      setBusy(false);
    }
  }

  return (
    <form className="portal-card" onSubmit={submit} noValidate aria-labelledby="access-code-title">
      <h1 id="access-code-title">View and pay your invoice</h1>
      <p>Enter the access code printed on your invoice or its e-mail.</p>
      {formError && (
        <p className="form-error" role="alert">
          {formError}
        </p>
      )}
      <FormField
        ref={codeInput}
        label="Access code"
        name="access_code"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={64}
        error={codeError?.message}
        value={code}
        onChange={(event) => {
          setCode(event.target.value);
          setCodeError(null);
        }}
      />
      <button className="button button-primary button-large" type="submit" disabled={busy}>
        {busy ? 'Opening...' : 'Open invoice'}
      </button>
    </form>
  );
}
