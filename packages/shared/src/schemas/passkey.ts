import { z } from 'zod/mini';
import { withoutNul } from './fields';

export const DEVICE_NAME_MAX = 100;
const BINARY_MAX = 65_536;

function deviceName(requiredMessage: string) {
  return z
    .string({ error: requiredMessage })
    .check(
      z.trim(),
      z.minLength(1, requiredMessage),
      z.maxLength(DEVICE_NAME_MAX, `Device name must be at most ${DEVICE_NAME_MAX} characters`),
      withoutNul('Device name'),
    );
}

/** SPEC 3: binary values travel as URL-safe base64 without padding. */
const base64url = z.string().check(z.maxLength(BINARY_MAX), z.regex(/^[A-Za-z0-9_-]*$/, 'Invalid passkey response'));

const extensionResults = z.record(z.string(), z.unknown());
const attachment = z.optional(z.enum(['cross-platform', 'platform']));

/** SPEC 3 passkey registration result, as @simplewebauthn/browser produces it. */
export const registrationCredentialSchema = z.object(
  {
    id: base64url,
    rawId: base64url,
    type: z.literal('public-key'),
    clientExtensionResults: extensionResults,
    authenticatorAttachment: attachment,
    response: z.object({
      attestationObject: base64url,
      clientDataJSON: base64url,
      transports: z.optional(z.array(z.string().check(z.maxLength(32))).check(z.maxLength(10))),
      publicKeyAlgorithm: z.optional(z.number()),
      publicKey: z.optional(base64url),
      authenticatorData: z.optional(base64url),
    }),
  },
  { error: 'Invalid passkey response' },
);

/** SPEC 3 passkey authentication result. */
export const authenticationCredentialSchema = z.object(
  {
    id: base64url,
    rawId: base64url,
    type: z.literal('public-key'),
    clientExtensionResults: extensionResults,
    authenticatorAttachment: attachment,
    response: z.object({
      authenticatorData: base64url,
      clientDataJSON: base64url,
      signature: base64url,
      userHandle: z.optional(base64url),
    }),
  },
  { error: 'Invalid passkey response' },
);

/** SPEC 5: passkey sign-in needs a username. */
export const passkeyUsernameSchema = z
  .string({ error: 'Username is required' })
  .check(z.trim(), z.minLength(1, 'Username is required'), z.maxLength(15, 'Username must be at most 15 characters'));

export const passkeyAuthenticationOptionsSchema = z.object({ username: passkeyUsernameSchema });
export const passkeyAuthenticationSchema = z.object({
  username: passkeyUsernameSchema,
  credential: authenticationCredentialSchema,
});

/** Registration: a non-empty device name, trimmed (SPEC 5). */
export const passkeyRegistrationSchema = z.object({
  credential: registrationCredentialSchema,
  device_name: deviceName('Device name is required'),
});
export const passkeyRenameSchema = z.object({ device_name: deviceName('New device name is required') });

/** SPEC 3 listed credential. */
export const passkeyCredentialSchema = z.object({
  id: z.number(),
  device_name: z.string(),
  created_at: z.string(),
  last_used_at: z.nullable(z.string()),
});
export type PasskeyCredential = z.infer<typeof passkeyCredentialSchema>;
