import { describe, expect, it } from 'vitest';
import { UNEXPECTED_ERROR, errorToastText, nonJsonErrorMessage, pickErrorMessage } from './error-message';

describe('pickErrorMessage (SPEC 8)', () => {
  it('takes message first', () => {
    expect(pickErrorMessage({ message: 'From message', error: 'From error', msg: 'From msg' })).toBe('From message');
  });

  it("shows 'Failed to fetch' as 'Server disconnected'", () => {
    expect(pickErrorMessage({ message: 'Failed to fetch' })).toBe('Server disconnected');
  });

  it('takes error when there is no message, the first item of an array', () => {
    expect(pickErrorMessage({ error: 'Invalid username or password' })).toBe('Invalid username or password');
    expect(pickErrorMessage({ error: ['First problem', 'Second problem'] })).toBe('First problem');
    expect(pickErrorMessage({ message: '', error: 'From error' })).toBe('From error');
  });

  it("takes msg next, rewriting 'Token has expired'", () => {
    expect(pickErrorMessage({ msg: 'Missing cookie' })).toBe('Missing cookie');
    expect(pickErrorMessage({ msg: 'Token has expired' })).toBe('Token has expired please refresh');
    expect(pickErrorMessage({ msg: ['Token has expired'] })).toBe('Token has expired please refresh');
  });

  it('rewrites only the exact texts', () => {
    expect(pickErrorMessage({ error: 'Token has expired' })).toBe('Token has expired');
    expect(pickErrorMessage({ error: 'Failed to fetch' })).toBe('Failed to fetch');
    expect(pickErrorMessage({ message: 'Failed to fetch data' })).toBe('Failed to fetch data');
  });

  it('takes success last', () => {
    expect(pickErrorMessage({ success: 'Partly done' })).toBe('Partly done');
  });

  it('falls back to the unexpected error text', () => {
    expect(UNEXPECTED_ERROR).toBe('An unexpected error has occurred');
    for (const body of [{}, null, undefined, 'text', 42, { success: false }, { error: [] }, { message: '' }]) {
      expect(pickErrorMessage(body)).toBe('An unexpected error has occurred');
    }
  });

  it('skips an empty array and takes the next field', () => {
    expect(pickErrorMessage({ message: [], error: 'From error' })).toBe('From error');
  });
});

describe('nonJsonErrorMessage (SPEC 8)', () => {
  it('uses the status text, else Error {status}', () => {
    expect(nonJsonErrorMessage(502, 'Bad Gateway')).toBe('Bad Gateway');
    expect(nonJsonErrorMessage(502, '')).toBe('Error 502');
  });
});

describe('errorToastText (SPEC 8)', () => {
  it("formats '{title}: {message}'", () => {
    expect(errorToastText('Login failed', 'Server disconnected')).toBe('Login failed: Server disconnected');
  });
});
