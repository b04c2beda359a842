import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PortalCheckout, PortalInvoice } from '@practice/shared';
import { ApiError } from '../../../lib/api-error';
import { startPortalPayment } from '../api/portal-api';
import { PORTAL_INVOICE_KEY } from './portal-invoice-page';
import { PaymentForm } from './portal-payment-page';

vi.mock('../api/portal-api', async (original) => ({
  ...(await original<typeof import('../api/portal-api')>()),
  startPortalPayment: vi.fn<(amountCents: number, key: string) => Promise<PortalCheckout>>(),
}));

const start = vi.mocked(startPortalPayment);
const ABOVE_BALANCE = 'The amount must be at most the balance of $25.00';
const NOTHING_TO_PAY = 'This invoice has nothing left to pay';

const invoice = {
  invoice: { id: 7, number: 'INV-0007', balance_cents: 12_500 },
  payable: true,
} as PortalInvoice;

/** Renders the form; its query client tells whether the invoice was marked to be read again. */
function show(): QueryClient {
  const queryClient = new QueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <PaymentForm data={invoice} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return queryClient;
}

const invoiceReadAgain = (queryClient: QueryClient) =>
  queryClient.getQueryCache().find({ queryKey: PORTAL_INVOICE_KEY })?.state.isInvalidated === true;

function payPart(text: string): HTMLElement {
  fireEvent.click(screen.getByLabelText('Part of it'));
  const amount = screen.getByLabelText('Amount to pay ($)');
  fireEvent.change(amount, { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
  return amount;
}

/** The field is invalid, described by the message under it, and has focus: a screen reader reads them together. */
async function expectRefused(amount: HTMLElement, message: string): Promise<void> {
  const error = await screen.findByText(message);
  expect(amount.getAttribute('aria-invalid')).toBe('true');
  expect(amount.getAttribute('aria-describedby')?.split(' ')).toContain(error.id);
  expect(document.activeElement).toBe(amount);
  expect(screen.queryByRole('alert')).toBeNull();
}

describe('the portal payment form (/client-portal/payment)', () => {
  beforeEach(() => start.mockReset());
  afterEach(cleanup);

  it("puts the page's refusal of the amount under the field, and clears it when the amount changes", async () => {
    show();
    const amount = payPart('125.01');
    await expectRefused(amount, 'The amount must be at most the balance of $125.00');
    fireEvent.change(amount, { target: { value: '0' } });
    expect(amount.getAttribute('aria-invalid')).toBeNull();
    expect(amount.getAttribute('aria-describedby')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await expectRefused(amount, 'Enter an amount more than $0.00');
    fireEvent.change(amount, { target: { value: '12abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await expectRefused(amount, 'Enter the amount in dollars and cents, such as 125.50');
    expect(start).not.toHaveBeenCalled();
  });

  it("puts the server's refusal of the amount under the field, and its other refusals on top", async () => {
    start.mockRejectedValueOnce(
      new ApiError(ABOVE_BALANCE, 422, ABOVE_BALANCE, false, { amount_cents: ABOVE_BALANCE }),
    );
    const queryClient = show();
    queryClient.setQueryData(PORTAL_INVOICE_KEY, invoice);
    const amount = payPart('50');
    await expectRefused(amount, ABOVE_BALANCE);
    expect(start).toHaveBeenCalledWith(5000, expect.stringMatching(/^[0-9a-f]{32}$/));
    // The balance changed on the server: the page reads the invoice again to show the new one.
    expect(invoiceReadAgain(queryClient)).toBe(true);

    start.mockRejectedValueOnce(new ApiError(NOTHING_TO_PAY, 409, NOTHING_TO_PAY));
    fireEvent.change(amount, { target: { value: '20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect((await screen.findByRole('alert')).textContent).toBe(NOTHING_TO_PAY);
    expect(amount.getAttribute('aria-invalid')).toBeNull();
  });

  it('shows a refusal of the whole balance on top: there is no amount field to put it under', async () => {
    start.mockRejectedValueOnce(
      new ApiError(ABOVE_BALANCE, 422, ABOVE_BALANCE, false, { amount_cents: ABOVE_BALANCE }),
    );
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect((await screen.findByRole('alert')).textContent).toBe(ABOVE_BALANCE);
    expect(start).toHaveBeenCalledWith(12_500, expect.any(String));
    expect(screen.queryByLabelText('Amount to pay ($)')).toBeNull();
  });
});
