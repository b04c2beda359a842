/**
 * The files of the firm's export (issue 16) and the statement behind each: columns named
 * for people, money in dollars with 2 decimals (API.md's CSV rule), every value as text.
 * Secrets stay out: no password hash, tax-ID cipher text, access-code digest or receipt file.
 * Each statement names the firm (`$ORG`) besides row-level security, so it reads by index.
 */
export type ExportEntity = { file: string; sql: string };

const money = (column: string, name: string) => `to_char(${column}::numeric / 100, 'FM999999999990.00') AS ${name}`;
/** Dates as text: node-postgres would make a JavaScript Date (midnight, local time) of a date. */
const day = (column: string) => `to_char(${column}, 'YYYY-MM-DD') AS ${column.replace(/^\w+\./, '')}`;
const at = (column: string) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS ${column.replace(/^\w+\./, '')}`;

export const EXPORT_ENTITIES: ExportEntity[] = [
  {
    file: 'clients.csv',
    sql: `SELECT id, code AS client_id, legal_name, dba, entity_type, tax_id_last4, status, responsible_partner_id,
      responsible_manager_id, address_line1, address_line2, city, region, postal_code, country, payment_terms_days,
      invoice_email, notes, array_to_string(tags, ', ') AS tags, ${at('created_at')}, ${at('updated_at')}
      FROM clients WHERE organization_id = $ORG ORDER BY id`,
  },
  {
    file: 'contacts.csv',
    sql: `SELECT id, client_id, name, email, phone, is_primary, position
      FROM client_contacts WHERE organization_id = $ORG ORDER BY client_id, position, id`,
  },
  {
    file: 'people.csv',
    sql: `SELECT u.id, u.username, u.email, u.first_name, u.last_name, r.display_name AS role, u.active,
      ${money('u.standard_rate_cents', 'standard_rate')}, u.available_minutes_per_week, ${at('u.last_sign_in_at')},
      ${at('u.created_at')}
      FROM users u JOIN roles r ON r.organization_id = u.organization_id AND r.id = u.role_id
      WHERE u.organization_id = $ORG ORDER BY u.id`,
  },
  {
    file: 'roles.csv',
    sql: `SELECT id, name AS key, display_name AS name, "all", can_view_time_entries, can_edit_time_entries,
      can_view_clients, can_edit_clients, can_view_invoices, can_create_invoices, can_edit_invoices, can_view_billing,
      can_view_payments, can_edit_payments, can_view_ar_ledger, can_view_reports_page, can_view_reports,
      can_view_users, can_edit_users, can_view_admin_page
      FROM roles WHERE organization_id = $ORG ORDER BY id`,
  },
  {
    file: 'activity_types.csv',
    sql: `SELECT id, code, name, ${money('default_rate_cents', 'default_rate')}, billable, active, ${at('created_at')}
      FROM activity_types WHERE organization_id = $ORG ORDER BY id`,
  },
  {
    file: 'rates.csv',
    sql: `SELECT 'user' AS kind, user_id, NULL::integer AS activity_type_id, NULL::integer AS client_id, ${day('effective_from')},
        ${money('rate_cents', 'rate')}
        FROM user_rates WHERE organization_id = $ORG
      UNION ALL
      SELECT 'activity', NULL, activity_type_id, NULL, to_char(effective_from, 'YYYY-MM-DD'), ${money('rate_cents', 'rate')}
        FROM activity_type_rates WHERE organization_id = $ORG
      UNION ALL
      SELECT 'client_override', NULL, activity_type_id, client_id, to_char(effective_from, 'YYYY-MM-DD'), ${money('rate_cents', 'rate')}
        FROM client_activity_rates WHERE organization_id = $ORG
      ORDER BY kind, effective_from`,
  },
  {
    file: 'time_entries.csv',
    sql: `SELECT id, user_id, client_id, activity_type_id, ${day('entry_date')}, minutes, narrative, billable, status,
      ${money('rate_cents', 'rate')}, rate_source, ${money('amount_cents', 'amount')}, invoice_id, ${at('created_at')}
      FROM time_entries WHERE organization_id = $ORG ORDER BY id`,
  },
  {
    file: 'expenses.csv',
    sql: `SELECT id, user_id, client_id, ${day('expense_date')}, category, description, ${money('amount_cents', 'amount')},
      billable, markup_basis_points, ${money('total_cents', 'total')}, status, distance_tenths, mileage_rate_mills,
      invoice_id, receipt_name, ${at('created_at')}
      FROM expenses WHERE organization_id = $ORG ORDER BY id`,
  },
  {
    file: 'invoices.csv',
    sql: `SELECT id, number, client_id, status, ${day('issue_date')}, ${day('due_date')}, terms_days, ${day('period_start')}, ${day('period_end')}, layout,
      narrative, tax_rate_bp, ${money('subtotal_cents', 'subtotal')}, ${money('tax_cents', 'tax')},
      ${money('total_cents', 'total')}, ${money('applied_cents', 'applied')}, ${money('credited_cents', 'credited')},
      ${money(`CASE WHEN status = 'void' THEN 0 ELSE balance_cents END`, 'balance')}, ${at('issued_at')}, ${at('voided_at')}, void_reason, ${at('created_at')}
      FROM invoices WHERE organization_id = $ORG ORDER BY id`,
  },
  {
    file: 'invoice_lines.csv',
    sql: `SELECT id, invoice_id, position, kind, time_entry_id, expense_id, activity_type_id, description, ${day('item_date')},
      user_id, minutes, ${money('rate_cents', 'rate')}, ${money('standard_cents', 'standard')},
      ${money('amount_cents', 'amount')}, ${money('write_cents', 'write_up_down')}, released
      FROM invoice_lines WHERE organization_id = $ORG ORDER BY id`,
  },
  {
    file: 'payments.csv',
    sql: `SELECT id, client_id, ${day('payment_date')}, ${money('amount_cents', 'amount')}, method, reference, memo, status,
      void_reason, ${money('applied_cents', 'applied')}, source, ${at('created_at')}
      FROM payments WHERE organization_id = $ORG ORDER BY id`,
  },
  {
    file: 'payment_applications.csv',
    sql: `SELECT payment_id, invoice_id, ${money('amount_cents', 'amount')}, ${at('created_at')}
      FROM payment_applications WHERE organization_id = $ORG ORDER BY payment_id, invoice_id`,
  },
  {
    file: 'ledger.csv',
    sql: `SELECT id, ${day('entry_date')}, client_id, kind, document, invoice_id, payment_id, ${money('debit_cents', 'debit')},
      ${money('credit_cents', 'credit')}, memo, ${at('created_at')}
      FROM ar_ledger WHERE organization_id = $ORG ORDER BY id`,
  },
  {
    file: 'audit.csv',
    sql: `SELECT id, ${at('created_at')}, user_id, action, entity, entity_id, before::text AS before, after::text AS after
      FROM audit_log WHERE organization_id = $ORG ORDER BY id`,
  },
];
