import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PortalInvoice } from '@practice/shared';
import { ApiError } from '../../../lib/api-error';
import { openPortalSession } from '../api/portal-api';
import { AccessCodeForm } from './access-code-form';

vi.mock('../api/portal-api', async (original) => ({
  ...(await original<typeof import('../api/portal-api')>()),
  openPortalSession: vi.fn<(accessCode: string) => Promise<PortalInvoice>>(),
}));

const open = vi.mocked(openPortalSession);

function show(initialError?: string): HTMLElement {
  render(
    <MemoryRouter>
      <AccessCodeForm initialError={initialError} />
    </MemoryRouter>,
  );
  return screen.getByLabelText('Access code');
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Open invoice' }));

/** Under the field, read with it, and focused; nothing on top. */
async function expectRefused(field: HTMLElement, message: string): Promise<void> {
  const error = await screen.findByText(message);
  expect(field.getAttribute('aria-invalid')).toBe('true');
  expect(field.getAttribute('aria-describedby')).toBe(error.id);
  expect(document.activeElement).toBe(field);
  expect(screen.queryByRole('alert')).toBeNull();
}

describe('the access-code form (client portal)', () => {
  beforeEach(() => open.mockReset());
  afterEach(cleanup);

  it('shows why the page sent him here on top, and a refusal of the code he types under its field', async () => {
    const field = show('Invalid access code');
    expect(screen.getByRole('alert').textContent).toBe('Invalid access code');
    expect(field.getAttribute('aria-invalid')).toBeNull();

    submit();
    await expectRefused(field, 'Enter the access code from your invoice');
    expect(open).not.toHaveBeenCalled();

    open.mockRejectedValueOnce(new ApiError('Invalid access code', 404, 'Invalid access code'));
    fireEvent.change(field, { target: { value: 'WRONG' } });
    expect(field.getAttribute('aria-invalid')).toBeNull();
    submit();
    await expectRefused(field, 'Invalid access code');
  });

  it('shows a failure to reach the server on top, the field left as it is', async () => {
    open.mockRejectedValueOnce(new ApiError('The server could not be reached', 0, null, true));
    const field = show();
    fireEvent.change(field, { target: { value: 'ABCDEFGHJKLM' } });
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('The server could not be reached');
    expect(field.getAttribute('aria-invalid')).toBeNull();
  });
});
