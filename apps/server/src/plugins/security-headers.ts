import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

type Recorded = { set: [string, string][]; removed: string[] };

/** A directive given as a function is worked out per request: these headers are worked out once. */
function assertStaticDirectives(options: HelmetOptions): void {
  const policy = options.contentSecurityPolicy;
  const directives = typeof policy === 'object' ? Object.values(policy.directives ?? {}) : [];
  if (directives.flat().some((value) => typeof value === 'function')) {
    throw new Error('A Content-Security-Policy directive computed per request cannot be set once');
  }
}

/**
 * The headers helmet sets with these options, and the ones it removes. They depend on no
 * request, so helmet runs once here on a response that only records what it is told.
 */
export function helmetHeaders(options: HelmetOptions): Recorded {
  assertStaticDirectives(options);
  const recorded: Recorded = { set: [], removed: [] };
  const response = {
    setHeader: (name: string, value: string) => recorded.set.push([name, value]),
    removeHeader: (name: string) => recorded.removed.push(name),
  };
  let finished = false;
  helmet(options)({} as never, response as never, (error?: unknown) => {
    if (error) throw error;
    finished = true;
  });
  if (!finished) throw new Error('helmet did not set its headers at once');
  return recorded;
}

/**
 * Helmet's headers (CSP, HSTS, frame and referrer policies...) on every answer, as
 * @fastify/helmet set them, without that plugin building helmet again on every request (5% of
 * the server's CPU under GET /user once its queries were cut, ADR 0178). A route may still set
 * its own, which then wins (an upload's sandboxing CSP).
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const { set, removed } = helmetHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of set) reply.raw.setHeader(name, value);
    for (const name of removed) reply.raw.removeHeader(name);
    done();
  });
}
