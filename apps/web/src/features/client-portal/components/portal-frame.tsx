import { useEffect, type ReactNode } from 'react';
import type { PortalInvoice } from '@practice/shared';
import { applyBranding } from '../../../lib/branding';
import { useFirmLogo } from '../../../lib/firm-logo';
import '../portal.css';

/**
 * Every portal page: the firm's colours (lib/branding, as the app applies them) and its logo
 * and name when the invoice is known, the page's content, and nothing of the staff app.
 */
export function PortalFrame({ firm, children }: { firm?: PortalInvoice['firm'] | undefined; children: ReactNode }) {
  const branding = firm?.branding;
  // The firm's logo (GET /api/organization/logo), the same way the app shows it; none or a failed load shows nothing.
  const logo = useFirmLogo(firm?.logo_url);
  useEffect(() => {
    if (branding) applyBranding(branding);
  }, [branding]);
  return (
    <div className="portal">
      <a className="skip-link" href="#main-content">
        Skip to content
      </a>
      <header className="portal-header">
        {firm ? (
          <>
            {logo && <img className="firm-logo" src={logo} alt={`${firm.name} logo`} />}
            <p className="portal-firm">{firm.name}</p>
          </>
        ) : (
          <p className="portal-firm">Client portal</p>
        )}
      </header>
      <main id="main-content" className="portal-main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
