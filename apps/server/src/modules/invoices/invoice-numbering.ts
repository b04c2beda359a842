import { sql, type SQL } from 'drizzle-orm';
import { arLedger, auditLog, invoiceNumberSequences, invoices } from '../../db/schema/index';
import { invoiceSnapshot, type InvoiceRow } from './invoice-view';

/** What an issue sets on its invoice besides the number, known before the number is taken. */
export type IssueFields = Pick<
  InvoiceRow,
  'issueDate' | 'accessCode' | 'accessCodeDigest' | 'issuedAt' | 'issuedBy' | 'version' | 'updatedAt'
>;

/**
 * The issue's numbered writes in one statement: the next number of the firm's gapless sequence
 * (the first issue creates the row already past its number 1, later ones increment it), the
 * invoice pending under that number, its ledger debit and its audit row. The sequence's row lock
 * queues every issue of the firm until commit, so this is the transaction's last statement, sent
 * with the COMMIT (withTenantClosing); the increment commits or rolls back with the issue, so no
 * number is skipped. It answers the number and its place in the sequence.
 */
export function numberedIssue(current: InvoiceRow, prefix: string, fields: IssueFields): SQL {
  const { organizationId, id: invoiceId, clientId } = current;
  const after = invoiceSnapshot({ ...current, ...fields, status: 'pending', number: null });
  return sql`with numbered as (
      insert into ${invoiceNumberSequences} as s (organization_id, next_number) values (${organizationId}, 2)
      on conflict (organization_id) do update set next_number = s.next_number + 1
      returning s.next_number - 1 as seq
    ), issued as (
      update ${invoices} i set status = 'pending', number = ${prefix} || numbered.seq, number_seq = numbered.seq,
        issue_date = ${fields.issueDate}::date, access_code = ${fields.accessCode},
        access_code_digest = decode(${Buffer.from(fields.accessCodeDigest!).toString('hex')}, 'hex'), issued_at = ${fields.issuedAt!.toISOString()}::timestamptz,
        issued_by = ${fields.issuedBy}, version = ${fields.version},
        updated_at = ${fields.updatedAt.toISOString()}::timestamptz
      from numbered where i.organization_id = ${organizationId} and i.id = ${invoiceId}
      returning i.number, i.number_seq, i.total_cents
    ), debit as (
      insert into ${arLedger} (organization_id, client_id, entry_date, kind, invoice_id, document, debit_cents, created_by)
      select ${organizationId}, ${clientId}, ${fields.issueDate}::date, 'invoice', ${invoiceId}, number, total_cents,
        ${fields.issuedBy} from issued
    ), audited as (
      insert into ${auditLog} (organization_id, user_id, action, entity, entity_id, before, after)
      select ${organizationId}, ${fields.issuedBy}, 'issue', 'invoice', ${String(invoiceId)},
        ${JSON.stringify(invoiceSnapshot(current))}::jsonb,
        ${JSON.stringify(after)}::jsonb || jsonb_build_object('number', number) from issued
    )
    select number, number_seq from issued`;
}
