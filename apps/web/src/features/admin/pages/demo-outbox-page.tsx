import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { SkeletonRows } from '../../../components/skeleton-rows';
import { shellPaths } from '../../../config/paths';
import { useDemoOutbox } from '../api/demo-outbox';
import '../admin.css';
import '../demo-outbox.css';

/** A code mail is read within seconds of being asked for: the list follows without a reload. */
const REFRESH_MS = 3_000;

/**
 * /admin/outbox (the all flag; ADR 0205): the firm's last e-mails on a demo or development
 * server without SMTP_URL, so someone trying the product can read the partner's code.
 */
export default function DemoOutboxPage() {
  const outbox = useDemoOutbox({ enabled: true, refetchInterval: REFRESH_MS });
  return (
    <div className="admin-page">
      <PageHeader title="Demo outbox" breadcrumb={[{ label: 'Admin', to: shellPaths.admin.getHref() }]} />
      <p className="muted demo-outbox-intro">
        This server has no mail server (SMTP_URL), so the e-mails it would send stay here: verification codes, reset
        links, invoices. Demo and development only; a firm with real mail never sees this page.
      </p>
      {outbox.isError && <QueryError error={outbox.error} />}
      {outbox.isPending && <SkeletonRows label="Loading the outbox" />}
      {outbox.data?.length === 0 && <EmptyState title="No e-mails yet" />}
      {outbox.data && outbox.data.length > 0 && (
        <ol className="demo-outbox-list" aria-label="Kept e-mails, newest first">
          {outbox.data.map((message) => (
            <li key={message.id} className="card">
              <h2 className="demo-outbox-subject">{message.subject}</h2>
              <p className="muted">
                To {message.to} · {new Date(message.created_at).toLocaleString()}
              </p>
              <pre className="demo-outbox-text">{message.text}</pre>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
