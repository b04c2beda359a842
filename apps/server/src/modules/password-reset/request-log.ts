import type { FastifyRequest } from 'fastify';

const RESET_CODE_IN_PATH = /^(\/reset_password\/)(?!send(?:[/?]|$))[^/?]+/;

/** Request URLs as logged: a reset code in the path is a secret, so logs show it masked. */
export function redactResetCode(url: string): string {
  return url.replace(RESET_CODE_IN_PATH, '$1[redacted]');
}

/** Fastify's usual request log fields, with the URL redacted. */
export function requestLogFields(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactResetCode(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
