import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { publicPaths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-error';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { openPortalSession } from '../api/portal-api';
import { AccessCodeForm } from '../components/access-code-form';
import { PortalFrame } from '../components/portal-frame';

/**
 * /client-portal/{accessCode} (SPEC 2, public): checks the code of the invoice's link, opens
 * the portal session and goes on to the invoice (replacing this address, so the code does not
 * stay in the history); a wrong code shows the form with the server's words.
 */
export default function PortalCodePage() {
  useDocumentTitle('Client Portal');
  const accessCode = useParams().accessCode ?? '';
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    // One attempt per visit: React's development double effect must not spend two of the limited tries.
    if (started.current) return;
    started.current = true;
    openPortalSession(accessCode)
      .then(() => navigate(publicPaths.clientPortalInvoice.getHref(), { replace: true }))
      .catch((caught: unknown) =>
        setError(caught instanceof ApiError ? caught.message : 'An unexpected error occurred'),
      );
  }, [accessCode, navigate]);

  return (
    <PortalFrame>
      {error ? (
        <AccessCodeForm initialError={error} />
      ) : (
        <p className="loading-page" role="status">
          <span className="spinner" aria-hidden="true" />
          Opening your invoice...
        </p>
      )}
    </PortalFrame>
  );
}
