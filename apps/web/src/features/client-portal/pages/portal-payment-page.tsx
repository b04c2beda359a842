import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { formatDate, formatMoney, type PortalCheckout, type PortalInvoice } from '@practice/shared';
import { FormField } from '../../../components/form-field';
import { QueryError } from '../../../components/query-error';
import { publicPaths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-error';
import { centsToInput, inputToCents } from '../../../lib/money-input';
import { useDocumentTitle } from '../../../lib/use-document-title';
import {
  fetchPortalCheckout,
  fetchPortalInvoice,
  providerCheckoutHref,
  sessionEnded,
  startPortalPayment,
} from '../api/portal-api';
import { AccessCodeForm } from '../components/access-code-form';
import { PortalFrame } from '../components/portal-frame';
import { PORTAL_INVOICE_KEY } from './portal-invoice-page';

const money = (cents: number) => formatMoney(cents, { decimals: true });
const INVOICE_HREF = publicPaths.clientPortalInvoice.getHref();

/** One key per amount the client means to pay: a double click or a retry sends the same one. */
function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function BackToInvoice() {
  return (
    <p>
      <Link to={INVOICE_HREF}>Back to the invoice</Link>
    </p>
  );
}

/** A refusal that belongs to the amount field; a new object each time, so that a repeat moves focus again. */
type AmountError = { message: string };

/**
 * Pay the whole balance or part of it; the card is given to the provider on its own page, never to us.
 * A refused amount, the page's check or the server's (its `details.amount_cents`), shows under the
 * field and moves focus to it, so a screen reader reads it with the field (UI.md, Forms); the
 * rest shows on top. With the whole balance chosen there is no field: every refusal is on top.
 * A refusal by the server means the balance changed since the page read it (the firm recorded a
 * payment): the invoice is read again, so the balance shown is the one the message speaks of.
 */
export function PaymentForm({ data }: { data: PortalInvoice }) {
  const balance = data.invoice.balance_cents;
  const [choice, setChoice] = useState<'all' | 'part'>('all');
  const [amountText, setAmountText] = useState(centsToInput(balance));
  const [amountError, setAmountError] = useState<AmountError | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();
  const key = useRef(newKey());
  const amountInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    // After the render that marked the field invalid, so that focus reads its new state.
    if (amountError) amountInput.current?.focus();
  }, [amountError]);
  const changed = () => {
    key.current = newKey();
    setAmountError(null);
    setFormError(null);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setAmountError(null);
    setFormError(null);
    const cents = choice === 'all' ? balance : inputToCents(amountText);
    if (Number.isNaN(cents)) {
      setAmountError({ message: 'Enter the amount in dollars and cents, such as 125.50' });
      return;
    }
    if (cents === null || cents <= 0) {
      setAmountError({ message: 'Enter an amount more than $0.00' });
      return;
    }
    if (cents > balance) {
      setAmountError({ message: `The amount must be at most the balance of ${money(balance)}` });
      return;
    }
    setBusy(true);
    try {
      const checkout = await startPortalPayment(cents, key.current);
      if (!checkout.url) throw new ApiError('The payment could not be started', 0, null);
      window.location.assign(providerCheckoutHref(checkout.url));
    } catch (caught) {
      const aboutAmount = caught instanceof ApiError ? caught.details.amount_cents : undefined;
      if (caught instanceof ApiError && (caught.status === 409 || caught.status === 422)) {
        void queryClient.invalidateQueries({ queryKey: PORTAL_INVOICE_KEY });
      }
      if (aboutAmount && choice === 'part') setAmountError({ message: aboutAmount });
      else setFormError(caught instanceof Error ? caught.message : 'An unexpected error occurred');
      setBusy(false);
    }
  }

  return (
    <form className="portal-card" onSubmit={submit} noValidate aria-labelledby="portal-pay-title">
      <h1 id="portal-pay-title">Pay invoice {data.invoice.number}</h1>
      <p>
        Balance due: <strong>{money(balance)}</strong>
      </p>
      {formError && (
        <p className="form-error" role="alert">
          {formError}
        </p>
      )}
      <fieldset className="portal-choice">
        <legend>How much do you want to pay?</legend>
        <label>
          <input
            type="radio"
            name="amount_choice"
            checked={choice === 'all'}
            onChange={() => {
              setChoice('all');
              changed();
            }}
          />{' '}
          The whole balance ({money(balance)})
        </label>
        <label>
          <input
            type="radio"
            name="amount_choice"
            checked={choice === 'part'}
            onChange={() => {
              setChoice('part');
              changed();
            }}
          />{' '}
          Part of it
        </label>
      </fieldset>
      {choice === 'part' && (
        <FormField
          ref={amountInput}
          label="Amount to pay ($)"
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          error={amountError?.message}
          value={amountText}
          onChange={(event) => {
            setAmountText(event.target.value);
            changed();
          }}
        />
      )}
      <p className="muted">You enter your card on the payment provider&rsquo;s secure page next.</p>
      <div className="button-row">
        <button className="button button-primary button-large" type="submit" disabled={busy}>
          {busy ? 'Starting payment...' : 'Continue to payment'}
        </button>
      </div>
      <BackToInvoice />
    </form>
  );
}

