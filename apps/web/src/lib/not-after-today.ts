import type { FieldError, FieldValues, Path, Resolver } from 'react-hook-form';
import { dateAfterToday } from '@practice/shared';

/**
 * The form's resolver, and a money date after the firm's today refused before sending, in the
 * server's words (ADR 0200): a payment or invoice dated ahead would count as collected or
 * billed while the AR balance as of today leaves it out.
 */
export function notAfterToday<Form extends FieldValues, Output>(
  resolver: Resolver<Form, unknown, Output>,
  field: Path<Form> & keyof Form,
  label: string,
  today: string,
): Resolver<Form, unknown, Output> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    const date: unknown = values[field];
    if (typeof date !== 'string' || date === '' || date <= today) return result;
    const error: FieldError = { type: 'max', message: dateAfterToday(label, today) };
    return { values: {}, errors: { ...result.errors, [field]: error } } as Awaited<ReturnType<typeof resolver>>;
  };
}
