import { writeFileSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const version = process.env.APP_VERSION ?? new Date().toISOString();

/** Writes /version.json beside the build; the update checker (SPEC 4) compares it with the built version. */
function versionFile(): Plugin {
  return {
    name: 'version-file',
    apply: 'build',
    writeBundle(options) {
      const dir = options.dir ?? path.resolve('dist');
      writeFileSync(path.join(dir, 'version.json'), JSON.stringify({ version, buildTime: version }));
    },
  };
}

/**
 * In development Vite serves the page, so it also answers /runtime-config.js, which the
 * web server of `npm start` writes in production. API_URL and PORT move the API as they do there.
 */
function devRuntimeConfig(): Plugin {
  return {
    name: 'dev-runtime-config',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use('/runtime-config.js', (_request, response) => {
        response.setHeader('content-type', 'text/javascript');
        response.setHeader('cache-control', 'no-store');
        const config = { apiUrl: process.env.API_URL ?? null, apiPort: Number(process.env.PORT ?? 5050) };
        response.end(`window.__APP_CONFIG__ = ${JSON.stringify(config)};`);
      });
    },
  };
}

export default defineConfig({
  plugins: [react(), versionFile(), devRuntimeConfig()],
  define: { __APP_VERSION__: JSON.stringify(version) },
  // scripts/size.mjs follows the manifest from the entry to the chunks the /login route loads.
  build: { manifest: true },
  server: { port: Number(process.env.WEB_PORT ?? 3000), strictPort: true },
});
