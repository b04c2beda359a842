import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** Past this much, or this long, an oversized body is no longer read: the connection closes as before. */
const DRAIN_BYTES = 64 * 1024 * 1024;
const DRAIN_MS = 30_000;

/** Whether the request declared a body that nothing has read to its end. */
function unreadBody(raw: IncomingMessage): boolean {
  const declared = raw.headers['transfer-encoding'] !== undefined || Number(raw.headers['content-length'] ?? 0) > 0;
  return declared && !raw.complete && !raw.readableEnded && !raw.destroyed;
}

/** Reads and discards the rest of a request's body; true when it ended within the limits. */
function drained(raw: IncomingMessage): Promise<boolean> {
  // Whatever read the body (a parser, a decompressing or multipart pipe) has given up on it.
  raw.unpipe();
  raw.removeAllListeners('data');
  return new Promise((resolve) => {
    let bytes = 0;
    const finish = (whole: boolean) => {
      clearTimeout(timer);
      raw.removeListener('data', count);
      raw.removeListener('end', ended);
      raw.removeListener('error', failed);
      resolve(whole);
    };
    const count = (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > DRAIN_BYTES) finish(false);
    };
    const ended = () => finish(true);
    const failed = () => finish(false);
    const timer = setTimeout(() => finish(false), DRAIN_MS);
    raw.on('data', count);
    raw.once('end', ended);
    raw.once('error', failed);
    raw.resume();
  });
}

/**
 * An answer, a 413 above all, is sent once the client has sent its whole body (issue 27, docs/decisions/0211).
 * Fastify answered at once with `connection: close`, and the socket closed with the rest of
 * the body unread: the kernel answered the client's next bytes with a reset, and a client that
 * sends its whole body before reading (curl, most libraries) saw that reset, not the 413. Node
 * stops reading a request once its answer is sent, so the rest is read and discarded first,
 * and the connection stays open; past the limits above it closes as before.
 */
export function registerOversizedBodyAnswer(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    // Any answer given before the body was read (413, or a 401, 404 or 415 decided first) waits the same way.
    if (!unreadBody(request.raw)) return;
    if (await drained(request.raw)) reply.removeHeader('connection');
    else reply.header('connection', 'close');
  });
}
