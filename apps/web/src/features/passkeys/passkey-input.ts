import { passkeyRegistrationSchema, passkeyRenameSchema, passkeyUsernameSchema } from '@practice/shared';

export type Checked<T> = { ok: true; value: T } | { ok: false; error: string };

function checked<T>(
  parsed: { success: true; data: T } | { success: false; error: { issues: { message: string }[] } },
): Checked<T> {
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, error: parsed.error.issues[0]?.message ?? 'Invalid value' };
}

/** SPEC 5: passkey sign-in needs a username ('Username is required'), trimmed. */
export function checkUsername(username: string | null | undefined): Checked<string> {
  return checked(passkeyUsernameSchema.safeParse(username ?? ''));
}

/** SPEC 5: registration needs a non-empty device name, trimmed. */
export function checkDeviceName(name: string | null | undefined): Checked<string> {
  return checked(passkeyRegistrationSchema.shape.device_name.safeParse(name ?? ''));
}

/** SPEC 5: renaming needs a non-empty new name, trimmed. */
export function checkNewDeviceName(name: string | null | undefined): Checked<string> {
  return checked(passkeyRenameSchema.shape.device_name.safeParse(name ?? ''));
}

export const CREDENTIAL_ID_REQUIRED = 'Credential ID is required';

/** SPEC 5: revoking and renaming name the credential by its id (ADR 0035: a positive row id). */
export function checkCredentialId(id: number | null | undefined): Checked<number> {
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0
    ? { ok: true, value: id }
    : { ok: false, error: CREDENTIAL_ID_REQUIRED };
}
