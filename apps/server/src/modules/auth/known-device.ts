import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply } from 'fastify';

export const KNOWN_DEVICE_COOKIE = 'known_device';
/** Long enough that a person's own computer stays known between busy seasons. */
export const KNOWN_DEVICE_DAYS = 400;

export type KnownDevice = { organizationId: number; userId: number; deviceId: string };

const TOKEN = /^([1-9]\d{0,9})\.([1-9]\d{0,9})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

function macOf(secretKey: string, payload: string): Buffer {
  const key = createHmac('sha256', secretKey).update('known-device').digest();
  return createHmac('sha256', key).update(payload).digest();
}

/**
 * A browser a user has signed in from (ADR 0206): `<organization>.<user>.<device id>.<mac>`.
 * Signed, not stored: it proves only that this user once signed in here, which earns the
 * browser its own failure count, never a sign-in without the password.
 */
export function knownDeviceToken(secretKey: string, device: KnownDevice): string {
  const payload = `${device.organizationId}.${device.userId}.${device.deviceId}`;
  return `${payload}.${macOf(secretKey, payload).toString('base64url')}`;
}

export function newDeviceId(): string {
  return randomBytes(16).toString('base64url');
}

export function readKnownDevice(secretKey: string, token: string | undefined): KnownDevice | null {
  const match = token ? TOKEN.exec(token) : null;
  if (!match) return null;
  const [, organization, user, deviceId, mac] = match;
  const expected = macOf(secretKey, `${organization}.${user}.${deviceId}`);
  const given = Buffer.from(mac!, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { organizationId: Number(organization), userId: Number(user), deviceId: deviceId! };
}

/** The device id a cookie gives this user, or undefined when it is another user's or none. */
export function deviceOf(
  secretKey: string,
  token: string | undefined,
  user: { organizationId: number; userId: number },
): string | undefined {
  const device = readKnownDevice(secretKey, token);
  return device && device.organizationId === user.organizationId && device.userId === user.userId
    ? device.deviceId
    : undefined;
}

/** Marks the browser as known for the user, keeping its device id when it already was. */
export function rememberDevice(
  reply: FastifyReply,
  options: { secretKey: string; secure: boolean; current: string | undefined },
  user: { organizationId: number; userId: number },
): void {
  const deviceId = deviceOf(options.secretKey, options.current, user) ?? newDeviceId();
  reply.setCookie(KNOWN_DEVICE_COOKIE, knownDeviceToken(options.secretKey, { ...user, deviceId }), {
    path: '/',
    sameSite: 'lax',
    secure: options.secure,
    httpOnly: true,
    maxAge: KNOWN_DEVICE_DAYS * 24 * 60 * 60,
  });
}
