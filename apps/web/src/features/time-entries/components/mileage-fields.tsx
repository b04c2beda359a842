import { useWatch, type Control, type UseFormRegister } from 'react-hook-form';
import {
  formatMileageRate,
  formatMiles,
  formatMoney,
  mileageAmountCents,
  milesToTenths,
  type ExpenseInput,
} from '@practice/shared';
import { FormField } from '../../../components/form-field';
import { useMileageRate } from '../api/mileage-rate';
import type { ExpenseFormValues } from './expense-fields';

type MileageFieldsProps<Output extends ExpenseInput> = {
  register: UseFormRegister<ExpenseFormValues>;
  control: Control<ExpenseFormValues, unknown, Output>;
  error: string | undefined;
  /** The rate a saved mileage expense keeps; a new one takes the firm's rate. */
  keptRateMills: number | null;
};

/** Miles in place of an amount, with what they come to at the rate per mile (docs/decisions/0106). */
export function MileageFields<Output extends ExpenseInput>({
  register,
  control,
  error,
  keptRateMills,
}: MileageFieldsProps<Output>) {
  const firmRate = useMileageRate();
  const typed = useWatch({ control, name: 'miles' });
  const rate = keptRateMills ?? firmRate.data ?? null;
  const tenths = typed.trim() === '' ? Number.NaN : milesToTenths(Number(typed));
  const hint =
    rate === null
      ? 'Priced at the firm’s rate per mile.'
      : Number.isFinite(tenths) && tenths > 0
        ? `${formatMiles(tenths)} mi × ${formatMileageRate(rate)} = ${formatMoney(mileageAmountCents(tenths, rate), { decimals: true })}`
        : `At ${formatMileageRate(rate)} a mile.`;
  return (
    <FormField
      label="Miles"
      type="number"
      min={0}
      step="0.1"
      inputMode="decimal"
      error={error}
      hint={<span aria-live="polite">{hint}</span>}
      {...register('miles')}
    />
  );
}
