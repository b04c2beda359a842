import { Link } from 'react-router';
import { SUPPORT_EMAIL } from '@practice/shared';
import { shellPaths } from '../../../config/paths';
import { useSession } from '../../../lib/session-store';
import { PublicPage } from '../components/public-page';

/**
 * /support: how to reach support, signed in or not (the login footer's Support link). The
 * mailbox of SPEC 1 always works; signed-in people can open a ticket and follow it here.
 */
export default function ContactSupportPage() {
  const { user } = useSession();
  return (
    <PublicPage title="Contact support">
      <section className="card" aria-labelledby="support-mail-heading">
        <h2 id="support-mail-heading">E-mail us</h2>
        <p>
          Write to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>. This works even when you cannot sign in:
          tell us your firm&apos;s name, your username (never your password) and what happened. If an error screen
          showed an error ID, quote it.
        </p>
      </section>
      <section className="card" aria-labelledby="support-ticket-heading">
        <h2 id="support-ticket-heading">Open a support ticket</h2>
        {user ? (
          <>
            <p>Your firm&apos;s administrators answer tickets in the app, and you get an e-mail for each reply.</p>
            <p>
              <Link className="button button-primary" to={shellPaths.supportTicketCreate.getHref()}>
                New ticket
              </Link>{' '}
              <Link className="button" to={shellPaths.supportTicketsManage.getHref()}>
                My tickets
              </Link>
            </p>
          </>
        ) : (
          <p>
            Once signed in, use Support in the menu to open a ticket with screenshots and follow the answers. If you
            forgot your password, choose &lsquo;Forgot password?&rsquo; in the sign-in window.
          </p>
        )}
      </section>
    </PublicPage>
  );
}
