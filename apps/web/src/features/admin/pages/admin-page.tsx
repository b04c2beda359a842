import { Link } from 'react-router';
import { hasPermission } from '@practice/shared';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { SkeletonRows } from '../../../components/skeleton-rows';
import { shellPaths } from '../../../config/paths';
import { useSession } from '../../../lib/session-store';
import { useDemoOutbox } from '../api/demo-outbox';
import { useFirmSettings } from '../api/settings';
import { FirmSettingsForm } from '../components/firm-settings-form';
import '../admin.css';

/** /admin (SPEC 2, can_view_admin_page): firm settings, and links to the other admin pages (the audit trail among them). */
export default function AdminPage() {
  const { user } = useSession();
  const settings = useFirmSettings();
  const isAdministrator = hasPermission(user?.full_role, 'all');
  // Answers 404 where there is no demo outbox: then no link.
  const demoOutbox = useDemoOutbox({ enabled: isAdministrator });
  return (
    <div className="admin-page">
      <PageHeader title="Admin" />
      <nav className="card admin-links" aria-label="Admin pages">
        {hasPermission(user?.full_role, 'can_view_users') && (
          <Link className="button" to={shellPaths.usersManage.getHref()}>
            People
          </Link>
        )}
        {isAdministrator && (
          <Link className="button" to={shellPaths.adminRoles.getHref()}>
            Roles
          </Link>
        )}
        {isAdministrator && (
          <Link className="button" to={shellPaths.adminExport.getHref()}>
            Export data
          </Link>
        )}
        {demoOutbox.isSuccess && (
          <Link className="button" to={shellPaths.adminOutbox.getHref()}>
            Demo outbox
          </Link>
        )}
        <Link className="button" to="/admin/activity">
          Activity log
        </Link>
        <Link className="button" to={shellPaths.adminAudit.getHref()}>
          Audit trail
        </Link>
      </nav>
      <div className="admin-grid">
        {settings.isError && <QueryError error={settings.error} />}
        {settings.isPending && <SkeletonRows label="Loading the firm's settings" />}
        {settings.data && <FirmSettingsForm settings={settings.data} canEdit={isAdministrator} />}
      </div>
    </div>
  );
}
