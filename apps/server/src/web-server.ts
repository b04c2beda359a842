import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import compress from '@fastify/compress';
import { registerSecurityHeaders } from './plugins/security-headers';

export type WebServerOptions = {
  distDir: string;
  apiUrl: string | undefined;
  /** Without API_URL, a page on localhost or an IP address calls this port of its own host (SPEC 7 names 5050). */
  apiPort: number;
  apiOrigins: string[];
  /** PUBLIC_URL: only a page served over https may ask the browser to upgrade its requests. */
  publicUrl: string;
};

/**
 * Serves the built web app on its own origin (DESIGN.md, Two origins). The page learns its
 * API base at run time from /runtime-config.js, so one build runs anywhere.
 */
export async function buildWebServer(options: WebServerOptions): Promise<FastifyInstance> {
  const indexFile = path.join(options.distDir, 'index.html');
  if (!existsSync(indexFile)) throw new Error(`No built web app at ${options.distDir}: run npm run build`);
  const indexHtml = readFileSync(indexFile, 'utf8');
  const web = Fastify({ logger: false });
  registerSecurityHeaders(web, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", ...options.apiOrigins],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        // On plain http at a host other than localhost the browser would upgrade the page's own
        // scripts to an https that does not exist, and show a blank page.
        upgradeInsecureRequests: options.publicUrl.startsWith('https://') ? [] : null,
      },
    },
  });
  await web.register(compress);
  // version.json is left to its own no-store route below; a second route for it would refuse to start.
  await web.register(fastifyStatic, {
    root: options.distDir,
    index: false,
    wildcard: false,
    globIgnore: ['version.json'],
  });
  web.get('/runtime-config.js', (_request, reply) => {
    const config = { apiUrl: options.apiUrl ?? null, apiPort: options.apiPort };
    const body = `window.__APP_CONFIG__ = ${JSON.stringify(config)};`;
    return reply.type('text/javascript').header('cache-control', 'no-store').send(body);
  });
  web.get('/version.json', (_request, reply) =>
    // fastify-static would set its own max-age=0 over ours: the checker must never see a cached copy.
    reply.header('cache-control', 'no-store').sendFile('version.json', options.distDir, { cacheControl: false }),
  );
  web.get('/*', (_request, reply) => reply.type('text/html').header('cache-control', 'no-cache').send(indexHtml));
  return web;
}
