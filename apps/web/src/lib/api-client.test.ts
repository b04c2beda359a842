import { describe, expect, it, vi } from 'vitest';
import { createApiClient, type SessionHooks } from './api-client';
import { ApiError } from './api-error';

type Call = { method: string; path: string; headers: Record<string, string> };

/** One tab's view of the browser's lock: work runs alone, in the order asked; `taken` counts the turns. */
function fakeLock() {
  let tail: Promise<unknown> = Promise.resolve();
  const lock = {
    taken: 0,
    run<T>(work: () => Promise<T>): Promise<T> {
      lock.taken += 1;
      const turn = tail.then(work);
      tail = turn.catch(() => undefined);
      return turn;
    },
  };
  return lock;
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** A fake API: `answer` decides each response; every call is recorded. */
function setup(
  answer: (call: Call, calls: Call[]) => Response | Promise<Response>,
  cookies: Record<string, string> = {},
) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const call = {
      method: init?.method ?? 'GET',
      path: String(input).replace('http://api.test', ''),
      headers: (init?.headers ?? {}) as Record<string, string>,
    };
    calls.push(call);
    expect(init?.credentials).toBe('include');
    return answer(call, calls);
  });
  const refreshLock = fakeLock();
  const session: SessionHooks = {
    isLoggingOut: vi.fn(() => false),
    refreshed: vi.fn(),
    userCleared: vi.fn(),
    sessionExpired: vi.fn(),
  };
  const client = createApiClient({
    baseUrl: () => 'http://api.test',
    fetch,
    readCookie: (name) => cookies[name] ?? null,
    organizationHeader: () => null,
    session,
    refreshLock: (work) => refreshLock.run(work),
  });
  return { client, calls, session, refreshLock };
}

const SIGNED_IN = { csrf_access_token: 'access-csrf', csrf_refresh_token: 'refresh-csrf' };

