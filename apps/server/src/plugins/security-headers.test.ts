import Fastify, { type FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { describe, expect, it } from 'vitest';
import { helmetHeaders, registerSecurityHeaders } from './security-headers';

const API_OPTIONS: HelmetOptions = { crossOriginResourcePolicy: { policy: 'same-site' } };
const PAGE_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      connectSrc: ["'self'", 'https://api.example.test'],
      frameAncestors: ["'none'"],
    },
  },
};

function withRoutes(app: FastifyInstance): FastifyInstance {
  app.get('/answer', async () => ({ ok: true }));
  app.get('/upload', async (_request, reply) =>
    reply.header('content-security-policy', "default-src 'none'; sandbox").send('file'),
  );
  app.get('/failure', async () => {
    throw new Error('boom');
  });
  return app;
}

/** Helmet run on every request, as @fastify/helmet did before ADR 0178. */
function helmetPerRequest(options: HelmetOptions): FastifyInstance {
  const app = Fastify();
  app.addHook('onRequest', (request, reply, done) =>
    helmet(options)(request.raw, reply.raw, (error) => done(error as Error | undefined)),
  );
  return withRoutes(app);
}

function headersOnce(options: HelmetOptions): FastifyInstance {
  const app = Fastify();
  registerSecurityHeaders(app, options);
  return withRoutes(app);
}

async function headersOf(app: FastifyInstance, url: string) {
  const { date: _date, ...headers } = (await app.inject({ url })).headers;
  return headers;
}

describe('security headers', () => {
  it.each([
    ['the API', API_OPTIONS],
    ['the web app', PAGE_OPTIONS],
  ])('are the headers helmet sets on every request, for %s', async (_name, options) => {
    for (const url of ['/answer', '/upload', '/failure', '/nowhere']) {
      expect(await headersOf(headersOnce(options), url)).toEqual(await headersOf(helmetPerRequest(options), url));
    }
  });

  it('include the content security policy, and a route’s own policy wins', async () => {
    const app = headersOnce(API_OPTIONS);
    expect((await headersOf(app, '/answer'))['content-security-policy']).toContain("object-src 'none'");
    expect((await headersOf(app, '/answer'))['cross-origin-resource-policy']).toBe('same-site');
    expect((await headersOf(app, '/upload'))['content-security-policy']).toBe("default-src 'none'; sandbox");
  });

  it('refuse a policy directive worked out per request', () => {
    const perRequest = () => "'self'";
    expect(() => helmetHeaders({ contentSecurityPolicy: { directives: { scriptSrc: [perRequest] } } })).toThrow(
      /computed per request/,
    );
  });
});
