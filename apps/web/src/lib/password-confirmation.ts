import { z } from 'zod/mini';

export const PASSWORDS_DIFFER = 'The two new passwords do not match';

/**
 * A form schema: the shared schema of a password change plus a "confirm" field that must
 * repeat `field`. The confirmation never leaves the browser; the server checks the rest.
 */
export function withConfirmation<Shape extends z.core.$ZodShape>(schema: z.ZodMiniObject<Shape>, field: keyof Shape) {
  return z.extend(schema, { confirm_password: z.string() }).check(
    z.refine(
      (values) => {
        const typed = values as Record<keyof Shape | 'confirm_password', unknown>;
        return typed[field] === typed.confirm_password;
      },
      {
        message: PASSWORDS_DIFFER,
        path: ['confirm_password'],
      },
    ),
  );
}
