import { describe, expect, it } from 'vitest';
import { ID_MAX, idOf, isoDate, optionalText, recordIdText, requiredText } from './fields';
import { usernameSchema } from './login';
import { emailSchema } from './password-reset';

function messageOf(result: { success: boolean; error?: { issues: { message: string }[] } }): string | undefined {
  return result.success ? undefined : result.error?.issues[0]?.message;
}

describe('text fields refuse a NUL character with their label', () => {
  it.each([
    ['Legal name', requiredText('Legal name', 200)],
    ['Notes', optionalText('Notes', 5000)],
    ['Username', usernameSchema],
    ['Email', emailSchema],
  ])('%s', (label, schema) => {
    expect(messageOf(schema.safeParse('ab\u0000c@ex.com'))).toBe(`${label} cannot contain NUL characters`);
  });
});

describe('ids are whole numbers from 1 to ID_MAX', () => {
  it('in a body', () => {
    const client = idOf('Client');
    expect(client.safeParse(ID_MAX).success).toBe(true);
    expect(messageOf(client.safeParse(ID_MAX + 1))).toBe('Client must be chosen from the list');
    expect(messageOf(client.safeParse(0))).toBe('Client must be chosen from the list');
    expect(messageOf(client.safeParse(undefined))).toBe('Client is required');
  });

  it('written as text', () => {
    const id = recordIdText('Not found');
    expect(id.safeParse(String(ID_MAX)).data).toBe(ID_MAX);
    for (const text of [String(ID_MAX + 1), '3000000000', '0', '-1', '1.5', 'abc', '1e400']) {
      expect(messageOf(id.safeParse(text)), text).toBe('Not found');
    }
  });
});

describe('dates run from 1900-01-01 to 2999-12-31', () => {
  const date = isoDate('Date');
  it('accepts both ends', () => {
    expect(date.safeParse('1900-01-01').success).toBe(true);
    expect(date.safeParse('2999-12-31').success).toBe(true);
  });

  it('refuses year 0 and dates outside, and says the range', () => {
    for (const text of ['0000-01-01', '1899-12-31', '3000-01-01', '9999-12-31']) {
      expect(messageOf(date.safeParse(text)), text).toBe('Date must be between 1900-01-01 and 2999-12-31');
    }
    expect(messageOf(date.safeParse('2026-02-30'))).toBe('Date must be a date (YYYY-MM-DD)');
  });
});
