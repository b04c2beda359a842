import { ApiError, errorFromResponse, LOGGING_OUT, networkError } from './api-error';
import { CSRF_ACCESS_COOKIE, CSRF_REFRESH_COOKIE } from './cookies';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** How the client reaches the session it serves; injected so tests can drive it without a browser. */
export type SessionHooks = {
  isLoggingOut: () => boolean;
  /** POST /refresh answered the user object. */
  refreshed: (user: unknown) => void;
  /** A 401 with no refresh cookie: nobody is signed in any more. */
  userCleared: () => void;
  /** The refresh itself answered 401: the Session Expired modal takes over. */
  sessionExpired: () => void;
};

export type ApiClientOptions = {
  baseUrl: () => string;
  fetch: typeof fetch;
  readCookie: (name: string) => string | null;
  /** Development only: the subdomain sent as X-Organization-ID. */
  organizationHeader: () => string | null;
  session: SessionHooks;
  /** Runs a refresh while no other tab of this browser runs one (the browser's Web Locks). */
  refreshLock: <T>(work: () => Promise<T>) => Promise<T>;
};

export type ApiClient = {
  get: <T = unknown>(path: string) => Promise<T>;
  /** `headers`: call-specific ones, such as the Idempotency-Key of a form submission (API.md). */
  post: <T = unknown>(path: string, body?: unknown, headers?: Record<string, string>) => Promise<T>;
  put: <T = unknown>(path: string, body?: unknown) => Promise<T>;
  patch: <T = unknown>(path: string, body?: unknown) => Promise<T>;
  /** A body only where the server reads one (a current password confirming a revocation). */
  delete: <T = unknown>(path: string, body?: unknown) => Promise<T>;
};

const REFRESH_PATH = '/refresh';
const LOGOUT_PATH = '/logout';
/** SPEC 4: a 401 from these means wrong credentials or a dead session, never "refresh and retry". */
const NO_REFRESH_PATHS = new Set(['/login', REFRESH_PATH]);

function pathOnly(path: string): string {
  return path.split('?')[0] ?? path;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const isJson = response.headers.get('content-type')?.includes('application/json') ?? false;
  return isJson ? response.json() : response.text();
}

/**
 * SPEC 4 and 7: every call carries the cookies; non-GET calls echo the CSRF cookie; a 401
 * triggers one refresh shared by every call waiting on it, then each call is retried once.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  let refreshing: Promise<boolean> | null = null;

  /**
   * The refresh token's CSRF value for /refresh, and for DELETE /logout while it exists: it
   * outlives the access token, so logout works after the access token has expired (ADR 0092).
   * The development POST /logout is an ordinary signed-in call (ADR 0168).
   */
  function csrfFor(method: Method, path: string): string | null {
    if (path === REFRESH_PATH) return options.readCookie(CSRF_REFRESH_COOKIE);
    if (method === 'DELETE' && path === LOGOUT_PATH) {
      return options.readCookie(CSRF_REFRESH_COOKIE) ?? options.readCookie(CSRF_ACCESS_COOKIE);
    }
    return options.readCookie(CSRF_ACCESS_COOKIE);
  }

  async function send(method: Method, path: string, body?: unknown, extra?: Record<string, string>): Promise<Response> {
    const headers: Record<string, string> = { ...extra, Accept: 'application/json' };
    // A FormData body (a file upload) goes as multipart: the browser writes its Content-Type with the boundary.
    const multipart = body instanceof FormData;
    if (body !== undefined && !multipart) headers['Content-Type'] = 'application/json';
    if (method !== 'GET') {
      const csrf = csrfFor(method, pathOnly(path));
      if (csrf) headers['X-CSRF-TOKEN'] = csrf;
    }
    const organization = options.organizationHeader();
    if (organization) headers['X-Organization-ID'] = organization;
    try {
      return await options.fetch(`${options.baseUrl()}${path}`, {
        method,
        credentials: 'include',
        headers,
        body: body === undefined || multipart ? body : JSON.stringify(body),
      });
    } catch (cause) {
      throw networkError(cause);
    }
  }

  async function runRefresh(): Promise<boolean> {
    try {
      const response = await send('POST', REFRESH_PATH);
      if (response.ok) {
        options.session.refreshed(await readBody(response));
        return true;
      }
      if (response.status === 401) options.session.sessionExpired();
      return false;
    } catch {
      return false;
    }
  }

  /**
   * Every refresh rotates the refresh token, and a rotated one sent again revokes the whole
   * session (reuse detection). So tabs take turns, and a tab whose access cookie changed
   * since its call was sent finds the work done by another tab and only retries.
   */
  function refreshOnce(accessCsrfSent: string | null): Promise<boolean> {
    refreshing ??= options
      .refreshLock(() =>
        options.readCookie(CSRF_ACCESS_COOKIE) === accessCsrfSent ? runRefresh() : Promise.resolve(true),
      )
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  }

  async function request<T>(method: Method, path: string, body?: unknown, extra?: Record<string, string>): Promise<T> {
    if (options.session.isLoggingOut() && pathOnly(path) !== LOGOUT_PATH) {
      throw new ApiError(LOGGING_OUT, 0, LOGGING_OUT);
    }
    const accessCsrfSent = options.readCookie(CSRF_ACCESS_COOKIE);
    let response = await send(method, path, body, extra);
    if (response.status === 401 && !NO_REFRESH_PATHS.has(pathOnly(path)) && !options.session.isLoggingOut()) {
      if (!options.readCookie(CSRF_REFRESH_COOKIE)) {
        options.session.userCleared();
      } else if (await refreshOnce(accessCsrfSent)) {
        response = await send(method, path, body, extra);
      }
    }
    if (!response.ok) throw await errorFromResponse(response);
    return (await readBody(response)) as T;
  }

  return {
    get: (path) => request('GET', path),
    post: (path, body, headers) => request('POST', path, body, headers),
    put: (path, body) => request('PUT', path, body),
    patch: (path, body) => request('PATCH', path, body),
    delete: (path, body) => request('DELETE', path, body),
  };
}
