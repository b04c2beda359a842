import type { FastifyBaseLogger } from 'fastify';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { and, eq } from 'drizzle-orm';
import type { PasskeyCredential } from '@practice/shared';
import type { AppContext } from '../../app-context';
import { withTenant } from '../../db/client';
import { passkeys } from '../../db/schema/index';
import { badRequest, conflict, notFound, unauthorized } from '../../lib/errors';
import type { SessionUser } from '../../plugins/route-permission';
import type { OrganizationLookup } from '../../plugins/tenancy';
import { writeAudit } from '../audit/audit';
import { belongsToRequest, findCandidate, forgiveAccountFailures } from '../auth/auth.service';
import { claimSignInAttempt, releaseAttempt } from '../auth/sign-in-limits';
import { challengeOf, consumeChallenge, storeChallenge } from './challenges';
import { passkeyAccountOf, userHandleOf } from './passkey-account';
import { ownPasskey, passkeyByCredential, passkeyView, passkeysOf } from './passkey-store';
import { relyingPartyFor } from './relying-party';
import { openSignInCeremony, useSignInCeremony } from './sign-in-ceremonies';

export const REGISTRATION_FAILED = 'Registration failed';
export const AUTHENTICATION_FAILED = 'Authentication failed';
export const ONE_PASSKEY = 'Only one passkey may be registered at a time. Remove your existing passkey first.';
export const ALREADY_REGISTERED = 'This passkey is already registered';
export const PASSKEY_NOT_FOUND = 'Passkey not found';

/** EdDSA, ES256, RS256: what platform authenticators and security keys offer. */
const ALGORITHMS = [-8, -7, -257];

const toBytes = (base64url: string) => new Uint8Array(Buffer.from(base64url, 'base64url'));
const toBase64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');

function ownerOf(user: SessionUser) {
  return { organizationId: user.organizationId, userId: user.id };
}

