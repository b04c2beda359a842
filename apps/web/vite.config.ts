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

export default defineConfig({
  plugins: [react(), versionFile()],
  define: { __APP_VERSION__: JSON.stringify(version) },
  server: { port: Number(process.env.WEB_PORT ?? 3000), strictPort: true },
});
