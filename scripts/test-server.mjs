// Server integration tests: always on PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set.
import { spawnSync } from 'node:child_process';

function run(project) {
  const result = spawnSync('npx', ['vitest', 'run', '--project', project], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

run('server-pglite');
if (process.env.TEST_DATABASE_URL) run('server-pg');
else console.log('TEST_DATABASE_URL is not set: the PostgreSQL run of the server tests is left out.');
