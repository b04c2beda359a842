/** The build's version (vite.config.ts), the same value the build writes to /version.json. */
declare const __APP_VERSION__: string;
