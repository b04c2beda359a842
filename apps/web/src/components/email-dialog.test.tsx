import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-error';
import { EmailDialog, type EmailInput } from './email-dialog';

const NO_RECIPIENT = "This client has no invoice e-mail: enter the recipient's address";

function show(send: (input: EmailInput) => Promise<string[]>, defaultTo: string | null = 'ap@zoe.example') {
  const onSent = vi.fn();
  render(
    <EmailDialog
      title="E-mail invoice 2026-0001"
      defaultTo={defaultTo}
      send={send}
      onClose={vi.fn()}
      onSent={onSent}
    />,
  );
  return { onSent };
}

function typeInto(label: string, value: string): void {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function clickSend(): void {
  fireEvent.click(screen.getByRole('button', { name: 'Send' }));
}

describe('the e-mail dialog of invoices and statements', () => {
  beforeAll(() => {
    // jsdom has no modal dialogs: opening one only marks it open.
    HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
      this.open = true;
    };
  });
  afterEach(cleanup);

  it('starts with the given address and sends the recipients, split at commas, and the message', async () => {
    const send = vi.fn(async (input: EmailInput) => input.to ?? []);
    const { onSent } = show(send);
    expect(screen.getByRole('dialog', { name: 'E-mail invoice 2026-0001' })).toBeTruthy();
    expect(screen.getByLabelText('To')).toHaveProperty('value', 'ap@zoe.example');
    typeInto('To', 'a@x.example, b@x.example;c@x.example');
    typeInto('Message (optional)', 'Thanks');
    clickSend();
    await vi.waitFor(() => expect(onSent).toHaveBeenCalledWith(['a@x.example', 'b@x.example', 'c@x.example']));
    expect(send).toHaveBeenCalledWith({ to: ['a@x.example', 'b@x.example', 'c@x.example'], message: 'Thanks' });
  });

  it('reports the addresses the target answers it sent to', async () => {
    const { onSent } = show(async () => ['ap@zoe.example'], null);
    clickSend();
    await vi.waitFor(() => expect(onSent).toHaveBeenCalledWith(['ap@zoe.example']));
  });

  it('refuses a malformed address under the To field without sending', async () => {
    const send = vi.fn(async () => []);
    show(send);
    typeInto('To', 'a@x.example, not-an-address');
    clickSend();
    expect(await screen.findByText('Each recipient must be a valid e-mail address')).toBeTruthy();
    expect(screen.getByLabelText('To').getAttribute('aria-invalid')).toBe('true');
    expect(send).not.toHaveBeenCalled();
  });

  it("puts the server's refusal of the recipients under the To field, and other failures on top", async () => {
    const refused = new ApiError(NO_RECIPIENT, 400, NO_RECIPIENT, false, { to: NO_RECIPIENT });
    const send = vi.fn<(input: EmailInput) => Promise<string[]>>().mockRejectedValueOnce(refused);
    const { onSent } = show(send, null);
    clickSend();
    expect(await screen.findByText(NO_RECIPIENT)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();

    send.mockRejectedValueOnce(new ApiError('Issue the invoice before e-mailing it', 409, null));
    clickSend();
    expect((await screen.findByRole('alert')).textContent).toBe('Issue the invoice before e-mailing it');
    expect(onSent).not.toHaveBeenCalled();
  });
});
