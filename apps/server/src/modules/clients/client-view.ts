import { and, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client';
import { clients, users } from '../../db/schema/index';
import { displayName } from '../records/user-lookup';
import { maskTaxId } from './tax-id-cipher';

export type PersonRef = { id: number; name: string };

export type ContactView = {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  is_primary: boolean;
};

/** A client as the API answers it: never the tax ID itself, only its masked form. */
export type ClientView = {
  id: number;
  client_id: string;
  legal_name: string;
  dba: string | null;
  entity_type: string;
  tax_id_masked: string | null;
  status: string;
  responsible_partner_id: number | null;
  responsible_partner: PersonRef | null;
  responsible_manager_id: number | null;
  responsible_manager: PersonRef | null;
  address_line1: string;
  address_line2: string;
  city: string;
  region: string;
  postal_code: string;
  country: string;
  payment_terms_days: number;
  invoice_email: string | null;
  notes: string;
  tags: string[];
  version: number;
  created_at: Date;
  updated_at: Date;
};

export const partners = alias(users, 'partner');
export const managers = alias(users, 'manager');

export type PersonColumns = { id: number; firstName: string; lastName: string; username: string };

/** A left-joined person: Drizzle gives null when the client names nobody. */
export function personRef(person: PersonColumns | null): PersonRef | null {
  return person === null ? null : { id: person.id, name: displayName(person) };
}

export const partnerColumns = {
  id: partners.id,
  firstName: partners.firstName,
  lastName: partners.lastName,
  username: partners.username,
};
export const managerColumns = {
  id: managers.id,
  firstName: managers.firstName,
  lastName: managers.lastName,
  username: managers.username,
};

/** Client rows with their partner and manager, for one organization. */
export function selectClients(tx: Tx, organizationId: number, condition: SQL | undefined) {
  return tx
    .select({ client: clients, partner: partnerColumns, manager: managerColumns })
    .from(clients)
    .leftJoin(
      partners,
      and(eq(partners.organizationId, clients.organizationId), eq(partners.id, clients.responsiblePartnerId)),
    )
    .leftJoin(
      managers,
      and(eq(managers.organizationId, clients.organizationId), eq(managers.id, clients.responsibleManagerId)),
    )
    .where(and(eq(clients.organizationId, organizationId), condition));
}

type ClientRow = Awaited<ReturnType<typeof selectClients>>[number];

export function clientViewOf(row: ClientRow): ClientView {
  const { client } = row;
  return {
    id: client.id,
    client_id: client.code,
    legal_name: client.legalName,
    dba: client.dba,
    entity_type: client.entityType,
    tax_id_masked: maskTaxId(client.taxIdLast4),
    status: client.status,
    responsible_partner_id: client.responsiblePartnerId,
    responsible_partner: personRef(row.partner),
    responsible_manager_id: client.responsibleManagerId,
    responsible_manager: personRef(row.manager),
    address_line1: client.addressLine1,
    address_line2: client.addressLine2,
    city: client.city,
    region: client.region,
    postal_code: client.postalCode,
    country: client.country,
    payment_terms_days: client.paymentTermsDays,
    invoice_email: client.invoiceEmail,
    notes: client.notes,
    tags: client.tags,
    version: client.version,
    created_at: client.createdAt,
    updated_at: client.updatedAt,
  };
}

/** What the audit log keeps of a client: the view without the moving timestamps. */
export function auditSnapshotOf(view: ClientView, contacts: ContactView[]) {
  const { created_at: _created, updated_at: _updated, ...rest } = view;
  return { ...rest, contacts };
}
