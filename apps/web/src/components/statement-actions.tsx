import { useState } from 'react';
import { formatDate, hasPermission } from '@practice/shared';
import { apiBaseUrl } from '../config/runtime';
import { useSession } from '../lib/session-store';
import { StatementEmailDialog } from './statement-email-dialog';

type StatementActionsProps = {
  client: { id: number; client_id: string; legal_name: string; invoice_email: string | null };
  /** The statement's date; empty is the firm's today. */
  asOf: string;
};

/**
 * "Download statement" and (can_edit_payments) "E-mail statement" for one client, with the
 * status line that confirms a sent statement (ADR 0136).
 */
export function StatementActions({ client, asOf }: StatementActionsProps) {
  const { user } = useSession();
  const [emailing, setEmailing] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const canEmail = hasPermission(user?.full_role, 'can_edit_payments');
  const query = asOf ? `?as_of=${asOf}` : '';
  const dated = asOf ? ` as of ${formatDate(asOf)}` : '';

  return (
    <>
      <div className="button-row statement-actions">
        <a
          className="button"
          href={`${apiBaseUrl()}/clients/${client.id}/statement.pdf${query}`}
          download={`statement-${client.client_id}${asOf ? `-${asOf}` : ''}.pdf`}
        >
          Download statement
        </a>
        {canEmail && (
          <button type="button" className="button" onClick={() => setEmailing(true)}>
            E-mail statement
          </button>
        )}
      </div>
      {notice && (
        <p className="form-success" role="status">
          {notice}
        </p>
      )}
      {emailing && (
        <StatementEmailDialog
          client={client}
          asOf={asOf}
          onClose={() => setEmailing(false)}
          onSent={(to) => {
            setEmailing(false);
            setNotice(`Statement${dated} e-mailed to ${to.join(', ')}.`);
          }}
        />
      )}
    </>
  );
}