/** After the provider's page: waits for its confirmation (the webhook), then the receipt or the reason. */
function CheckoutResult({ checkoutId, data }: { checkoutId: string; data: PortalInvoice }) {
  const query = useQuery({
    queryKey: ['client-portal', 'checkout', checkoutId],
    queryFn: () => fetchPortalCheckout(checkoutId),
    retry: false,
    refetchInterval: (state) => (state.state.data?.status === 'open' ? 1000 : false),
  });
  const queryClient = useQueryClient();
  const settled = query.data !== undefined && query.data.status !== 'open';
  useEffect(() => {
    // The invoice's balance and payments changed: the invoice page must not show the old ones.
    if (settled) void queryClient.invalidateQueries({ queryKey: PORTAL_INVOICE_KEY });
  }, [settled, queryClient]);
  if (query.isError) return <QueryError error={query.error} />;
  const checkout: PortalCheckout | undefined = query.data;
  if (!checkout || checkout.status === 'open') {
    return (
      <section className="portal-card" aria-labelledby="portal-wait-title">
        <h1 id="portal-wait-title">Confirming your payment</h1>
        <p className="loading-page" role="status">
          <span className="spinner" aria-hidden="true" />
          Waiting for the payment provider to confirm...
        </p>
      </section>
    );
  }
  if (checkout.status === 'failed') {
    return (
      <section className="portal-card" aria-labelledby="portal-failed-title">
        <h1 id="portal-failed-title">Payment not completed</h1>
        <p className="form-error" role="alert">
          {checkout.failure_message ?? 'The payment failed'}
        </p>
        <div className="button-row">
          <Link className="button button-primary" to={publicPaths.clientPortalPayment.getHref()}>
            Try again
          </Link>
        </div>
        <BackToInvoice />
      </section>
    );
  }
  return (
    <section className="portal-card portal-receipt" aria-labelledby="portal-receipt-title">
      <h1 id="portal-receipt-title">Payment received</h1>
      <p className="form-success" role="status">
        Thank you: your payment of {money(checkout.amount_cents)} was received.
      </p>
      <dl className="portal-facts">
        <dt>Invoice</dt>
        <dd>{data.invoice.number}</dd>
        <dt>Amount paid</dt>
        <dd>{money(checkout.amount_cents)}</dd>
        <dt>Date</dt>
        <dd>{formatDate(checkout.payment?.payment_date, { long: true })}</dd>
        <dt>Receipt number</dt>
        <dd>{checkout.payment ? `P-${checkout.payment.id}` : ''}</dd>
        <dt>Balance remaining</dt>
        <dd>{money(checkout.balance_cents)}</dd>
      </dl>
      <p className="muted">A receipt is e-mailed to the address the firm has for your invoices.</p>
      <BackToInvoice />
    </section>
  );
}

/** /client-portal/payment (SPEC 2, public): the payment form, and on return from the provider its receipt. */
export default function PortalPaymentPage() {
  const checkoutId = useSearchParams()[0].get('checkout');
  useDocumentTitle(checkoutId ? 'Payment Receipt' : 'Pay Invoice');
  const query = useQuery({ queryKey: PORTAL_INVOICE_KEY, queryFn: fetchPortalInvoice, retry: false });

  let body;
  if (query.isPending) {
    body = (
      <p className="loading-page" role="status">
        <span className="spinner" aria-hidden="true" />
        Loading your invoice...
      </p>
    );
  } else if (query.isError) {
    body = sessionEnded(query.error) ? (
      <AccessCodeForm initialError={query.error.message} />
    ) : (
      <QueryError error={query.error} />
    );
  } else if (checkoutId) {
    body = <CheckoutResult checkoutId={checkoutId} data={query.data} />;
  } else if (!query.data.payable) {
    body = (
      <section className="portal-card">
        <h1>Nothing to pay</h1>
        <p>This invoice has no balance left to pay.</p>
        <BackToInvoice />
      </section>
    );
  } else {
    body = <PaymentForm data={query.data} />;
  }
  return <PortalFrame firm={query.data?.firm}>{body}</PortalFrame>;
}
