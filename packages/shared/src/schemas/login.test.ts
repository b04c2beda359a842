import { describe, expect, it } from 'vitest';
import { loginSchema } from './login';

/** The message the form shows for each field: its first problem. */
function firstMessages(input: unknown): Record<string, string> {
  const result = loginSchema.safeParse(input);
  const messages: Record<string, string> = {};
  for (const issue of result.success ? [] : result.error.issues) messages[String(issue.path[0])] ??= issue.message;
  return messages;
}

describe('loginSchema (SPEC 5 messages, verbatim)', () => {
  it('accepts 5 to 15 characters for both fields', () => {
    expect(loginSchema.safeParse({ username: 'admin', password: 'a'.repeat(15) }).success).toBe(true);
    expect(firstMessages({ username: 'a'.repeat(15), password: 'abcde' })).toEqual({});
  });

  it('requires both fields', () => {
    expect(firstMessages({})).toEqual({ username: 'Username is required', password: 'Password is required' });
    expect(firstMessages({ username: '', password: '' })).toEqual({
      username: 'Username is required',
      password: 'Password is required',
    });
  });

  it('needs at least 5 characters', () => {
    expect(firstMessages({ username: 'abcd', password: 'abcd' })).toEqual({
      username: 'Username must be at least 5 characters',
      password: 'Password must be at least 5 characters',
    });
  });

  it('allows at most 15 characters', () => {
    expect(firstMessages({ username: 'a'.repeat(16), password: 'b'.repeat(16) })).toEqual({
      username: 'Username must be at most 15 characters',
      password: 'Password must be at most 15 characters',
    });
  });

  it('refuses a value that is not text as missing', () => {
    expect(firstMessages({ username: 12345, password: null })).toEqual({
      username: 'Username is required',
      password: 'Password is required',
    });
  });
});
