import { useWatch, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { EXPENSE_CATEGORIES, EXPENSE_CATEGORY_LABELS, type ExpenseInput } from '@practice/shared';
import { CheckboxField } from '../../../components/checkbox-field';
import { FormField } from '../../../components/form-field';
import { SelectField } from '../../../components/select-field';
import { centsToInput, inputToCents } from '../../../lib/money-input';
import type { Expense } from '../api/time-views';
import { ClientField } from './client-field';
import { clientChoiceOf, type ClientChoice } from './client-picker';
import { MileageFields } from './mileage-fields';

/** The expense form as its inputs hold it. */
export type ExpenseFormValues = {
  client_id: ClientChoice | null;
  expense_date: string;
  category: string;
  description: string;
  /** Dollars as typed. */
  amount_cents: string;
  /** Mileage only: miles as typed. */
  miles: string;
  /** Percent as typed: "10" is 10%. */
  markup_basis_points: string;
  billable: boolean;
};

/** A new expense is dated the firm's today (ADR 0200). */
export function emptyExpenseValues(today: string): ExpenseFormValues {
  return {
    client_id: null,
    expense_date: today,
    category: '',
    description: '',
    amount_cents: '',
    miles: '',
    markup_basis_points: '',
    billable: true,
  };
}

export function expenseValuesOf(expense: Expense): ExpenseFormValues {
  return {
    client_id: clientChoiceOf(expense.client),
    expense_date: expense.expense_date,
    category: expense.category,
    description: expense.description,
    amount_cents: expense.miles === null ? centsToInput(expense.amount_cents) : '',
    miles: expense.miles === null ? '' : String(expense.miles),
    markup_basis_points: expense.markup_basis_points === 0 ? '' : centsToInput(expense.markup_basis_points),
    billable: expense.billable,
  };
}

export function expenseInputOf(values: ExpenseFormValues) {
  return {
    client_id: values.client_id?.id,
    expense_date: values.expense_date || undefined,
    category: values.category,
    description: values.description,
    // A mileage expense is priced by the server from its miles; others by their amount.
    amount_cents: values.category === 'mileage' ? undefined : (inputToCents(values.amount_cents) ?? undefined),
    miles: values.category === 'mileage' && values.miles.trim() !== '' ? Number(values.miles) : undefined,
    // Hundredths of a percent are basis points, so the money parser reads them exactly.
    markup_basis_points: inputToCents(values.markup_basis_points) ?? 0,
    billable: values.billable,
  };
}

type ExpenseFieldsProps<Output extends ExpenseInput> = {
  register: UseFormRegister<ExpenseFormValues>;
  control: Control<ExpenseFormValues, unknown, Output>;
  errors: FieldErrors<ExpenseFormValues>;
  /** A saved mileage expense's rate per mile, kept when it is edited. */
  keptRateMills?: number | null;
};

/** The fields an expense has, in the add form and the edit dialog alike. */
export function ExpenseFields<Output extends ExpenseInput>({
  register,
  control,
  errors,
  keptRateMills = null,
}: ExpenseFieldsProps<Output>) {
  const category = useWatch({ control, name: 'category' });
  return (
    <>
      <ClientField control={control} name="client_id" label="Expense client" error={errors.client_id?.message} />
      <FormField label="Expense date" type="date" error={errors.expense_date?.message} {...register('expense_date')} />
      <SelectField label="Category" error={errors.category?.message} {...register('category')}>
        <option value="">Choose...</option>
        {EXPENSE_CATEGORIES.map((category) => (
          <option key={category} value={category}>
            {EXPENSE_CATEGORY_LABELS[category]}
          </option>
        ))}
      </SelectField>
      {category === 'mileage' ? (
        <MileageFields
          register={register}
          control={control}
          error={errors.miles?.message}
          keptRateMills={keptRateMills}
        />
      ) : (
        <FormField
          label="Amount ($)"
          type="number"
          min={0}
          step="0.01"
          inputMode="decimal"
          error={errors.amount_cents?.message}
          {...register('amount_cents')}
        />
      )}
      <FormField
        label="Markup (%)"
        type="number"
        min={0}
        step="0.01"
        inputMode="decimal"
        placeholder="0"
        error={errors.markup_basis_points?.message}
        {...register('markup_basis_points')}
      />
      <CheckboxField label="Billable to the client" error={errors.billable?.message} {...register('billable')} />
      <div className="span-all">
        <FormField
          label="Description"
          autoComplete="off"
          error={errors.description?.message}
          {...register('description')}
        />
      </div>
    </>
  );
}
