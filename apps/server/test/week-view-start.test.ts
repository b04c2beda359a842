import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type TestApp } from './test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

describe('GET /time-entries/week', () => {
  it("defaults to this week's Monday in the firm's time zone", async () => {
    const week = await (await signedIn(testApp.app, 'staff')).request({ url: '/time-entries/week' });
    const body = week.json() as { start: string; end: string; days: string[] };
    expect(week.statusCode).toBe(200);
    expect(new Date(`${body.start}T12:00:00Z`).getUTCDay()).toBe(1);
    expect(body.days).toHaveLength(7);
  });

  it('shows the week it is asked for', async () => {
    const week = await (await signedIn(testApp.app, 'staff')).request({ url: '/time-entries/week?start=2026-11-02' });
    expect(week.json()).toMatchObject({ start: '2026-11-02', end: '2026-11-08' });
  });
});