describe('the API client', () => {
  it('echoes the access CSRF cookie on non-GET calls, and the refresh one on POST /refresh', async () => {
    let refreshed = false;
    const { client, calls } = setup((call) => {
      if (call.path === '/refresh') {
        refreshed = true;
        return json(200, { id: 1 });
      }
      if (call.path === '/clients' && !refreshed) return json(401, { error: 'Token has expired' });
      return json(200, { ok: true });
    }, SIGNED_IN);

    await client.get('/user');
    await client.post('/clients', { name: 'A' });

    expect(calls.map((call) => `${call.method} ${call.path} ${call.headers['X-CSRF-TOKEN'] ?? '-'}`)).toEqual([
      'GET /user -',
      'POST /clients access-csrf',
      'POST /refresh refresh-csrf',
      'POST /clients access-csrf',
    ]);
    expect(calls[1]?.headers['Content-Type']).toBe('application/json');
  });

  it('echoes the refresh CSRF cookie on DELETE /logout, which outlives the access one, else the access one', async () => {
    const signedIn = setup(() => new Response(null, { status: 204 }), SIGNED_IN);
    await signedIn.client.delete('/logout');
    const accessExpired = setup(() => new Response(null, { status: 204 }), { csrf_refresh_token: 'refresh-csrf' });
    await accessExpired.client.delete('/logout');
    const refreshGone = setup(() => new Response(null, { status: 204 }), { csrf_access_token: 'access-csrf' });
    await refreshGone.client.delete('/logout');
    const sent = [signedIn, accessExpired, refreshGone].map(({ calls }) => calls[0]?.headers['X-CSRF-TOKEN']);
    expect(sent).toEqual(['refresh-csrf', 'refresh-csrf', 'access-csrf']);
  });

  it('echoes the access CSRF cookie on the development POST /logout, a signed-in call like any other', async () => {
    const { client, calls } = setup(() => json(200, { ok: true }), SIGNED_IN);
    await client.post('/logout', { logout_type: 'refresh_only' });
    expect(calls[0]?.headers['X-CSRF-TOKEN']).toBe('access-csrf');
  });

  it('shares one refresh among concurrent 401s and retries each call once', async () => {
    let refreshed = false;
    let releaseRefresh: () => void = () => undefined;
    const { client, calls, session } = setup((call) => {
      if (call.path === '/refresh') {
        return new Promise<Response>((resolve) => {
          releaseRefresh = () => {
            refreshed = true;
            resolve(json(200, { id: 7, username: 'admin' }));
          };
        });
      }
      return refreshed ? json(200, { path: call.path }) : json(401, { error: 'Token has expired' });
    }, SIGNED_IN);

    const pending = Promise.all([client.get('/a'), client.get('/b'), client.delete('/c')]);
    await vi.waitFor(() => expect(calls.filter((call) => call.path === '/refresh')).toHaveLength(1));
    releaseRefresh();

    await expect(pending).resolves.toEqual([{ path: '/a' }, { path: '/b' }, { path: '/c' }]);
    expect(calls.filter((call) => call.path === '/refresh')).toHaveLength(1);
    expect(calls.filter((call) => call.path !== '/refresh')).toHaveLength(6);
    expect(session.refreshed).toHaveBeenCalledOnce();
    expect(session.refreshed).toHaveBeenCalledWith({ id: 7, username: 'admin' });
  });

  it('refreshes under the cross-tab lock', async () => {
    let refreshed = false;
    const { client, refreshLock } = setup((call) => {
      if (call.path === '/refresh') {
        refreshed = true;
        return json(200, { id: 7 });
      }
      return refreshed ? json(200, {}) : json(401, { error: 'Token has expired' });
    }, SIGNED_IN);
    await client.get('/user');
    expect(refreshLock.taken).toBe(1);
  });

  it('only retries when another tab refreshed while the call was out: its access cookie changed', async () => {
    const cookies: Record<string, string> = { ...SIGNED_IN };
    const { client, calls, session } = setup((call) => {
      if (cookies.csrf_access_token === 'rotated-by-other-tab') return json(200, { path: call.path });
      cookies.csrf_access_token = 'rotated-by-other-tab';
      return json(401, { error: 'Token has expired' });
    }, cookies);
    await expect(client.get('/user')).resolves.toEqual({ path: '/user' });
    expect(calls.map((call) => call.path)).toEqual(['/user', '/user']);
    expect(session.refreshed).not.toHaveBeenCalled();
    expect(session.sessionExpired).not.toHaveBeenCalled();
  });

  it('retries only once: a second 401 after a good refresh is the answer', async () => {
    const { client, calls } = setup(
      (call) => (call.path === '/refresh' ? json(200, { id: 1 }) : json(401, { error: 'Token has been revoked' })),
      SIGNED_IN,
    );
    await expect(client.get('/user')).rejects.toMatchObject({ status: 401, message: 'Token has been revoked' });
    expect(calls.map((call) => call.path)).toEqual(['/user', '/refresh', '/user']);
  });

  it('raises Session Expired once when the shared refresh answers 401', async () => {
    const { client, session } = setup(
      (call) => (call.path === '/refresh' ? json(401, { error: 'Invalid token' }) : json(401, { error: 'Expired' })),
      SIGNED_IN,
    );
    const results = await Promise.allSettled([client.get('/a'), client.get('/b')]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(session.sessionExpired).toHaveBeenCalledOnce();
    expect(session.userCleared).not.toHaveBeenCalled();
  });

  it('clears the user without trying a refresh when no refresh cookie is present', async () => {
    const { client, calls, session } = setup(() => json(401, { error: 'No authentication token found' }), {
      csrf_access_token: 'access-csrf',
    });
    await expect(client.get('/user')).rejects.toBeInstanceOf(ApiError);
    expect(calls.map((call) => call.path)).toEqual(['/user']);
    expect(session.userCleared).toHaveBeenCalledOnce();
  });

  it('never refreshes after a 401 from /login or /refresh', async () => {
    const { client, calls, session } = setup(() => json(401, { error: 'Invalid username or password' }), SIGNED_IN);
    await expect(client.post('/login', { username: 'admin', password: 'wrong' })).rejects.toMatchObject({
      status: 401,
      serverMessage: 'Invalid username or password',
    });
    await expect(client.get('/login?action=request_2fa_code&username=admin')).rejects.toBeInstanceOf(ApiError);
    await expect(client.post('/refresh')).rejects.toBeInstanceOf(ApiError);
    expect(calls.map((call) => call.path)).toEqual([
      '/login',
      '/login?action=request_2fa_code&username=admin',
      '/refresh',
    ]);
    expect(session.sessionExpired).not.toHaveBeenCalled();
  });

  it('refuses calls while logging out, except the logout itself', async () => {
    const { client, calls, session } = setup(() => new Response(null, { status: 204 }), SIGNED_IN);
    vi.mocked(session.isLoggingOut).mockReturnValue(true);
    await expect(client.get('/user')).rejects.toMatchObject({ message: 'Currently logging out' });
    await expect(client.delete('/logout')).resolves.toBeNull();
    expect(calls.map((call) => call.path)).toEqual(['/logout']);
  });

  it('turns failures into SPEC 8 messages', async () => {
    const { client } = setup((call) => {
      if (call.path === '/text') return new Response('boom', { status: 502, statusText: 'Bad Gateway' });
      if (call.path === '/bare') return new Response('', { status: 500 });
      if (call.path === '/empty-json') return json(400, {});
      throw new TypeError('Failed to fetch');
    });
    await expect(client.get('/text')).rejects.toMatchObject({ message: 'Bad Gateway', status: 502 });
    await expect(client.get('/bare')).rejects.toMatchObject({ message: 'Error 500' });
    await expect(client.get('/empty-json')).rejects.toMatchObject({
      message: 'An unexpected error has occurred',
      serverMessage: null,
    });
    await expect(client.get('/down')).rejects.toMatchObject({ message: 'Server disconnected', network: true });
  });

  it('sends a FormData body as it is, with the CSRF header and without a JSON content type', async () => {
    const sent: RequestInit[] = [];
    const client = createApiClient({
      baseUrl: () => 'http://api.test',
      fetch: async (_input, init) => {
        sent.push(init ?? {});
        return json(200, { ok: true });
      },
      readCookie: (name) => (name === 'csrf_access_token' ? 'access-csrf' : null),
      organizationHeader: () => null,
      session: { isLoggingOut: () => false, refreshed: vi.fn(), userCleared: vi.fn(), sessionExpired: vi.fn() },
      refreshLock: (work) => work(),
    });
    const form = new FormData();
    form.append('file', new Blob(['%PDF-1.4'], { type: 'application/pdf' }), 'receipt.pdf');
    await client.post('/expenses/4/receipt', form);
    const headers = sent[0]?.headers as Record<string, string>;
    expect(sent[0]?.body).toBe(form);
    expect(headers['X-CSRF-TOKEN']).toBe('access-csrf');
    expect(headers['Content-Type']).toBeUndefined();
  });

  it('keeps the field errors of a 400 answer in details', async () => {
    const { client } = setup(() =>
      json(400, {
        error: 'Client ID is required',
        details: { client_id: 'Client ID is required', 'contacts.0.name': 'Contact name is required', odd: 3 },
      }),
    );
    await expect(client.post('/clients', {})).rejects.toMatchObject({
      status: 400,
      message: 'Client ID is required',
      details: { client_id: 'Client ID is required', 'contacts.0.name': 'Contact name is required' },
    });
  });

  it('sends X-Organization-ID when the development hook names one', async () => {
    const calls: Record<string, string>[] = [];
    const client = createApiClient({
      baseUrl: () => 'http://api.test',
      fetch: async (_input, init) => {
        calls.push((init?.headers ?? {}) as Record<string, string>);
        return json(200, {});
      },
      readCookie: () => null,
      organizationHeader: () => 'northwind',
      session: { isLoggingOut: () => false, refreshed: vi.fn(), userCleared: vi.fn(), sessionExpired: vi.fn() },
      refreshLock: (work) => work(),
    });
    await client.get('/api/organization/config');
    expect(calls[0]?.['X-Organization-ID']).toBe('northwind');
  });
});
