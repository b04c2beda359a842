import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import type { ContactInput } from '@practice/shared';
import type { Tx } from '../../db/client';
import { clientContacts } from '../../db/schema/index';
import { notFoundField } from '../records/field-errors';
import type { ContactView } from './client-view';

export async function listContacts(tx: Tx, organizationId: number, clientId: number): Promise<ContactView[]> {
  return tx
    .select({
      id: clientContacts.id,
      name: clientContacts.name,
      email: clientContacts.email,
      phone: clientContacts.phone,
      is_primary: clientContacts.isPrimary,
    })
    .from(clientContacts)
    .where(and(eq(clientContacts.organizationId, organizationId), eq(clientContacts.clientId, clientId)))
    .orderBy(asc(clientContacts.position), asc(clientContacts.id));
}

const emptyToNull = (value: string | null | undefined) => (value ? value : null);

/**
 * Makes the client's contacts the given list: a contact with an id is updated (it must be
 * one of this client's), one without is added, a stored one left out is removed. Primary
 * flags are cleared first so that moving "primary" between two contacts never trips the
 * one-primary index halfway.
 */
export async function replaceContacts(
  tx: Tx,
  organizationId: number,
  clientId: number,
  contacts: ContactInput[],
): Promise<void> {
  const scope = and(eq(clientContacts.organizationId, organizationId), eq(clientContacts.clientId, clientId));
  const keptIds = contacts.flatMap((contact) => (contact.id === undefined ? [] : [contact.id]));
  if (keptIds.length > 0) {
    const stored = await tx
      .select({ id: clientContacts.id })
      .from(clientContacts)
      .where(and(scope, inArray(clientContacts.id, keptIds)));
    const storedIds = new Set(stored.map((row) => row.id));
    const index = contacts.findIndex((contact) => contact.id !== undefined && !storedIds.has(contact.id));
    if (index >= 0) throw notFoundField(`contacts.${index}.id`, 'Contact not found');
  }
  await tx
    .delete(clientContacts)
    .where(keptIds.length > 0 ? and(scope, notInArray(clientContacts.id, keptIds)) : scope);
  await tx.update(clientContacts).set({ isPrimary: false }).where(scope);
  const added = [];
  for (const [position, contact] of contacts.entries()) {
    const values = {
      name: contact.name,
      email: emptyToNull(contact.email),
      phone: emptyToNull(contact.phone),
      isPrimary: contact.is_primary,
      position,
    };
    if (contact.id === undefined) added.push({ organizationId, clientId, ...values });
    else
      await tx
        .update(clientContacts)
        .set(values)
        .where(and(scope, eq(clientContacts.id, contact.id)));
  }
  if (added.length > 0) await tx.insert(clientContacts).values(added);
}
