import { and, desc, eq, sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { emptyFullRole } from '@practice/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type Session, type TestApp } from '../../../test/test-app';
import { createActivityType, createClient, createTimeEntry, organizationIdOf } from '../../../test/work-records';
import { withTenant } from '../../db/client';
import { auditLog } from '../../db/schema/index';
import { EXPORT_ENTITIES } from './export-entities';
import { streamFirmExport } from './firm-export';

describe('GET /admin/export: the firm’s data as a streamed ZIP of CSVs', () => {
  let testApp: TestApp;
  let admin: Session;

  beforeAll(async () => {
    testApp = await createTestApp();
    admin = await signedIn(testApp.app, 'admin');
  });
  afterAll(() => testApp.close());

  async function download(session: Session) {
    const response = await session.request({ url: '/admin/export' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="firm-export-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const files = unzipSync(new Uint8Array(response.rawPayload));
    return Object.fromEntries(
      Object.entries(files).map(([name, bytes]) => [name, strFromU8(bytes).replace(/^\uFEFF/, '')]),
    );
  }

  it('holds one CSV per entity, with headers, this firm’s rows only, money in dollars, cells neutralised', async () => {
    const client = await createClient(admin, { legal_name: '=HYPERLINK("http://evil.example")' });
    const activity = await createActivityType(admin);
    await createTimeEntry(admin, { client_id: client.id, activity_type_id: activity.id, narrative: '@SUM(A1)' });
    const files = await download(admin);
    expect(Object.keys(files).sort()).toEqual(EXPORT_ENTITIES.map((entity) => entity.file).sort());
    for (const [name, text] of Object.entries(files)) expect(text.length, name).toBeGreaterThan(0);
    expect(files['clients.csv']).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(files['people.csv']!.split('\r\n')[0]).toBe(
      'id,username,email,first_name,last_name,role,active,standard_rate,available_minutes_per_week,last_sign_in_at,created_at',
    );
    expect(files['people.csv']).toContain('admin@demo-cpa.example,Alice,Admin,Administrator,yes');
    expect(files['people.csv']).not.toMatch(/northwind|nwadmin/i);
    expect(files['people.csv']).not.toContain('argon2');
    expect(files['clients.csv']).not.toMatch(/Northwind/);
    const entries = files['time_entries.csv']!.split('\r\n').filter(Boolean);
    expect(entries.length).toBeGreaterThan(1);
    expect(entries[0]).toContain(',rate,rate_source,amount,');
    expect(files['time_entries.csv']).toContain(",'@SUM(A1),");
    expect(entries[1]).toMatch(/^\d+,\d+,\d+,\d+,\d{4}-\d{2}-\d{2},\d+,.*,\d+\.\d{2},[a-z_]+,\d+\.\d{2},/);
    const nwadmin = await signedIn(testApp.app, 'nwadmin');
    const theirs = await download(nwadmin);
    expect(theirs['clients.csv']).not.toContain('HYPERLINK');
    expect(theirs['people.csv']).not.toContain('demo-cpa.example');
  });

  it('is audited, and refused (403) without the all flag', async () => {
    const demoId = await organizationIdOf(testApp, 'demo');
    const [row] = await testApp.context.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.organizationId, demoId), eq(auditLog.action, 'export')))
      .orderBy(desc(auditLog.id));
    expect(row).toMatchObject({ entity: 'organization', entityId: String(demoId) });
    for (const username of ['manager', 'readonly', 'staff']) {
      const session = await signedIn(testApp.app, username);
      expect((await session.request({ url: '/admin/export' })).statusCode).toBe(403);
    }
  });

  it('ends its reading and its transaction when the download is abandoned half-way', async () => {
    const demoId = await organizationIdOf(testApp, 'demo');
    const { db } = testApp.context.database;
    // Some MB of audit rows that do not compress away: more than the streams between the rows and the socket hold.
    await withTenant(db, demoId, (tx) =>
      tx.execute(sql`insert into audit_log (organization_id, action, entity, entity_id, after)
        select ${demoId}, 'filler', 'test', g::text, jsonb_build_object('noise', md5(g::text) || md5((g * 7)::text))
        from generate_series(1, 30000) g`),
    );
    const abandoned = new AbortController();
    const actor = { id: 0, organizationId: demoId, username: 'admin', csrf: '', fullRole: emptyFullRole() };
    // Nobody reads the ZIP: the export fills the streams and waits for room.
    const { stream, done } = streamFirmExport(db, actor, abandoned.signal);
    let settled = false;
    const outcome = done.then(
      () => 'finished',
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );
    void outcome.then(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(settled).toBe(false);
    abandoned.abort(new Error('export abandoned'));
    stream.destroy();
    expect(await outcome).toBe('export abandoned');
    // The transaction is over: the firm's data is read again (the embedded database would wait on it).
    expect(await withTenant(db, demoId, (tx) => tx.select().from(auditLog).limit(1))).toHaveLength(1);
  });
});
