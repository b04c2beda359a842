import { and, eq, ne, sql } from 'drizzle-orm';
import { DEFAULT_PAYMENT_TERMS_DAYS, type ClientInput, type ClientUpdateInput } from '@practice/shared';
import { withTenant, type Db, type Tx } from '../../db/client';
import { clients, organizations } from '../../db/schema/index';
import { notFound } from '../../lib/errors';
import type { SessionUser } from '../../plugins/route-permission';
import { writeAudit } from '../audit/audit';
import { isUniqueViolation } from '../../db/pg-errors';
import { conflictField, staleVersion } from '../records/field-errors';
import { requireOrganizationUser } from '../records/user-lookup';
import { listContacts, replaceContacts } from './client-contacts';
import { auditSnapshotOf, clientViewOf, selectClients, type ClientView, type ContactView } from './client-view';
import { normalizeTaxId, type TaxIdCipher } from './tax-id-cipher';

export type ClientWithContacts = ClientView & { contacts: ContactView[] };

export type ClientServices = { db: Db; cipher: TaxIdCipher };

export async function loadClient(tx: Tx, organizationId: number, clientId: number): Promise<ClientWithContacts> {
  const [row] = await selectClients(tx, organizationId, eq(clients.id, clientId));
  if (!row) throw notFound('Client not found');
  return { ...clientViewOf(row), contacts: await listContacts(tx, organizationId, clientId) };
}

async function checkPeople(tx: Tx, organizationId: number, input: ClientInput): Promise<void> {
  if (input.responsible_partner_id) {
    await requireOrganizationUser(
      tx,
      organizationId,
      input.responsible_partner_id,
      'responsible_partner_id',
      'Partner',
    );
  }
  if (input.responsible_manager_id) {
    await requireOrganizationUser(
      tx,
      organizationId,
      input.responsible_manager_id,
      'responsible_manager_id',
      'Manager',
    );
  }
}

async function checkCodeFree(tx: Tx, organizationId: number, code: string, exceptId?: number): Promise<void> {
  const [taken] = await tx
    .select({ id: clients.id })
    .from(clients)
    .where(
      and(
        eq(clients.organizationId, organizationId),
        eq(sql`lower(${clients.code})`, code.toLowerCase()),
        exceptId === undefined ? undefined : ne(clients.id, exceptId),
      ),
    );
  if (taken) throw codeTaken(code);
}

const codeTaken = (code: string) => conflictField('client_id', `Client ID ${code} is already in use`);

function taxColumns(cipher: TaxIdCipher, organizationId: number, taxId: string | null | undefined) {
  if (taxId === undefined) return {};
  if (taxId === null || taxId === '') return { taxIdCiphertext: null, taxIdLast4: null };
  return { taxIdCiphertext: cipher.encrypt(organizationId, taxId), taxIdLast4: normalizeTaxId(taxId).slice(-4) };
}

/** The firm's default payment terms (its settings at /admin), for a client created without his own. */
async function firmDefaultTerms(tx: Tx, organizationId: number): Promise<number> {
  const [row] = await tx
    .select({ days: organizations.defaultTermsDays })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row?.days ?? DEFAULT_PAYMENT_TERMS_DAYS;
}

function columnsOf(input: ClientInput) {
  return {
    code: input.client_id,
    legalName: input.legal_name,
    dba: input.dba ? input.dba : null,
    entityType: input.entity_type,
    status: input.status,
    responsiblePartnerId: input.responsible_partner_id ?? null,
    responsibleManagerId: input.responsible_manager_id ?? null,
    addressLine1: input.address_line1,
    addressLine2: input.address_line2,
    city: input.city,
    region: input.region,
    postalCode: input.postal_code,
    country: input.country,
    paymentTermsDays: input.payment_terms_days,
    invoiceEmail: input.invoice_email ? input.invoice_email : null,
    notes: input.notes,
    tags: [...new Set(input.tags)],
  };
}

