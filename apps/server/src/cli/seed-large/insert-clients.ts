import type pg from 'pg';
import { normalizeTaxId, type TaxIdCipher } from '../../modules/clients/tax-id-cipher';
import type { StoredClient } from './assignments';
import type { SeedClient } from './client-book';

/**
 * Writes the client book with the clients service's own tax ID encryption, so the server
 * (with the same SECRET_KEY) shows the masked numbers as for any client typed in.
 */
export async function insertClients(
  client: pg.ClientBase,
  organizationId: number,
  book: SeedClient[],
  cipher: TaxIdCipher,
): Promise<StoredClient[]> {
  const column = <T>(pick: (entry: SeedClient) => T) => book.map(pick);
  const result = await client.query<{ id: number; code: string }>(
    `insert into clients (organization_id, code, legal_name, dba, entity_type, tax_id_ciphertext, tax_id_last4, status,
       responsible_partner_id, responsible_manager_id, address_line1, address_line2, city, region, postal_code,
       payment_terms_days, invoice_email, notes, tags, created_by, created_at, updated_at)
     select $1, c.code, c.legal_name, c.dba, c.entity_type, c.tax_cipher, c.tax_last4, c.status, c.partner_id,
       c.manager_id, c.line1, c.line2, c.city, c.region, c.postal_code, c.terms, c.invoice_email, c.notes,
       string_to_array(c.tags, ','), c.partner_id, c.created_at, c.created_at
     from unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::int[],
       $10::int[], $11::text[], $12::text[], $13::text[], $14::text[], $15::text[], $16::int[], $17::text[],
       $18::text[], $19::text[], $20::timestamptz[]) with ordinality
       as c(code, legal_name, dba, entity_type, tax_cipher, tax_last4, status, partner_id, manager_id, line1, line2,
         city, region, postal_code, terms, invoice_email, notes, tags, created_at, position)
     order by c.position
     returning id, code`,
    [
      organizationId,
      column((entry) => entry.code),
      column((entry) => entry.legalName),
      column((entry) => entry.dba),
      column((entry) => entry.entityType),
      column((entry) => (entry.taxId ? cipher.encrypt(organizationId, entry.taxId) : null)),
      column((entry) => (entry.taxId ? normalizeTaxId(entry.taxId).slice(-4) : null)),
      column((entry) => entry.status),
      column((entry) => entry.partnerId),
      column((entry) => entry.managerId),
      column((entry) => entry.addressLine1),
      column((entry) => entry.addressLine2),
      column((entry) => entry.city),
      column((entry) => entry.region),
      column((entry) => entry.postalCode),
      column((entry) => entry.paymentTermsDays),
      column((entry) => entry.invoiceEmail),
      column((entry) => entry.notes),
      column((entry) => entry.tags.join(',')),
      column((entry) => entry.createdAt),
    ],
  );
  const idOf = new Map(result.rows.map((row) => [row.code, row.id]));
  return book.map((entry) => ({
    id: idOf.get(entry.code)!,
    entityType: entry.entityType,
    status: entry.status,
    partnerId: entry.partnerId,
    managerId: entry.managerId,
    taxOnly: entry.taxOnly,
  }));
}

/** `stored` lists the clients in the order of `book`. */
export async function insertContacts(
  client: pg.ClientBase,
  organizationId: number,
  book: SeedClient[],
  stored: StoredClient[],
): Promise<number> {
  const rows = book.flatMap((entry, index) =>
    entry.contacts.map((contact, position) => ({ clientId: stored[index]!.id, position, ...contact })),
  );
  await client.query(
    `insert into client_contacts (organization_id, client_id, name, email, phone, is_primary, position)
     select $1, c.client_id, c.name, c.email, c.phone, c.is_primary, c.position
     from unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::boolean[], $7::int[])
       as c(client_id, name, email, phone, is_primary, position)`,
    [
      organizationId,
      rows.map((row) => row.clientId),
      rows.map((row) => row.name),
      rows.map((row) => row.email),
      rows.map((row) => row.phone),
      rows.map((row) => row.isPrimary),
      rows.map((row) => row.position),
    ],
  );
  return rows.length;
}
