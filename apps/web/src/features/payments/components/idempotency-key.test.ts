import { describe, expect, it } from 'vitest';
import { newIdempotencyKey, submissionKeys } from './idempotency-key';

describe('Idempotency-Key per form submission', () => {
  it('keeps the key for the same body, and makes a new one for another body or after success', () => {
    const keys = submissionKeys();
    const first = keys.keyFor({ amount_cents: 100 });
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(keys.keyFor({ amount_cents: 100 })).toBe(first);
    const changed = keys.keyFor({ amount_cents: 200 });
    expect(changed).not.toBe(first);
    keys.done();
    expect(keys.keyFor({ amount_cents: 200 })).not.toBe(changed);
    expect(newIdempotencyKey()).not.toBe(newIdempotencyKey());
  });
});
