import { z } from 'zod/mini';
import { passkeyCredentialSchema, type PasskeyCredential } from '@practice/shared';
import { api } from '../../../lib/api';
import { parseAnswer } from '../../../lib/api-answer';
import { ApiError } from '../../../lib/api-error';
import { checkCredentialId, checkNewDeviceName } from '../passkey-input';
import { API_FALLBACKS } from '../passkey-messages';

const listSchema = z.object({ credentials: z.array(passkeyCredentialSchema) });
const credentialAnswerSchema = z.object({ credential: passkeyCredentialSchema });

/** A refusal the page shows as it is: the server's message, else the SPEC 8 fallback. */
export class PasskeyCallError extends Error {
  constructor(
    message: string,
    /** ADR 0033: the server wants the current password before it goes on. */
    readonly needsPassword: boolean = false,
  ) {
    super(message);
    this.name = 'PasskeyCallError';
  }
}

function refusal(error: unknown, fallback: string, networkFallback = fallback): PasskeyCallError {
  if (!(error instanceof ApiError)) return new PasskeyCallError(fallback);
  if (error.status === 403 && error.details.current_password) {
    return new PasskeyCallError(error.details.current_password, true);
  }
  if (error.network) return new PasskeyCallError(networkFallback);
  return new PasskeyCallError(error.serverMessage ?? fallback);
}

/** GET /api/webauthn/credentials: the user's passkeys (at most one, SPEC 9). */
export async function listPasskeys(): Promise<PasskeyCredential[]> {
  let answer: unknown;
  try {
    answer = await api.get('/api/webauthn/credentials');
  } catch (error) {
    throw refusal(error, API_FALLBACKS.credentials, API_FALLBACKS.credentialsNetwork);
  }
  return parseAnswer(listSchema, answer).credentials;
}

/** PATCH /api/webauthn/credentials/{id} {device_name} answering {credential}. */
export async function renamePasskey(id: number | null, deviceName: string): Promise<PasskeyCredential> {
  const checkedId = checkCredentialId(id);
  if (!checkedId.ok) throw new PasskeyCallError(checkedId.error);
  const name = checkNewDeviceName(deviceName);
  if (!name.ok) throw new PasskeyCallError(name.error);
  try {
    const answer = await api.patch(`/api/webauthn/credentials/${checkedId.value}`, { device_name: name.value });
    return parseAnswer(credentialAnswerSchema, answer).credential;
  } catch (error) {
    throw error instanceof PasskeyCallError ? error : refusal(error, API_FALLBACKS.update);
  }
}

/** DELETE /api/webauthn/credentials/{id}, with {current_password} once the server has asked for it. */
export async function revokePasskey(id: number | null, currentPassword?: string): Promise<void> {
  const checkedId = checkCredentialId(id);
  if (!checkedId.ok) throw new PasskeyCallError(checkedId.error);
  const body = currentPassword === undefined ? undefined : { current_password: currentPassword };
  try {
    await api.delete(`/api/webauthn/credentials/${checkedId.value}`, body);
  } catch (error) {
    throw refusal(error, API_FALLBACKS.revoke);
  }
}
