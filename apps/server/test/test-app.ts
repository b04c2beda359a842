import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import type { AppContext } from '../src/app-context';
import type { Config } from '../src/config';
import { DEMO_PASSWORD } from '../src/db/seed/demo';
import { createTokenSigner } from '../src/modules/auth/tokens';
import { recordAnswers } from './answer-record';
import { openTestDatabase } from './database-template';

export const TEST_SECRET = 'test-secret-key-that-is-long-enough-for-hs256';

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    webPort: 3000,
    apiUrl: undefined,
    publicUrl: 'http://localhost:3000',
    databaseUrl: undefined,
    dataDir: '/tmp/practice-test-unused',
    appEnv: 'test',
    smtpUrl: undefined,
    secretKey: TEST_SECRET,
    seedDemo: false,
    webDist: undefined,
    logLevel: 'silent',
    stripe: undefined,
    ...overrides,
  };
}

export type TestApp = {
  app: FastifyInstance;
  context: AppContext;
  close: () => Promise<void>;
};

/** The API on a fresh copy of the seeded test database (demo firms included). */
export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const { database, dispose } = await openTestDatabase(inject('PRACTICE_TEST_TEMPLATE'));
  const config = testConfig(overrides);
  const context: AppContext = {
    config,
    database,
    tokens: createTokenSigner(config.secretKey),
    secureCookies: false,
  };
  const app = await buildApp(context);
  recordAnswers(app);
  return {
    app,
    context,
    close: async () => {
      await app.close();
      await dispose();
    },
  };
}

/** A signed-in browser: its cookie jar and the CSRF values a page would read. */
export class Session {
  private cookies = new Map<string, string>();

  constructor(private readonly app: FastifyInstance) {}

  get csrfAccess(): string | undefined {
    return this.cookies.get('csrf_access_token');
  }

  get csrfRefresh(): string | undefined {
    return this.cookies.get('csrf_refresh_token');
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  setCookie(name: string, value: string | undefined): void {
    if (value === undefined) this.cookies.delete(name);
    else this.cookies.set(name, value);
  }

  private keep(response: LightMyRequestResponse): void {
    for (const cookie of response.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const expired = cookie.maxAge === 0 || (cookie.expires && cookie.expires.getTime() <= Date.now());
      if (expired || cookie.value === '') this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
  }

  /** Sends a request like the web app does: cookies, and the CSRF header on non-GET calls. */
  async request(options: InjectOptions & { csrf?: string | null }): Promise<LightMyRequestResponse> {
    const method = (options.method ?? 'GET').toUpperCase();
    const headers: Record<string, string> = { ...(options.headers as Record<string, string>) };
    const csrf = options.csrf === undefined ? this.csrfAccess : options.csrf;
    if (method !== 'GET' && csrf) headers['x-csrf-token'] = csrf;
    const jar = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    if (jar) headers.cookie = jar;
    const response = await this.app.inject({ ...options, method: method as InjectOptions['method'], headers });
    this.keep(response);
    return response;
  }

  async signIn(username: string, password = DEMO_PASSWORD, headers: Record<string, string> = {}) {
    return this.request({ method: 'POST', url: '/login', payload: { username, password }, headers, csrf: null });
  }
}

/** Signs a demo user in and fails loudly if that does not work. */
export async function signedIn(app: FastifyInstance, username: string): Promise<Session> {
  const session = new Session(app);
  const response = await session.signIn(username);
  if (response.statusCode !== 200 || !session.csrfAccess) {
    throw new Error(`sign-in of ${username} opened no session: ${response.statusCode} ${response.body}`);
  }
  return session;
}
