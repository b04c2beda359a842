import { configDefaults, defineConfig } from 'vitest/config';

const serverProject = (name: string, kind: 'pglite' | 'postgres') => ({
  test: {
    name,
    root: 'apps/server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'bench/**/*.test.ts'],
    // *.postgres.test.ts need a PostgreSQL server of their own (PgBouncer in front of it, several processes).
    exclude: kind === 'pglite' ? [...configDefaults.exclude, '**/*.postgres.test.ts'] : configDefaults.exclude,
    environment: 'node',
    globalSetup: ['test/global-setup.ts'],
    env: { TEST_DB_KIND: kind },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one worker on CI's two cores, with
    // the other idle. Each server test file has a database copy of its own, so two files can
    // run side by side (ADR 0191).
    maxWorkers: 2,
    projects: [
      { test: { name: 'shared', root: 'packages/shared', include: ['src/**/*.test.ts'], environment: 'node' } },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
        },
      },
      serverProject('server-pglite', 'pglite'),
      serverProject('server-pg', 'postgres'),
    ],
  },
});
