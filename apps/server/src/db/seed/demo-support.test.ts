import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type TestApp } from '../../../test/test-app';
import { seedDemoSupport } from './demo-support';

describe('the demo firm’s support tickets on first start', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  it('gives the demo firm tickets with replies, one of them unread, once', async () => {
    const db = testApp.context.database.db;
    expect(await seedDemoSupport(db, { now: new Date() })).toEqual([{ subdomain: 'demo', tickets: 3 }]);
    expect(await seedDemoSupport(db, { now: new Date() })).toEqual([]);
    const admin = await signedIn(testApp.app, 'admin');
    const all = (await admin.request({ url: '/support-tickets' })).json<{ total: number }>();
    expect(all.total).toBe(3);
    const billing = await signedIn(testApp.app, 'billing');
    expect((await billing.request({ url: '/support-tickets/unread-count' })).json()).toEqual({ count: 1 });
    const staff = await signedIn(testApp.app, 'staff');
    expect((await staff.request({ url: '/support-tickets/unread-count' })).json()).toEqual({ count: 0 });
    const nwadmin = await signedIn(testApp.app, 'nwadmin');
    expect((await nwadmin.request({ url: '/support-tickets' })).json<{ total: number }>().total).toBe(0);
  });
});
