import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { formatMoney, invoiceAdjustmentSchema, invoiceVoidSchema } from '@practice/shared';
import { FormField } from '../../../components/form-field';
import { Modal } from '../../../components/modal';
import { schemaResolver } from '../../../lib/form-resolver';
import { inputToCents } from '../../../lib/money-input';
import { showServerErrors } from '../../../lib/server-form-errors';
import { useAdjustInvoice } from '../api/adjust-invoice';
import type { Invoice } from '../api/invoice-views';

export type AdjustKind = 'void' | 'credit-memo' | 'write-off';

const TITLES: Record<AdjustKind, string> = {
  void: 'Void invoice',
  'credit-memo': 'Credit memo',
  'write-off': 'Write off',
};

type AdjustFormValues = { amount_cents: string; reason: string };
type AdjustInput = { amount_cents?: number; reason: string };

type AdjustDialogProps = { invoice: Invoice; kind: AdjustKind; onClose: () => void; onDone: (message: string) => void };

/**
 * Void (with its reason; the items go back to WIP), a credit memo or a write-off (an
 * amount up to the balance, with its reason): each states the client and the amount first.
 */
export function AdjustDialog({ invoice, kind, onClose, onDone }: AdjustDialogProps) {
  const adjust = useAdjustInvoice(invoice.id);
  const [formError, setFormError] = useState<string | null>(null);
  const isVoid = kind === 'void';
  const { register, handleSubmit, formState, setError } = useForm<AdjustFormValues, unknown, AdjustInput>({
    defaultValues: { amount_cents: '', reason: '' },
    resolver: isVoid
      ? schemaResolver(invoiceVoidSchema, (values: AdjustFormValues) => ({ reason: values.reason }))
      : schemaResolver(invoiceAdjustmentSchema, (values: AdjustFormValues) => ({
          amount_cents: inputToCents(values.amount_cents) ?? undefined,
          reason: values.reason,
        })),
  });
  const { errors } = formState;
  const balance = formatMoney(invoice.balance_cents, { decimals: true });

  async function submit(input: AdjustInput): Promise<void> {
    setFormError(null);
    try {
      if (kind === 'void') await adjust.mutateAsync({ kind, input: { reason: input.reason } });
      else await adjust.mutateAsync({ kind, input: { amount_cents: input.amount_cents ?? 0, reason: input.reason } });
      onDone(
        isVoid
          ? `Invoice ${invoice.number ?? ''} is void; its items are back in work in progress.`
          : `${TITLES[kind]} of ${formatMoney(input.amount_cents ?? 0, { decimals: true })} recorded.`,
      );
    } catch (error) {
      setFormError(showServerErrors(error, setError, (name) => name === 'reason' || name === 'amount_cents'));
    }
  }

  return (
    <Modal open title={`${TITLES[kind]} ${invoice.number ?? ''}`} onClose={onClose}>
      <form noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
        {formError && (
          <p className="form-error" role="alert">
            {formError}
          </p>
        )}
        <p>
          {isVoid
            ? `Voiding cancels ${formatMoney(invoice.total_cents, { decimals: true })} billed to ${invoice.client.legal_name} with a reversing ledger entry, and puts its items back in work in progress.`
            : `${invoice.client.legal_name} owes ${balance} on this invoice; the amount can be at most that.`}
        </p>
        {!isVoid && (
          <FormField
            label="Amount ($)"
            inputMode="decimal"
            data-autofocus
            error={errors.amount_cents?.message}
            {...register('amount_cents')}
          />
        )}
        <FormField
          label="Reason"
          data-autofocus={isVoid ? true : undefined}
          error={errors.reason?.message}
          {...register('reason')}
        />
        <div className="form-actions">
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button
            type="submit"
            className={`button ${isVoid ? 'button-danger' : 'button-primary'}`}
            disabled={formState.isSubmitting}
          >
            {formState.isSubmitting ? 'Working...' : TITLES[kind]}
          </button>
        </div>
      </form>
    </Modal>
  );
}
