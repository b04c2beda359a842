import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { showServerErrors } from './server-form-errors';

describe('showServerErrors', () => {
  const fields = (name: string) => ['client_id', 'contacts'].includes(name.split('.')[0] ?? '');

  it('puts field errors under their fields, focusing the first, and leaves no message on top', () => {
    const setError = vi.fn();
    const error = new ApiError('Client ID C-1 is already in use', 409, 'Client ID C-1 is already in use', false, {
      client_id: 'Client ID C-1 is already in use',
      'contacts.1.email': 'Contact e-mail must be a valid e-mail address',
    });
    expect(showServerErrors(error, setError, fields)).toBeNull();
    expect(setError.mock.calls).toEqual([
      ['client_id', { type: 'server', message: 'Client ID C-1 is already in use' }, { shouldFocus: true }],
      [
        'contacts.1.email',
        { type: 'server', message: 'Contact e-mail must be a valid e-mail address' },
        { shouldFocus: false },
      ],
    ]);
  });

  it('answers the message for the top of the form when no field of the form takes it', () => {
    const setError = vi.fn();
    const stale = new ApiError('This client was changed by someone else. Reload it and try again.', 409, null);
    expect(showServerErrors(stale, setError, fields)).toBe(
      'This client was changed by someone else. Reload it and try again.',
    );
    const elsewhere = new ApiError('Version is required', 400, null, false, { version: 'Version is required' });
    expect(showServerErrors(elsewhere, setError, fields)).toBe('Version is required');
    expect(setError).not.toHaveBeenCalled();
  });

  it('shows a failure that is no API answer by its message', () => {
    expect(
      showServerErrors(new Error('The server answered in a form this page does not understand'), vi.fn(), fields),
    ).toBe('The server answered in a form this page does not understand');
  });
});
