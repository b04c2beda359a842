import { formatHours, formatMoney } from '@practice/shared';
import { formatDate } from '../../../lib/format';

/** What the audit page needs of a row (GET /audit-log). */
export type AuditText = {
  action: string;
  entity: string;
  before: unknown;
  after: unknown;
  record: string | null;
  names: Record<string, string>;
};

/** A field that changed: its label and its values before and after, as a person reads them. */
export type AuditChange = { label: string; before: string | null; after: string | null };

/** Fields kept for the app's own bookkeeping, which say nothing to a person reading the trail. */
const HIDDEN_FIELDS = new Set(['id', 'version', 'organization_id']);

/** The kind of record a field's id points to, as the server keys its names ("client:25"). */
const REFERENCE_KIND: Record<string, string> = {
  client_id: 'client',
  user_id: 'user',
  responsible_partner_id: 'user',
  responsible_manager_id: 'user',
  invoice_id: 'invoice',
  invoice_ids: 'invoice',
  activity_type_id: 'activity_type',
  role_id: 'role',
};

const PAST_TENSE: Record<string, string> = {
  create: 'Created',
  update: 'Updated',
  delete: 'Deleted',
  issue: 'Issued',
  void: 'Voided',
  email: 'E-mailed',
  refund: 'Refunded',
  deactivate: 'Deactivated',
  activate: 'Reactivated',
  reactivate: 'Reactivated',
};

/** Words of a snake_case name: "time_entry" -> "time entry". */
const words = (name: string) => name.replace(/_/g, ' ').trim();
const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const counted = (count: number, noun: string) =>
  `${count} ${count === 1 ? noun : noun.endsWith('y') ? `${noun.slice(0, -1)}ies` : `${noun}s`}`;

/** Which fields come first: the records a row points to, then its money and time, then the rest. */
const rank = (field: string) => (REFERENCE_KIND[field] ? 0 : /(_cents|minutes)$/.test(field) ? 1 : 2);

/** What a created or deleted record's field holding nothing reads as: such fields are left out. */
const EMPTY_TEXTS = new Set(['—', '$0.00']);

/** A field's label: "amount_cents" -> "Amount", "activity_type_id" -> "Activity type", "tax_rate_bp" -> "Tax rate". */
export function fieldLabel(field: string): string {
  const stem = field.replace(/_(cents|ids|id|bp|basis_points|tenths|mills)$/, '');
  return capitalized(words(stem));
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function referenceText(kind: string, id: unknown, names: Record<string, string>): string {
  const name = names[`${kind}:${String(id)}`];
  if (name) return name;
  return kind === 'invoice' ? 'a draft invoice' : `a ${words(kind)} no longer in the firm`;
}

/** A value as a person reads it: money as money, hours as hours, ids by the names the server gave. */
export function valueText(field: string, value: unknown, names: Record<string, string>): string {
  if (value === null || value === undefined || value === '') return '—';
  const kind = REFERENCE_KIND[field];
  if (kind && typeof value === 'number') return referenceText(kind, value, names);
  if (kind && Array.isArray(value)) return value.map((id) => referenceText(kind, id, names)).join(', ') || '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') {
    if (field.endsWith('_cents')) return formatMoney(value, { decimals: true });
    if (/(^|_)minutes(_|$)/.test(field)) return `${formatHours(value)} h`;
    if (field.endsWith('_bp') || field.endsWith('_basis_points')) return `${value / 100}%`;
    if (field.endsWith('_tenths')) return `${value / 10}`;
    if (field.endsWith('_mills')) return `$${(value / 1000).toFixed(3)}`;
    return String(value);
  }
  if (typeof value === 'string') {
    if (/(_date|_on)$/.test(field) && /^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDate(value);
    return value;
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return '—';
    if (field.endsWith('_ids')) return counted(value.length, words(field.replace(/_ids$/, '')));
    return value.map((item) => valueText(field, item, names)).join('; ') || '—';
  }
  if (isRecord(value)) {
    // A record kept with its name (a user's role) reads as that name.
    if (typeof value.name === 'string') return value.name;
    const entries = Object.entries(value).filter(([key]) => !HIDDEN_FIELDS.has(key));
    // A set of flags (a role's permissions) reads as the ones that are on.
    if (entries.every(([, flag]) => typeof flag === 'boolean')) {
      const on = entries.filter(([, flag]) => flag).map(([key]) => fieldLabel(key));
      return on.length > 0 ? on.join(', ') : 'none';
    }
    return entries.map(([key, item]) => `${fieldLabel(key)} ${valueText(key, item, names)}`).join(', ');
  }
  return String(value);
}

/**
 * The fields a row changed, the records it points to first: with both sides, those whose values
 * differ; of a created or deleted record, the fields that held something (not an empty text, no
 * list, no $0.00).
 */
export function auditChanges(row: Pick<AuditText, 'before' | 'after' | 'names'>): AuditChange[] {
  const before = isRecord(row.before) ? row.before : null;
  const after = isRecord(row.after) ? row.after : null;
  // An id the server names nothing for (a refund's own id) is the app's bookkeeping too.
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].filter(
    (field) => !HIDDEN_FIELDS.has(field) && (REFERENCE_KIND[field] !== undefined || !field.endsWith('_id')),
  );
  const shown = (side: Record<string, unknown> | null, field: string) =>
    side ? valueText(field, side[field], row.names) : null;
  return fields
    .filter((field) =>
      before && after
        ? JSON.stringify(before[field]) !== JSON.stringify(after[field])
        : !EMPTY_TEXTS.has(shown(after ?? before, field) ?? '—'),
    )
    .sort((a, b) => rank(a) - rank(b))
    .map((field) => ({ label: fieldLabel(field), before: shown(before, field), after: shown(after, field) }));
}

/** The name a record had in its own snapshot, for one the firm no longer has. */
function snapshotName(row: AuditText): string | null {
  for (const side of [row.after, row.before]) {
    if (!isRecord(side)) continue;
    for (const field of ['number', 'legal_name', 'name', 'username']) {
      const value = side[field];
      if (typeof value === 'string' && value) return value;
    }
  }
  return null;
}

/** What happened, in words: "Issued invoice INV-55", "Created client Acme Ltd (ACME)". */
export function auditSummary(row: AuditText): string {
  const verb = PAST_TENSE[row.action] ?? capitalized(words(row.action));
  const name = row.record ?? snapshotName(row);
  return [verb, words(row.entity), name].filter(Boolean).join(' ');
}
