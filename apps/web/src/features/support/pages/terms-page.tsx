import { SUPPORT_EMAIL } from '@practice/shared';
import { Link } from 'react-router';
import { publicPaths } from '../../../config/paths';
import { PublicPage } from '../components/public-page';

/** /terms (SPEC 1 login footer): the plain rules of using the service. */
export default function TermsPage() {
  return (
    <PublicPage title="Terms of Service">
      <section className="card">
        <h2>The service</h2>
        <p>
          A web application for accounting firms: time and expense tracking, client records, invoices, payments, the
          accounts-receivable ledger, reports and a client portal. Your firm&apos;s administrators decide who may use it
          and what each role may see and change.
        </p>
        <h2>Your account</h2>
        <ul>
          <li>Keep your password to yourself; turn on the second sign-in step or a passkey in Settings.</li>
          <li>Each person signs in as himself. What you change is recorded under your name in the audit trail.</li>
          <li>Tell your firm&apos;s administrator at once if you think someone else used your account.</li>
        </ul>
        <h2>Your firm&apos;s data</h2>
        <ul>
          <li>
            The firm owns its data: client records, time, invoices and payments. We keep it only to run the service, as
            the <Link to={publicPaths.privacy.getHref()}>Privacy Policy</Link> says.
          </li>
          <li>
            Figures are kept in whole cents and minutes and checked so that invoices, payments and the ledger always
            agree. Issued invoices and ledger entries are never edited: corrections are new entries, so the history
            stays complete.
          </li>
          <li>Uploaded files must be PDFs or images of at most 5 MB; they are always downloaded, never run.</li>
        </ul>
        <h2>Fair use</h2>
        <p>
          Do not try to reach another firm&apos;s data, to guess passwords, or to overload the service. Repeated failed
          sign-ins are slowed down and may lock sign-in for a while.
        </p>
        <h2>Support</h2>
        <p>
          Open a ticket under Support once signed in, or write to{' '}
          <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
        </p>
      </section>
    </PublicPage>
  );
}
