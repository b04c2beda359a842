import { hasPermission } from '@practice/shared';
import { Link } from 'react-router';
import { shellPaths } from '../../../config/paths';
import { useSession } from '../../../lib/session-store';
import { StatementActions } from '../../../components/statement-actions';

type ClientStatementCardProps = {
  client: { id: number; client_id: string; legal_name: string; invoice_email: string | null };
};

/** On the client page (can_view_ar_ledger): today's statement, to download or e-mail, and the client's ledger. */
export function ClientStatementCard({ client }: ClientStatementCardProps) {
  const { user } = useSession();
  if (!hasPermission(user?.full_role, 'can_view_ar_ledger')) return null;
  return (
    <section className="card" aria-label="Statement">
      <div className="card-header">
        <h2>Statement</h2>
        <Link to={`${shellPaths.ledger.getHref()}?client_id=${client.id}`}>AR ledger</Link>
      </div>
      <StatementActions client={client} asOf="" />
    </section>
  );
}
