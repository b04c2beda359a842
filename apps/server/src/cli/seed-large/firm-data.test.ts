import { describe, expect, it } from 'vitest';
import { clientSchema, TAX_ID_PATTERN, usernameSchema } from '@practice/shared';
import { z } from 'zod/mini';
import { buildBookmarks, buildPortfolios, buildRateOverrides, type StoredClient } from './assignments';
import { buildClients } from './client-book';
import { buildUsers } from './people';
import { ADMIN_USERNAME, PORTFOLIO_SIZE, planFor, TIMEKEEPER_ROLES } from './plan';
import { seededRandom } from './random';

const plan = planFor(0.05, '2026-11-20');

describe('buildUsers', () => {
  const people = buildUsers(plan, seededRandom(1));

  it('makes unique usernames the sign-in form accepts, the administrator first', () => {
    expect(people).toHaveLength(plan.users);
    expect(people[0]).toMatchObject({ username: ADMIN_USERNAME, roleName: 'admin' });
    expect(new Set(people.map((person) => person.username.toLowerCase())).size).toBe(people.length);
    for (const person of people) expect(z.safeParse(usernameSchema, person.username).success).toBe(true);
  });

  it('gives each role its count and timekeepers a billing rate', () => {
    for (const [role, count] of Object.entries(plan.roles)) {
      expect(people.filter((person) => person.roleName === role)).toHaveLength(count);
    }
    const timekeepers = people.filter((person) => TIMEKEEPER_ROLES.includes(person.roleName));
    for (const person of timekeepers) expect(person.standardRateCents).toBeGreaterThan(0);
  });

  it('is the same firm on every run', () => {
    expect(buildUsers(plan, seededRandom(1))).toEqual(people);
  });
});

describe('buildClients', () => {
  const book = buildClients(plan, seededRandom(2), [11, 12], [21, 22]);

  it('writes clients the client form accepts', () => {
    expect(book).toHaveLength(plan.clients);
    for (const client of book) {
      const input = {
        client_id: client.code,
        legal_name: client.legalName,
        dba: client.dba,
        entity_type: client.entityType,
        tax_id: client.taxId,
        status: client.status,
        address_line1: client.addressLine1,
        address_line2: client.addressLine2,
        city: client.city,
        region: client.region,
        postal_code: client.postalCode,
        payment_terms_days: client.paymentTermsDays,
        invoice_email: client.invoiceEmail,
        notes: client.notes,
        tags: client.tags,
        contacts: client.contacts.map((contact) => ({
          name: contact.name,
          email: contact.email,
          phone: contact.phone,
          is_primary: contact.isPrimary,
        })),
      };
      const parsed = z.safeParse(clientSchema, input);
      expect(parsed.error?.issues ?? [], client.code).toEqual([]);
    }
  });

  it('has unique client IDs, one primary contact each, and tax IDs of the right shape', () => {
    expect(new Set(book.map((client) => client.code)).size).toBe(book.length);
    for (const client of book) {
      expect(client.contacts.filter((contact) => contact.isPrimary)).toHaveLength(1);
      if (client.taxId) expect(client.taxId).toMatch(TAX_ID_PATTERN);
    }
  });

  it('mixes entity types and statuses as a practice does', () => {
    const share = (test: (client: (typeof book)[number]) => boolean) => book.filter(test).length / book.length;
    expect(share((client) => client.entityType === 'individual')).toBeGreaterThan(0.45);
    expect(share((client) => client.status === 'active')).toBeGreaterThan(0.75);
    expect(share((client) => client.taxOnly)).toBeGreaterThan(0.05);
    expect(share((client) => client.taxOnly)).toBeLessThan(0.15);
  });
});

describe('assignments', () => {
  const random = seededRandom(3);
  const clients: StoredClient[] = Array.from({ length: 400 }, (_, index) => ({
    id: index + 1,
    entityType: index % 3 === 0 ? 's_corp' : 'individual',
    status: index % 10 === 0 ? 'prospect' : index % 10 === 1 ? 'inactive' : 'active',
    partnerId: 1,
    managerId: 2,
    taxOnly: index % 7 === 0,
  }));
  const timekeepers = [
    { id: 1, roleName: 'partner' as const },
    { id: 2, roleName: 'manager' as const },
    ...Array.from({ length: 8 }, (_, index) => ({ id: 10 + index, roleName: 'staff' as const })),
  ];
  const portfolios = buildPortfolios(timekeepers, clients, random);
  const statusOf = new Map(clients.map((client) => [client.id, client.status]));

  it('gives each timekeeper distinct clients, never a prospect', () => {
    for (const timekeeper of timekeepers) {
      const own = portfolios.filter((slot) => slot.userId === timekeeper.id);
      expect(own.map((slot) => slot.slot)).toEqual(Array.from({ length: PORTFOLIO_SIZE }, (_, index) => index));
      expect(new Set(own.map((slot) => slot.clientId)).size).toBe(PORTFOLIO_SIZE);
    }
    expect(portfolios.some((slot) => statusOf.get(slot.clientId) === 'prospect')).toBe(false);
  });

  it('bookmarks only active clients of the portfolio', () => {
    const bookmarks = buildBookmarks(portfolios, clients, plan, random);
    expect(bookmarks.length).toBeGreaterThan(0);
    for (const bookmark of bookmarks) {
      expect(statusOf.get(bookmark.clientId)).toBe('active');
      expect(portfolios).toContainEqual(
        expect.objectContaining({ userId: bookmark.userId, clientId: bookmark.clientId }),
      );
    }
  });

  it('overrides a rate at most once per client and activity type, below the list rate', () => {
    const overrides = buildRateOverrides(clients, plan, random);
    const pairs = overrides.map((override) => `${override.clientId}:${override.activityCode}`);
    expect(new Set(pairs).size).toBe(pairs.length);
    for (const override of overrides) {
      expect(override.rateCents).toBeGreaterThan(0);
      expect(override.rateCents % 500).toBe(0);
    }
  });
});
