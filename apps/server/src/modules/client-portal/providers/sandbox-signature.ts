import { createHmac, timingSafeEqual } from 'node:crypto';

export const SANDBOX_SIGNATURE_HEADER = 'sandbox-signature';
/** An event signed longer ago than this is refused: a captured delivery cannot be replayed later. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/** The sandbox's webhook secret, derived from the server's secret key so that nothing more is configured. */
export function sandboxWebhookSecret(secretKey: string): string {
  return createHmac('sha256', secretKey).update('sandbox-webhook-secret').digest('hex');
}

function digest(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/** `t=<unix seconds>,v1=<HMAC-SHA256 of "t.body">`: the shape Stripe uses, signed afresh at each delivery. */
export function signSandboxEvent(secret: string, body: string, timestamp = Math.floor(Date.now() / 1000)): string {
  return `t=${timestamp},v1=${digest(secret, timestamp, body)}`;
}

/** Whether the header signs exactly these bytes with the secret, recently enough. */
export function sandboxSignatureValid(
  secret: string,
  body: string,
  header: string | undefined,
  now = Date.now(),
): boolean {
  if (!header) return false;
  const parts = new Map(
    header.split(',').map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
    }),
  );
  const timestamp = Number(parts.get('t'));
  const given = parts.get('v1') ?? '';
  if (!Number.isSafeInteger(timestamp) || !/^[0-9a-f]{64}$/.test(given)) return false;
  if (Math.abs(now / 1000 - timestamp) > SIGNATURE_TOLERANCE_SECONDS) return false;
  return timingSafeEqual(Buffer.from(given, 'hex'), Buffer.from(digest(secret, timestamp, body), 'hex'));
}
