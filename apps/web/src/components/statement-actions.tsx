import { useState } from 'react';
import { formatDate, hasPermission } from '@practice/shared';
import { apiBaseUrl } from '../config/runtime';
import { useSession } from '../lib/session-store';
import { EmailDialog } from './email-dialog';
import { useEmailStatement } from './use-email-statement';

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
  const emailStatement = useEmailStatement(client.id);
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
        <EmailDialog
          title={`E-mail statement to ${client.legal_name}`}
          defaultTo={client.invoice_email}
          send={async (input) => (await emailStatement.mutateAsync({ ...input, ...(asOf ? { as_of: asOf } : {}) })).to}
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
