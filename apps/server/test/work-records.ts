import type { LightMyRequestResponse } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Session, TestApp } from './test-app';

/**
 * Helpers for the tests of clients, activity types, time and expenses: records made
 * through the API as the browser makes them, and raw reads of the database as its owner
 * (outside row-level security) to check what is stored.
 */

let sequence = 0;

/**
 * A code no other test of the run uses, at most 20 characters. It ends in a letter, so it
 * never counts in the suggestion of the next client ID (the highest trailing number).
 */
export function uniqueCode(prefix: string): string {
  sequence += 1;
  // Each part in base 36 with a separator: run together, 13|52 and 135|2 made the same code.
  const parts = [process.pid, sequence, Math.floor(Math.random() * 36 ** 3)].map((part) => part.toString(36));
  return `${prefix}-${parts.join('-')}`.slice(0, 19) + 'x';
}

export function expectStatus(response: LightMyRequestResponse, status: number): void {
  expect(response.statusCode, response.body).toBe(status);
}

export type ClientBody = { id: number; client_id: string; version: number; [field: string]: unknown };

export async function createClient(session: Session, fields: Record<string, unknown> = {}): Promise<ClientBody> {
  const response = await session.request({
    method: 'POST',
    url: '/clients',
    payload: { client_id: uniqueCode('T'), legal_name: 'Test Client LLC', entity_type: 'c_corp', ...fields },
  });
  expectStatus(response, 201);
  return response.json();
}

export type ActivityTypeBody = { id: number; code: string; version: number; [field: string]: unknown };

export async function createActivityType(
  session: Session,
  fields: Record<string, unknown> = {},
): Promise<ActivityTypeBody> {
  const response = await session.request({
    method: 'POST',
    url: '/activity-types',
    payload: { name: 'Test activity', code: uniqueCode('A'), default_rate_cents: 20_000, ...fields },
  });
  expectStatus(response, 201);
  return response.json();
}

export type TimeEntryBody = {
  id: number;
  version: number;
  minutes: number;
  rate_cents: number;
  rate_source: string;
  amount_cents: number;
  status: string;
  [field: string]: unknown;
};

export async function createTimeEntry(session: Session, fields: Record<string, unknown>): Promise<TimeEntryBody> {
  const response = await session.request({
    method: 'POST',
    url: '/time-entries',
    payload: { entry_date: '2026-03-02', minutes: 60, ...fields },
  });
  expectStatus(response, 201);
  return response.json();
}

/** Rows of a query run as the database owner, past row-level security: what is really stored. */
export async function ownerRows<T = Record<string, unknown>>(testApp: TestApp, query: SQL): Promise<T[]> {
  const result = await testApp.context.database.db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

export async function organizationIdOf(testApp: TestApp, subdomain: string): Promise<number> {
  const [row] = await ownerRows<{ id: number }>(
    testApp,
    sql`select id from organizations where subdomain = ${subdomain}`,
  );
  if (!row) throw new Error(`no organization ${subdomain}`);
  return row.id;
}

/** Marks an entry billed the way invoicing will: an invoice row, then the link and the status. */
export async function markBilled(testApp: TestApp, table: 'time_entries' | 'expenses', id: number): Promise<void> {
  const [row] = await ownerRows<{ organization_id: number; client_id: number }>(
    testApp,
    sql`select organization_id, client_id from ${sql.identifier(table)} where id = ${id}`,
  );
  const [invoice] = await ownerRows<{ id: number }>(
    testApp,
    sql`insert into invoices (organization_id, client_id, status) values (${row!.organization_id}, ${row!.client_id}, 'draft') returning id`,
  );
  await ownerRows(
    testApp,
    sql`update ${sql.identifier(table)} set status = 'billed', invoice_id = ${invoice!.id} where id = ${id}`,
  );
}