/** Writes that may trip the client-code index concurrently answer 409, like the check before them. */
async function guardCode<T>(code: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw codeTaken(code);
    throw error;
  }
}

export async function createClient(
  { db, cipher }: ClientServices,
  actor: SessionUser,
  input: ClientInput,
): Promise<ClientWithContacts> {
  const organizationId = actor.organizationId;
  return withTenant(db, organizationId, async (tx) => {
    await checkPeople(tx, organizationId, input);
    await checkCodeFree(tx, organizationId, input.client_id);
    const paymentTermsDays = input.payment_terms_days ?? (await firmDefaultTerms(tx, organizationId));
    const [created] = await guardCode(input.client_id, () =>
      tx
        .insert(clients)
        .values({
          organizationId,
          ...columnsOf(input),
          paymentTermsDays,
          ...taxColumns(cipher, organizationId, input.tax_id),
          createdBy: actor.id,
        })
        .returning({ id: clients.id }),
    );
    const clientId = created!.id;
    if (input.contacts) await replaceContacts(tx, organizationId, clientId, input.contacts);
    const view = await loadClient(tx, organizationId, clientId);
    await writeAudit(tx, {
      organizationId,
      userId: actor.id,
      action: 'create',
      entity: 'client',
      entityId: clientId,
      after: auditSnapshotOf(view, view.contacts),
    });
    return view;
  });
}

/**
 * Replaces a client's fields. `version` must be the one read: a stale version answers 409
 * and writes nothing (the later of two concurrent editors loses). The row lock makes the
 * check and the write one step under concurrency.
 */
export async function updateClient(
  { db, cipher }: ClientServices,
  actor: SessionUser,
  clientId: number,
  input: ClientUpdateInput,
): Promise<ClientWithContacts> {
  const organizationId = actor.organizationId;
  return withTenant(db, organizationId, async (tx) => {
    const [current] = await tx
      .select({ version: clients.version })
      .from(clients)
      .where(and(eq(clients.organizationId, organizationId), eq(clients.id, clientId)))
      .for('update');
    if (!current) throw notFound('Client not found');
    if (current.version !== input.version) throw staleVersion('client');
    const before = await loadClient(tx, organizationId, clientId);
    await checkPeople(tx, organizationId, input);
    await checkCodeFree(tx, organizationId, input.client_id, clientId);
    await guardCode(input.client_id, () =>
      tx
        .update(clients)
        .set({
          ...columnsOf(input),
          ...taxColumns(cipher, organizationId, input.tax_id),
          version: current.version + 1,
          updatedAt: new Date(),
        })
        .where(and(eq(clients.organizationId, organizationId), eq(clients.id, clientId))),
    );
    if (input.contacts) await replaceContacts(tx, organizationId, clientId, input.contacts);
    const after = await loadClient(tx, organizationId, clientId);
    await writeAudit(tx, {
      organizationId,
      userId: actor.id,
      action: 'update',
      entity: 'client',
      entityId: clientId,
      before: auditSnapshotOf(before, before.contacts),
      after: auditSnapshotOf(after, after.contacts),
    });
    return after;
  });
}

/** The tax ID in clear, for filing work; every reading is audited. */
export async function revealTaxId(
  { db, cipher }: ClientServices,
  actor: SessionUser,
  clientId: number,
): Promise<{ tax_id: string | null }> {
  const organizationId = actor.organizationId;
  return withTenant(db, organizationId, async (tx) => {
    const [row] = await tx
      .select({ ciphertext: clients.taxIdCiphertext })
      .from(clients)
      .where(and(eq(clients.organizationId, organizationId), eq(clients.id, clientId)));
    if (!row) throw notFound('Client not found');
    await writeAudit(tx, {
      organizationId,
      userId: actor.id,
      action: 'reveal_tax_id',
      entity: 'client',
      entityId: clientId,
    });
    return { tax_id: row.ciphertext === null ? null : cipher.decrypt(organizationId, row.ciphertext) };
  });
}
