import { Link, useLocation } from 'react-router';
import { hasPermission } from '@practice/shared';
import { ClientTabs } from '../../../components/client-tabs';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { SkeletonRows } from '../../../components/skeleton-rows';
import { shellPaths } from '../../../config/paths';
import { useFlashNotice } from '../../../lib/flash-notice';
import { useIdParam } from '../../../lib/use-id-param';
import { useSession } from '../../../lib/session-store';
import { useClient } from '../api/get-client';
import { BookmarkStar } from '../components/bookmark-star';
import { ClientAgingCard } from '../components/client-aging-card';
import { ClientContactsCard } from '../components/client-contacts-card';
import { ClientInvoicesCard } from '../components/client-invoices-card';
import { ClientProfileCard } from '../components/client-profile-card';
import { ClientStatementCard } from '../components/client-statement-card';
import { RecentTimeCard } from '../components/recent-time-card';
import { UnbilledCard } from '../components/unbilled-card';
import '../clients.css';

/** The create and edit pages say what they did through the navigation state. */
function noticeOf(state: unknown): string | null {
  return state && typeof state === 'object' && 'notice' in state && typeof state.notice === 'string'
    ? state.notice
    : null;
}

const BREADCRUMB = [{ label: 'Clients', to: shellPaths.clientsManage.getHref() }];

/** /clients/{id} (SPEC 2, can_view_clients): profile, contacts, AR balance and aging, unbilled totals and recent time. */
export default function ClientDetailPage() {
  const id = useIdParam();
  const { user } = useSession();
  const client = useClient(id);
  const flashed = useFlashNotice();
  const notice = noticeOf(useLocation().state) ?? flashed;
  const canEdit = hasPermission(user?.full_role, 'can_edit_clients');
  const canBill = hasPermission(user?.full_role, 'can_create_invoices');
  const canViewInvoices = hasPermission(user?.full_role, 'can_view_invoices');
  const canViewAging = hasPermission(user?.full_role, 'can_view_ar_ledger');

  if (!client.data) {
    return (
      <>
        <PageHeader title="Client" breadcrumb={BREADCRUMB} />
        {client.isError ? <QueryError error={client.error} /> : <SkeletonRows label="Loading the client" />}
      </>
    );
  }

  const profile = client.data;
  const actions = (
    <>
      <BookmarkStar clientId={profile.id} legalName={profile.legal_name} bookmarked={profile.bookmarked} />
      {canBill && (
        <Link className="button" to={shellPaths.clientWip.getHref(profile.id)}>
          Work in progress
        </Link>
      )}
      {canEdit && (
        <>
          <Link className="button" to={shellPaths.clientActivityTypes.getHref(profile.id)}>
            Activity types and rates
          </Link>
          <Link className="button button-primary" to={shellPaths.clientEdit.getHref(profile.id)}>
            Edit client
          </Link>
        </>
      )}
    </>
  );
  return (
    <div className="clients-page">
      <PageHeader title={profile.legal_name} breadcrumb={BREADCRUMB} actions={actions}>
        <ClientTabs clientId={profile.id} current="overview" />
      </PageHeader>
      {notice && (
        <p className="form-success" role="status">
          {notice}
        </p>
      )}
      <div className="profile-columns">
        <div>
          <ClientProfileCard client={profile} />
          {canViewInvoices && <ClientInvoicesCard clientId={profile.id} />}
        </div>
        <div>
          {canViewAging && <ClientAgingCard clientId={profile.id} />}
          {profile.unbilled && <UnbilledCard unbilled={profile.unbilled} />}
          <ClientStatementCard client={profile} />
          <ClientContactsCard contacts={profile.contacts} />
        </div>
      </div>
      {/* The page's full width, so the table's eight columns fit beside each other (ADR 0100). */}
      <RecentTimeCard
        entries={profile.recent_time}
        canEditTime={hasPermission(user?.full_role, 'can_edit_time_entries')}
      />
    </div>
  );
}
