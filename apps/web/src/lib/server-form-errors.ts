import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-error';

/**
 * Puts a refused save's field errors (`details` of a 400, 404 or 409 answer) under the
 * fields the form has, and returns the message for the top of the form: the server's
 * message when no field took it, else null.
 */
export function showServerErrors<Form extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<Form>,
  fieldNames: (name: string) => boolean,
): string | null {
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : String(error);
  let placed = false;
  for (const [name, message] of Object.entries(error.details)) {
    if (!fieldNames(name)) continue;
    setError(name as Path<Form>, { type: 'server', message }, { shouldFocus: !placed });
    placed = true;
  }
  return placed ? null : error.message;
}
