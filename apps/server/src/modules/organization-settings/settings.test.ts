import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issuedInvoice } from '../../../test/money-records';
import { pdfText } from '../../../test/pdf-text';
import { undeclaredAnswersOf } from '../../../test/answer-record';
import { createTestApp, signedIn, type Session, type TestApp } from '../../../test/test-app';
import { createActivityType, createClient, createTimeEntry, organizationIdOf } from '../../../test/work-records';
import { auditLog, roles } from '../../db/schema/index';
import { withTenant } from '../../db/client';
import { DEMO_PASSWORD } from '../../db/seed/demo';
import { createUser } from '../organizations/organization.service';
import { LOGO_RULES } from './logo.service';
import type { OrganizationSettings } from './settings.service';

/** A 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
/** A 1x1 baseline JPEG and a 1x1 lossy WebP: the smallest real files of each kind (Chromium decodes both). */
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxD/2Q==',
  'base64',
);
const WEBP = Buffer.from('UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEADsD+JaQAA3AAAAAA', 'base64');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

function upload(content: Buffer, filename = 'logo.png', declared = 'image/png') {
  const boundary = 'logo-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${declared}\r\n\r\n`;
  return {
    method: 'POST' as const,
    url: '/api/organization/logo',
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('Firm settings, logo and their use on invoices', () => {
  let testApp: TestApp;
  let admin: Session;
  let demoId: number;

  beforeAll(async () => {
    testApp = await createTestApp({ dataDir: await mkdtemp(path.join(tmpdir(), 'people-settings-')) });
    admin = await signedIn(testApp.app, 'admin');
    demoId = await organizationIdOf(testApp, 'demo');
  });
  afterAll(() => testApp.close());

  const latestSettingsAudits = (count: number) =>
    testApp.context.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.organizationId, demoId), eq(auditLog.entity, 'organization_settings')))
      .orderBy(desc(auditLog.id))
      .limit(count);

  const settingsOf = async (session = admin) =>
    (await session.request({ url: '/api/organization/settings' })).json() as OrganizationSettings;

  function body(settings: OrganizationSettings, change: Partial<OrganizationSettings> = {}) {
    const merged = { ...settings, ...change };
    return {
      name: merged.name,
      primary_color: merged.primary_color,
      secondary_color: merged.secondary_color,
      invoice_prefix: merged.invoice_prefix,
      default_terms_days: merged.default_terms_days,
      remit_to: merged.remit_to,
      invoice_footer: merged.invoice_footer,
      time_zone: merged.time_zone,
      rounding_minutes: merged.rounding_minutes,
      rounding_mode: merged.rounding_mode,
      version: merged.version,
    };
  }

  it('changes the settings with a version, audits the change, and refuses a stale one (409)', async () => {
    const before = await settingsOf();
    expect(before).toMatchObject({ name: 'Demo CPA', subdomain: 'demo', logo_url: null });
    const saved = await admin.request({
      method: 'PUT',
      url: '/api/organization/settings',
      payload: body(before, {
        primary_color: '#AA3300',
        invoice_prefix: 'DC-',
        default_terms_days: 15,
        remit_to: 'Demo CPA\nPO Box 9',
        invoice_footer: 'Thanks from the footer',
      }),
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      primary_color: '#aa3300',
      invoice_prefix: 'DC-',
      version: before.version + 1,
    });
    const config = (
      await admin.request({ url: '/api/organization/config', headers: { host: 'demo.example.com' } })
    ).json();
    expect(config.branding).toMatchObject({ primaryColor: '#aa3300' });
    const stale = await admin.request({
      method: 'PUT',
      url: '/api/organization/settings',
      payload: body(before, { name: 'Lost write' }),
    });
    expect(stale.statusCode).toBe(409);
    expect((await settingsOf()).name).toBe('Demo CPA');
    const [audit] = await testApp.context.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.organizationId, demoId), eq(auditLog.entity, 'organization_settings')))
      .orderBy(desc(auditLog.id));
    expect(audit).toMatchObject({ action: 'update', userId: expect.any(Number) });
    expect(audit!.before).toMatchObject({ primary_color: '#007bff', invoice_prefix: before.invoice_prefix });
    expect(audit!.after).toMatchObject({ primary_color: '#aa3300', invoice_prefix: 'DC-' });
  });

  it('sets the time zone and rounding rule that time entries then follow', async () => {
    const before = await settingsOf();
    const client = await createClient(admin);
    const activity = await createActivityType(admin);
    try {
      const saved = await admin.request({
        method: 'PUT',
        url: '/api/organization/settings',
        payload: body(before, { time_zone: 'America/Los_Angeles', rounding_minutes: 15, rounding_mode: 'up' }),
      });
      expect(saved.statusCode).toBe(200);
      expect((await admin.request({ url: '/time-settings' })).json()).toEqual({
        time_zone: 'America/Los_Angeles',
        rounding_minutes: 15,
        rounding_mode: 'up',
      });
      const entry = await createTimeEntry(admin, { client_id: client.id, activity_type_id: activity.id, minutes: 7 });
      expect(entry.minutes).toBe(15);
    } finally {
      const current = await settingsOf();
      const restored = await admin.request({
        method: 'PUT',
        url: '/api/organization/settings',
        payload: body(current, {
          time_zone: before.time_zone,
          rounding_minutes: before.rounding_minutes,
          rounding_mode: before.rounding_mode,
        }),
      });
      expect(restored.statusCode).toBe(200);
    }
  });

  it('refuses bad input with 400 and writes nothing', async () => {
    const current = await settingsOf();
    for (const change of [
      { primary_color: 'red' },
      { time_zone: 'Mars/Olympus' },
      { default_terms_days: -1 },
      { invoice_prefix: 'A B' },
      { name: '' },
    ]) {
      const response = await admin.request({
        method: 'PUT',
        url: '/api/organization/settings',
        payload: body(current, change as Partial<OrganizationSettings>),
      });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
    }
    expect((await settingsOf()).version).toBe(current.version);
  });

  it('reading needs can_view_admin_page, changing needs the all flag (403)', async () => {
    const staff = await signedIn(testApp.app, 'staff');
    expect((await staff.request({ url: '/api/organization/settings' })).statusCode).toBe(403);
    await withTenant(testApp.context.database.db, demoId, (tx) =>
      tx
        .insert(roles)
        .values({ organizationId: demoId, name: 'office', displayName: 'Office', canViewAdminPage: true }),
    );
    await createUser(testApp.context.database.db, demoId, {
      username: 'office01',
      email: 'office01@demo-cpa.example',
      password: DEMO_PASSWORD,
      roleName: 'office',
    });
    const office = await signedIn(testApp.app, 'office01');
    const current = await settingsOf(office);
    expect(current.name).toBe('Demo CPA');
    const put = await office.request({ method: 'PUT', url: '/api/organization/settings', payload: body(current) });
    expect(put.statusCode).toBe(403);
    expect((await office.request(upload(PNG))).statusCode).toBe(403);
    expect((await office.request({ method: 'DELETE', url: '/api/organization/logo' })).statusCode).toBe(403);
  });

  it('takes a PNG logo, refuses SVG, PDF and oversized files, and serves it publicly with nosniff', async () => {
    expect(
      (await admin.request({ url: '/api/organization/logo', headers: { host: 'demo.example.com' } })).statusCode,
    ).toBe(404);
    const svg = await admin.request(upload(SVG, 'logo.png'));
    expect(svg.statusCode).toBe(415);
    expect(svg.json()).toEqual({ error: LOGO_RULES.wrongType });
    // A PDF is a known upload type (receipts, attachments) but no logo.
    const pdf = await admin.request(upload(Buffer.from('%PDF-1.7\n%%EOF\n'), 'logo.png'));
    expect(pdf.statusCode).toBe(415);
    expect(pdf.json()).toEqual({ error: LOGO_RULES.wrongType });
    const big = await admin.request(upload(Buffer.concat([PNG, Buffer.alloc(600 * 1024)])));
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ error: LOGO_RULES.tooLarge });
    const saved = await admin.request(upload(PNG));
    expect(saved.statusCode).toBe(200);
    const logoUrl = (saved.json() as OrganizationSettings).logo_url!;
    expect(logoUrl).toMatch(/^\/api\/organization\/logo\?org=demo&v=/);
    const served = await testApp.app.inject({ url: '/api/organization/logo', headers: { host: 'demo.example.com' } });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    // An <img> on the api host names the firm by `org`; Northwind has no logo.
    expect((await testApp.app.inject({ url: logoUrl })).statusCode).toBe(200);
    expect(
      (await testApp.app.inject({ url: '/api/organization/logo', headers: { host: 'northwind.example.com' } }))
        .statusCode,
    ).toBe(404);
    expect((await testApp.app.inject({ url: '/api/organization/logo' })).statusCode).toBe(404);
    const config = (
      await testApp.app.inject({ url: '/api/organization/config', headers: { host: 'demo.example.com' } })
    ).json();
    expect(config.logo_url).toBe(logoUrl);
    // One audit row for the upload (the refused files wrote none): who, and the logo before and after.
    const audits = await latestSettingsAudits(4);
    expect(audits[0]).toMatchObject({
      action: 'upload_logo',
      userId: expect.any(Number),
      before: { logo: null },
      after: { logo: { content_type: 'image/png', bytes: PNG.length } },
    });
    expect(audits.slice(1).map((row) => row.action)).not.toContain('upload_logo');
  });

  it('issued invoices use the prefix, terms, remit-to, footer and logo of the settings', async () => {
    // A client created without terms of his own takes the firm's default.
    const client = await createClient(admin);
    expect(client.payment_terms_days).toBe(15);
    const draft = await admin.request({
      method: 'POST',
      url: '/invoices',
      payload: {
        client_id: client.id,
        issue_date: '2026-10-01',
        fixed_fees: [{ description: 'Advice', amount_cents: 10_000 }],
      },
    });
    expect(draft.statusCode).toBe(201);
    expect(draft.json()).toMatchObject({ due_date: '2026-10-16' });
    const invoice = await issuedInvoice(admin, client.id, 5_000);
    expect(invoice.number).toMatch(/^DC-\d+$/);
    const view = (await admin.request({ url: `/invoices/${invoice.id}` })).json();
    expect(view.organization).toMatchObject({
      remit_to: 'Demo CPA\nPO Box 9',
      logo_url: expect.stringContaining('/api/organization/logo'),
    });
    const pdf = await admin.request({ url: `/invoices/${invoice.id}/pdf` });
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('PO Box 9');
    expect(text).toContain('Thanks from the footer');
    expect(pdf.rawPayload.toString('latin1')).toContain('/Subtype /Image');
  });

  it('takes JPEG and WebP logos by their bytes, whatever the browser declared; the PDF draws the JPEG', async () => {
    const client = await createClient(admin);
    const invoice = await issuedInvoice(admin, client.id, 2_500);
    for (const [content, type] of [
      [JPEG, 'image/jpeg'],
      [WEBP, 'image/webp'],
    ] as const) {
      const saved = await admin.request(upload(content, 'logo.bin', 'application/octet-stream'));
      expect(saved.statusCode, type).toBe(200);
      const served = await testApp.app.inject({ url: (saved.json() as OrganizationSettings).logo_url! });
      expect(served.headers['content-type']).toBe(type);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.rawPayload.equals(content)).toBe(true);
      const [audit] = await latestSettingsAudits(1);
      expect(audit).toMatchObject({
        action: 'upload_logo',
        after: { logo: { content_type: type, bytes: content.length } },
      });
      // pdfkit draws PNG and JPEG; a WebP logo is left off the PDF, which still renders.
      const pdf = await admin.request({ url: `/invoices/${invoice.id}/pdf` });
      expect(pdf.statusCode, type).toBe(200);
      expect(pdf.rawPayload.toString('latin1').includes('/Subtype /Image'), type).toBe(type === 'image/jpeg');
    }
  });

  it('removes the logo (audited) and then serves none', async () => {
    const removed = await admin.request({ method: 'DELETE', url: '/api/organization/logo' });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ logo_url: null });
    expect((await testApp.app.inject({ url: '/api/organization/logo?org=demo' })).statusCode).toBe(404);
    const actions = await testApp.context.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.organizationId, demoId), eq(auditLog.entity, 'organization_settings')))
      .orderBy(desc(auditLog.id));
    expect(actions.slice(0, 2).map((row) => row.action)).toEqual(['remove_logo', 'upload_logo']);
  });
  it('declares in the OpenAPI document every status these calls were answered with (docs/decisions/0220)', async () => {
    expect(await undeclaredAnswersOf(testApp.app)).toEqual([]);
  });
});
