import type { Resolver } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { notAfterToday } from './not-after-today';

type Values = { payment_date: string; amount: string };

const passes: Resolver<Values, unknown, Values> = async (values) => ({ values, errors: {} });
const options = { fields: {}, shouldUseNativeValidation: false } as Parameters<typeof passes>[2];

describe('notAfterToday (ADR 0200)', () => {
  const resolver = notAfterToday(passes, 'payment_date', 'Payment date', '2026-12-05');

  it("refuses a date after the firm's today in the server's words, sending nothing", async () => {
    const result = await resolver({ payment_date: '2026-12-06', amount: '10' }, undefined, options);
    expect(result.values).toEqual({});
    expect(result.errors).toEqual({
      payment_date: { type: 'max', message: 'Payment date cannot be after today (12/5/2026)' },
    });
  });

  it('lets today, an earlier day and an empty date through to the schema', async () => {
    for (const payment_date of ['2026-12-05', '2026-11-30', '']) {
      const result = await resolver({ payment_date, amount: '10' }, undefined, options);
      expect(result.errors).toEqual({});
    }
  });
});
