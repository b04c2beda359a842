import { describe, expect, it } from 'vitest';
import { firmTodayOf } from './firm-today';

const NEW_YORK = { organization_id: 1, time_zone: 'America/New_York' };

describe("the firm's today (ADR 0200)", () => {
  it("is the firm's date, not the browser's: 11:30 pm in New York is tomorrow in UTC", () => {
    expect(firmTodayOf(NEW_YORK, Date.parse('2026-12-06T04:30:00Z'), 0)).toBe('2026-12-05');
    expect(firmTodayOf(NEW_YORK, Date.parse('2026-12-06T05:30:00Z'), 0)).toBe('2026-12-06');
  });

  it("reads the server's clock: a browser clock a day off moves no date", () => {
    const browser = Date.parse('2026-12-07T15:00:00Z');
    const dayMs = 24 * 60 * 60 * 1000;
    expect(firmTodayOf(NEW_YORK, browser, -dayMs)).toBe('2026-12-06');
  });

  it("refuses to guess without the firm's time zone", () => {
    expect(() => firmTodayOf({ organization_id: 1 }, Date.now(), 0)).toThrow("The firm's time zone is not loaded");
    expect(() => firmTodayOf(null, Date.now(), 0)).toThrow();
  });
});
