import type { FieldValues, Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type * as z from 'zod/v4/core';

/**
 * A react-hook-form resolver for a form whose inputs hold text (hours, dollars) while the
 * shared schema takes the API's shape (minutes, cents): `toInput` converts (leaving what it
 * cannot convert for the schema to refuse), the schema the server also applies validates,
 * and its messages land on the fields of the same names.
 */
export function schemaResolver<Form extends FieldValues, Schema extends z.$ZodType<FieldValues, FieldValues>>(
  schema: Schema,
  toInput: (values: Form) => unknown,
): Resolver<Form, unknown, z.output<Schema>> {
  const validate = zodResolver(schema);
  return (values, context, options) =>
    validate(toInput(values) as z.input<Schema>, context, options as never) as ReturnType<
      Resolver<Form, unknown, z.output<Schema>>
    >;
}
