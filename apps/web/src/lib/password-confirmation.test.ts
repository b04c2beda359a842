import { describe, expect, it } from 'vitest';
import { changePasswordSchema } from '@practice/shared';
import { PASSWORDS_DIFFER, withConfirmation } from './password-confirmation';

const schema = withConfirmation(changePasswordSchema, 'new_password');

describe('password confirmation', () => {
  it('accepts a repeated new password', () => {
    const values = { current_password: 'old-secret', new_password: 'fresh-words', confirm_password: 'fresh-words' };
    expect(schema.safeParse(values).success).toBe(true);
  });

  it('puts a differing repetition under the confirmation field', () => {
    const values = { current_password: 'old-secret', new_password: 'fresh-words', confirm_password: 'fresh-wordz' };
    const parsed = schema.safeParse(values);
    expect(parsed.error?.issues).toEqual([
      expect.objectContaining({ path: ['confirm_password'], message: PASSWORDS_DIFFER }),
    ]);
  });

  it("keeps the shared schema's own rules", () => {
    const parsed = schema.safeParse({ current_password: '', new_password: 'abc', confirm_password: 'abc' });
    expect(parsed.error?.issues.map((issue) => issue.message)).toEqual([
      'Current password is required',
      'Password must be at least 5 characters',
    ]);
  });
});