/** POST /api/webauthn/register/options: SPEC 9 allows one passkey, so a second is refused up front. */
export async function registrationOptions(
  context: AppContext,
  user: SessionUser,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const owner = ownerOf(user);
  const { account, existing } = await withTenant(context.database.db, user.organizationId, async (tx) => ({
    account: await passkeyAccountOf(tx, user.organizationId, user.id),
    existing: await passkeysOf(tx, owner),
  }));
  if (!account) throw notFound('User not found');
  if (existing.length > 0) throw conflict(ONE_PASSKEY);
  const { rpID } = relyingPartyFor(context.config, account.subdomain);
  const options = await generateRegistrationOptions({
    rpName: account.organizationName,
    rpID,
    userName: account.username,
    userID: userHandleOf(context.config, user.organizationId, user.id),
    userDisplayName: account.displayName,
    attestationType: 'none',
    excludeCredentials: existing.map((row) => ({ id: row.credentialId, transports: row.transports })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
    supportedAlgorithmIDs: ALGORITHMS,
  });
  await storeChallenge(context, owner, 'passkey-registration', options.challenge);
  return options;
}

/** POST /api/webauthn/register/verify: checks the attestation against the stored challenge and keeps the key. */
export async function verifyRegistration(
  context: AppContext,
  user: SessionUser,
  input: { credential: RegistrationResponseJSON; deviceName: string },
  log: FastifyBaseLogger,
): Promise<PasskeyCredential> {
  const owner = ownerOf(user);
  const account = await withTenant(context.database.db, user.organizationId, (tx) =>
    passkeyAccountOf(tx, user.organizationId, user.id),
  );
  if (!account) throw notFound('User not found');
  const challenge = challengeOf(input.credential.response.clientDataJSON);
  if (!(await consumeChallenge(context, owner, 'passkey-registration', challenge)) || !challenge) {
    log.warn(owner, 'passkey registration with an unknown, used or expired challenge');
    throw badRequest(REGISTRATION_FAILED);
  }
  const { rpID, origin } = relyingPartyFor(context.config, account.subdomain);
  const verification = await verifyRegistrationResponse({
    response: input.credential,
    expectedChallenge: challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: true,
    supportedAlgorithmIDs: ALGORITHMS,
  }).catch((error: unknown) => {
    log.warn(
      { ...owner, reason: error instanceof Error ? error.message : String(error) },
      'passkey registration refused',
    );
    return null;
  });
  if (!verification?.verified) throw badRequest(REGISTRATION_FAILED);
  const { credential, credentialDeviceType, credentialBackedUp } = verification.registrationInfo;
  const userHandle = toBase64url(userHandleOf(context.config, user.organizationId, user.id));
  return withTenant(context.database.db, user.organizationId, async (tx) => {
    if ((await passkeysOf(tx, owner)).length > 0) throw conflict(ONE_PASSKEY);
    const [row] = await tx
      .insert(passkeys)
      .values({
        organizationId: user.organizationId,
        userId: user.id,
        credentialId: credential.id,
        publicKey: toBase64url(credential.publicKey),
        counter: credential.counter,
        transports: credential.transports ?? [],
        userHandle,
        deviceType: credentialDeviceType,
        backedUp: credentialBackedUp,
        deviceName: input.deviceName,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw conflict(ALREADY_REGISTERED);
    await writeAudit(tx, {
      ...owner,
      action: 'passkey_add',
      entity: 'passkey',
      entityId: row.id,
      after: { device_name: row.deviceName },
    });
    return passkeyView(row);
  });
}

export async function listPasskeys(context: AppContext, user: SessionUser): Promise<PasskeyCredential[]> {
  const rows = await withTenant(context.database.db, user.organizationId, (tx) => passkeysOf(tx, ownerOf(user)));
  return rows.map(passkeyView);
}

export async function renamePasskey(
  context: AppContext,
  user: SessionUser,
  id: number,
  deviceName: string,
): Promise<PasskeyCredential> {
  const owner = ownerOf(user);
  return withTenant(context.database.db, user.organizationId, async (tx) => {
    const found = await ownPasskey(tx, owner, id);
    if (!found) throw notFound(PASSKEY_NOT_FOUND);
    const [row] = await tx
      .update(passkeys)
      .set({ deviceName })
      .where(and(eq(passkeys.organizationId, user.organizationId), eq(passkeys.id, id)))
      .returning();
    await writeAudit(tx, {
      ...owner,
      action: 'passkey_rename',
      entity: 'passkey',
      entityId: id,
      before: { device_name: found.deviceName },
      after: { device_name: deviceName },
    });
    return passkeyView(row ?? found);
  });
}

export async function deletePasskey(context: AppContext, user: SessionUser, id: number): Promise<void> {
  const owner = ownerOf(user);
  await withTenant(context.database.db, user.organizationId, async (tx) => {
    const found = await ownPasskey(tx, owner, id);
    if (!found) throw notFound(PASSKEY_NOT_FOUND);
    await tx.delete(passkeys).where(and(eq(passkeys.organizationId, user.organizationId), eq(passkeys.id, id)));
    await writeAudit(tx, {
      ...owner,
      action: 'passkey_revoke',
      entity: 'passkey',
      entityId: id,
      before: { device_name: found.deviceName },
    });
  });
}

/**
 * POST /api/webauthn/authenticate/options. The answer never depends on the username: no
 * credential is listed (the browser offers its discoverable passkeys) and the RP ID is the
 * request's organization's, so it tells nothing about accounts or passkeys. The challenge
 * belongs to a ceremony of this browser (ADR 0094), whose token the route sets as a cookie.
 */
export async function authenticationOptions(
  context: AppContext,
  lookup: OrganizationLookup,
): Promise<{ options: PublicKeyCredentialRequestOptionsJSON; ceremonyToken: string }> {
  const subdomain =
    lookup.kind === 'found' ? lookup.organization.subdomain : lookup.kind === 'unknown' ? lookup.subdomain : null;
  const options = await generateAuthenticationOptions({
    rpID: relyingPartyFor(context.config, subdomain).rpID,
    allowCredentials: [],
    userVerification: 'required',
  });
  return { options, ceremonyToken: await openSignInCeremony(context, options.challenge) };
}

/**
 * POST /api/webauthn/authenticate/verify: a full sign-in (a passkey is both factors). The
 * credential must be this user's, the challenge his and unused, origin and RP ID ours, the
 * user verified, and the signature counter must move forward.
 */
export async function verifyAuthentication(
  context: AppContext,
  input: {
    username: string;
    credential: AuthenticationResponseJSON;
    ceremonyToken: string | undefined;
    lookup: OrganizationLookup;
    address: string;
  },
  log: FastifyBaseLogger,
): Promise<{ organizationId: number; userId: number }> {
  const { db } = context.database;
  const { username, credential } = input;
  const claim = await claimSignInAttempt(db, username, input.address);
  const refuse = (reason: string): never => {
    log.warn({ username, reason }, 'passkey sign-in refused');
    throw unauthorized(AUTHENTICATION_FAILED);
  };
  // The browser's ceremony is used up first, so a failed attempt burns its challenge too.
  const challenge = challengeOf(credential.response.clientDataJSON);
  if (!challenge || !(await useSignInCeremony(context, input.ceremonyToken, challenge))) {
    return refuse('no ceremony of this browser, or another challenge');
  }
  const candidate = await findCandidate(context, username);
  if (!candidate || !candidate.active || !belongsToRequest(input.lookup, candidate.organizationId)) {
    return refuse('no such account here');
  }
  const owner = { organizationId: candidate.organizationId, userId: candidate.id };
  const { stored, account } = await withTenant(db, owner.organizationId, async (tx) => ({
    stored: await passkeyByCredential(tx, owner, credential.id),
    account: await passkeyAccountOf(tx, owner.organizationId, owner.userId),
  }));
  if (!stored || !account || credential.rawId !== credential.id) return refuse('credential is not this user’s');
  const userHandle = credential.response.userHandle;
  if (userHandle !== undefined && userHandle !== stored.userHandle) return refuse('user handle mismatch');
  const { rpID, origin } = relyingPartyFor(context.config, account.subdomain);
  const verification = await verifyAuthenticationResponse({
    response: credential,
    expectedChallenge: challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    credential: {
      id: stored.credentialId,
      publicKey: toBytes(stored.publicKey),
      counter: stored.counter,
      transports: stored.transports,
    },
    requireUserVerification: true,
  }).catch((error: unknown) => refuse(error instanceof Error ? error.message : String(error)));
  if (!verification.verified) return refuse('signature not verified');
  const moved = await withTenant(db, owner.organizationId, (tx) =>
    tx
      .update(passkeys)
      .set({ counter: verification.authenticationInfo.newCounter, lastUsedAt: new Date() })
      .where(
        and(
          eq(passkeys.organizationId, owner.organizationId),
          eq(passkeys.id, stored.id),
          eq(passkeys.counter, stored.counter),
        ),
      )
      .returning({ id: passkeys.id }),
  );
  if (moved.length === 0) return refuse('counter changed meanwhile');
  await releaseAttempt(db, claim);
  await forgiveAccountFailures(context, username);
  return owner;
}
