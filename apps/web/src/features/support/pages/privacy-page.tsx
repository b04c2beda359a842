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
            <strong>Sign-in records:</strong> failed sign-ins, to slow down password guessing.
          </li>
        </ul>
        <h2>Cookies and browser storage</h2>
        <p>
          Signing in sets four cookies, needed for the app to work and never used for advertising or tracking: an access
          cookie (15 minutes), a refresh cookie (14 days) and a matching protection cookie for each, against cross-site
          requests. The browser also keeps your display preferences (accessibility settings, date format, a collapsed
          menu) in its local storage; they never leave your device.
        </p>
        <h2>How long we keep it</h2>
        <ul>
          <li>
            Client, work, invoice, payment and ledger records, the audit trail and activity logs: for as long as the
            firm keeps its account. Ledger and audit rows are never changed or deleted, because the accounts must always
            add up and every change must stay traceable.
          </li>
          <li>E-mailed sign-in codes: valid 10 minutes. Password reset links: valid one hour, usable once.</li>
          <li>
            Outgoing e-mails: the copy we keep to retry delivery is removed 30 days after it was sent; codes and links
            are removed from it as soon as a mail server accepts the message.
          </li>
          <li>Sessions: 15 minutes of access at a time, renewed for up to 14 days unless you sign out.</li>
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
