import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildWebServer } from './web-server';

const distDir = mkdtempSync(path.join(tmpdir(), 'practice-web-dist-'));
writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>Practice</title>');
afterAll(() => rmSync(distDir, { recursive: true, force: true }));

async function policyFor(publicUrl: string): Promise<string> {
  const web = await buildWebServer({
    distDir,
    apiUrl: undefined,
    apiPort: 5050,
    apiOrigins: ['http://localhost:5050'],
    publicUrl,
  });
  try {
    const response = await web.inject({ url: '/' });
    expect(response.statusCode).toBe(200);
    return String(response.headers['content-security-policy']);
  } finally {
    await web.close();
  }
}

describe("the web app's Content-Security-Policy", () => {
  it('does not upgrade requests when the app is served on plain http at a LAN host', async () => {
    const policy = await policyFor('http://demo.example.test:3000');
    expect(policy).toContain("default-src 'self'");
    expect(policy).not.toContain('upgrade-insecure-requests');
  });

  it('upgrades requests when the public URL is https', async () => {
    const policy = await policyFor('https://demo.example.com');
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain('upgrade-insecure-requests');
  });
});
