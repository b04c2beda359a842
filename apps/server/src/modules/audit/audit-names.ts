import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';

/** The kinds of record an audit row can name by id, each read from its own table below. */
type NamedKind = 'client' | 'user' | 'invoice' | 'activity_type' | 'role' | 'invoice_text';

/** An audit row's entity whose own id names a record of one of those kinds. */
const ENTITY_KIND: Record<string, NamedKind> = {
  client: 'client',
  user: 'user',
  invoice: 'invoice',
  activity_type: 'activity_type',
  role: 'role',
  invoice_text: 'invoice_text',
};

/** Snapshot fields that hold another record's id (a number; a client's own `client_id` is its code). */
const REFERENCE_FIELD: Record<string, NamedKind> = {
  client_id: 'client',
  user_id: 'user',
  responsible_partner_id: 'user',
  responsible_manager_id: 'user',
  invoice_id: 'invoice',
  invoice_ids: 'invoice',
  activity_type_id: 'activity_type',
  role_id: 'role',
};

export type NamedRow = { entity: string; entityId: string | null; before: unknown; after: unknown };

/** "kind:id", the key of a name in an audit row's `names`. */
const keyOf = (kind: NamedKind, id: number) => `${kind}:${id}`;

const isId = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

/** The references of one snapshot: its id fields, and those of the objects in its lists (a payment's applications). */
function snapshotKeys(snapshot: unknown, into: Set<string>, depth = 0): void {
  if (Array.isArray(snapshot)) {
    if (depth < 2) for (const item of snapshot) snapshotKeys(item, into, depth + 1);
    return;
  }
  if (typeof snapshot !== 'object' || snapshot === null) return;
  for (const [field, value] of Object.entries(snapshot)) {
    const kind = REFERENCE_FIELD[field];
    if (kind && isId(value)) into.add(keyOf(kind, value));
    else if (kind && Array.isArray(value)) for (const id of value.filter(isId)) into.add(keyOf(kind, id));
    else if (Array.isArray(value)) snapshotKeys(value, into, depth + 1);
  }
}

/** The key of the record a row is about, when its entity names one. */
export function recordKey(row: NamedRow): string | null {
  const kind = ENTITY_KIND[row.entity];
  const id = Number(row.entityId);
  return kind && isId(id) ? keyOf(kind, id) : null;
}

/** Every record one row names: its own record and the ids in its before and after. */
export function rowKeys(row: NamedRow): Set<string> {
  const keys = new Set<string>();
  const own = recordKey(row);
  if (own) keys.add(own);
  snapshotKeys(row.before, keys);
  snapshotKeys(row.after, keys);
  return keys;
}

/**
 * The names of the records a page of audit rows mentions, in one statement: a client as
 * "Legal name (CODE)", a person by full name, a role by the name it shows, an invoice by its
 * number (a draft has none, so it has no name), the others by name. Each branch reads only the firm's own rows, besides the
 * row-level security of the transaction, so an id from another firm names nothing.
 */
export async function auditNames(tx: Tx, organizationId: number, rows: NamedRow[]): Promise<Map<string, string>> {
  const ids: Record<NamedKind, number[]> = {
    client: [],
    user: [],
    invoice: [],
    activity_type: [],
    role: [],
    invoice_text: [],
  };
  const all = new Set(rows.flatMap((row) => [...rowKeys(row)]));
  for (const key of all) {
    const [kind, id] = key.split(':') as [NamedKind, string];
    ids[kind].push(Number(id));
  }
  if (all.size === 0) return new Map();
  const list = (values: number[]) => sql`${`{${values.join(',')}}`}::int[]`;
  const result = (await tx.execute(sql`
    select 'client' as kind, id, legal_name || ' (' || code || ')' as name
      from clients where organization_id = ${organizationId} and id = any(${list(ids.client)})
    union all
    select 'user', id, coalesce(nullif(trim(first_name || ' ' || last_name), ''), username)
      from users where organization_id = ${organizationId} and id = any(${list(ids.user)})
    union all
    select 'invoice', id, number
      from invoices where organization_id = ${organizationId} and id = any(${list(ids.invoice)}) and number is not null
    union all
    select 'activity_type', id, name
      from activity_types where organization_id = ${organizationId} and id = any(${list(ids.activity_type)})
    union all
    select 'role', id, display_name
      from roles where organization_id = ${organizationId} and id = any(${list(ids.role)})
    union all
    select 'invoice_text', id, name
      from invoice_texts where organization_id = ${organizationId} and id = any(${list(ids.invoice_text)})
  `)) as unknown as { rows: { kind: NamedKind; id: number; name: string }[] };
  return new Map(result.rows.map((row) => [keyOf(row.kind, Number(row.id)), row.name]));
}
