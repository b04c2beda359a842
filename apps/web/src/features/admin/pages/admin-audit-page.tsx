import { PageHeader } from '../../../components/page-header';
import { shellPaths } from '../../../config/paths';
import { AuditTrail } from '../components/audit-trail';
import '../admin.css';

/** /admin/audit (can_view_admin_page): the audit trail on a page of its own, as wide as the screen. */
export default function AdminAuditPage() {
  return (
    <div className="admin-page">
      <PageHeader title="Audit trail" breadcrumb={[{ label: 'Admin', to: shellPaths.admin.getHref() }]} />
      <AuditTrail />
    </div>
  );
}
