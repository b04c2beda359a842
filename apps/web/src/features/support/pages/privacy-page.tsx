import { SUPPORT_EMAIL } from '@practice/shared';
import { PublicPage } from '../components/public-page';

/** /privacy (SPEC 1 login footer): what the product stores, why, and for how long. */
export default function PrivacyPage() {
  return (
    <PublicPage title="Privacy Policy">
      <section className="card">
        <p>
          This service keeps the records an accounting firm needs to track time, bill its clients and collect what is
          owed. Each firm&apos;s data is kept apart from every other firm&apos;s: the database itself refuses to show
          one firm&apos;s rows to another.
        </p>
        <h2>What we store</h2>
        <ul>
          <li>
            <strong>People of the firm:</strong> name, username, e-mail address, role, billing rate, a password hash
            (never the password), passkeys&apos; public keys and whether a second sign-in step is on.
          </li>
          <li>
            <strong>Client data:</strong> names, addresses, contacts, billing settings and notes. Tax IDs are encrypted
            (AES-256-GCM) before they are stored and are shown masked.
          </li>
          <li>
            <strong>Work and money:</strong> time entries, expenses and their receipts, invoices, payments, credits and
            the accounts-receivable ledger.
          </li>
          <li>
            <strong>Audit trail:</strong> every change to money, clients, users, roles and settings, with who made it,
            when, and the values before and after.
          </li>
          <li>
            <strong>Activity logs:</strong> the pages and actions used in the app, sent in batches by the browser, per
            firm.
          </li>
          <li>
            <strong>Support tickets:</strong> what you write and the files you attach.
          </li>
          <li>
            <strong>Sign-in records:</strong> failed sign-ins (the username and the network address tried), to slow down
            password guessing.
          </li>
        </ul>
        <h2>Cookies and browser storage</h2>
        <p>
          Every cookie is needed for the service to work, is set by the service itself and is never used for advertising
          or tracking. None can be read by the page&apos;s scripts except the two protection values.
        </p>
        <ul aria-label="Cookies">
          <li>
            <code>access_token_cookie</code> (15 minutes) and <code>refresh_token_cookie</code> (14 days): your session
            once you sign in, with a matching protection cookie for each, <code>csrf_access_token</code> and{' '}
            <code>csrf_refresh_token</code>, against requests forged by other sites.
          </li>
          <li>
            <code>pending_2fa</code> (30 minutes): a sign-in waiting for its second step, when yours has one.
          </li>
          <li>
            <code>passkey_ceremony</code> (5 minutes): a passkey sign-in under way.
          </li>
          <li>
            <code>known_device</code> (400 days): a signed mark that you have signed in from this browser before, so
            that someone else&apos;s wrong passwords elsewhere do not lock you out here; it never signs you in by
            itself.
          </li>
          <li>
            <code>portal_session</code> (30 minutes): set for a firm&apos;s client who opens an invoice in the client
            portal with its access code; it opens that one invoice and nothing else.
          </li>
        </ul>
        <p>
          The browser also keeps, in its local storage, your display choices (accessibility settings, date format,
          notification style, menu order, a collapsed menu), your recent pages, items and searches, the update notices
          you dismissed and whether you were already offered a passkey. Your date format, notification style and menu
          order are also kept with your account, so that they follow you to another browser. The client portal keeps its
          protection value in the tab&apos;s session storage until the tab is closed.
        </p>
        <h2>How long we keep it</h2>
        <ul>
          <li>
            Client, work, invoice, payment and ledger records, support tickets and their files, the audit trail and
            activity logs: for as long as the firm keeps its account. Ledger and audit rows are never changed or
            deleted, because the accounts must always add up and every change must stay traceable.
          </li>
          <li>E-mailed sign-in codes: valid 10 minutes. Password reset links: valid one hour, usable once.</li>
          <li>Failed sign-ins: they count for 15 minutes and are deleted with the next sign-in attempt after that.</li>
          <li>
            Outgoing e-mails: the copy we keep to retry delivery is removed 30 days after it was sent; codes and links
            are removed from it as soon as a mail server accepts the message.
          </li>
          <li>Sessions: 15 minutes of access at a time, renewed for up to 14 days unless you sign out.</li>
          <li>Client portal sessions: 30 minutes, after which the access code must be entered again.</li>
        </ul>
        <h2>Who sees it</h2>
        <p>
          Only the people of your firm, each as far as his role allows, and the firm&apos;s clients, who see their own
          invoices through the client portal with an access code. We do not sell or share data.
        </p>
        <h2>Questions</h2>
        <p>
          Write to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
        </p>
      </section>
    </PublicPage>
  );
}
