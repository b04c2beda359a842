import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';

const WEAK_SECRET = 'SECRET_KEY must be at least 32 characters and not a default value';

let dataDir: string;
afterEach(() => {
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

function freshDataDir(): string {
  dataDir = mkdtempSync(path.join(tmpdir(), 'practice-config-'));
  return dataDir;
}

describe('SECRET_KEY', () => {
  it.each([
    ['empty', ''],
    ['short', 'only-twenty-chars-xx'],
    ['a default value', 'changeme'],
    ['31 characters', 'a'.repeat(31)],
  ])('refuses %s', (_label, secret) => {
    expect(() => loadConfig({ SECRET_KEY: secret, DATA_DIR: freshDataDir() })).toThrow(WEAK_SECRET);
  });

  it('accepts a long random value as given', () => {
    const secret = 'x7'.repeat(16);
    expect(loadConfig({ SECRET_KEY: secret, DATA_DIR: freshDataDir() }).secretKey).toBe(secret);
  });

  it('when unset, generates one into DATA_DIR, readable only by its owner, and keeps it across starts', () => {
    const directory = freshDataDir();
    const first = loadConfig({ DATA_DIR: directory }).secretKey;
    expect(first.length).toBeGreaterThanOrEqual(32);
    const file = path.join(directory, 'secret.key');
    expect(readFileSync(file, 'utf8')).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: directory }).secretKey).toBe(first);
  });

  it('refuses a secret file in DATA_DIR that was emptied or cut short', () => {
    const directory = freshDataDir();
    const file = path.join(directory, 'secret.key');
    for (const weak of ['', 'short-secret\n']) {
      writeFileSync(file, weak);
      expect(() => loadConfig({ DATA_DIR: directory })).toThrow(`${file} must be at least 32 characters`);
    }
  });
});

describe('defaults', () => {
  it('follow the configuration table of DESIGN.md', () => {
    const config = loadConfig({ DATA_DIR: freshDataDir(), SECRET_KEY: 'y'.repeat(40) });
    expect(config).toMatchObject({
      port: 5050,
      webPort: 3000,
      publicUrl: 'http://localhost:3000',
      databaseUrl: undefined,
      appEnv: 'production',
      seedDemo: true,
    });
  });

  it('reads SEED_DEMO=false and APP_ENV=development', () => {
    const config = loadConfig({
      DATA_DIR: freshDataDir(),
      SECRET_KEY: 'y'.repeat(40),
      SEED_DEMO: 'false',
      APP_ENV: 'development',
    });
    expect(config.seedDemo).toBe(false);
    expect(config.appEnv).toBe('development');
  });
});
