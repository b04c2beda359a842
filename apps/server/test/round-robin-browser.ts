import { DEMO_PASSWORD } from '../src/db/seed/demo';

export type Answer = {
  status: number;
  body: string;
  /** The body parsed, typed as the caller expects it. */
  json: <T = Record<string, unknown>>() => T;
  /** The server that answered. */
  server: string;
};

type RequestOptions = {
  method?: string;
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
  /** The CSRF header to send on a non-GET call: the access cookie's by default, null for none. */
  csrf?: string | null;
  /** Sends to this server instead of the next one in turn. */
  server?: string;
};

/**
 * A browser in front of several server processes with no sticky sessions: its cookie jar and
 * the CSRF header the web app sends, and each request to the next server in turn.
 */
export class RoundRobinBrowser {
  private readonly cookies = new Map<string, string>();
  private turn: number;

  constructor(
    private readonly servers: string[],
    firstServer = 0,
  ) {
    this.turn = firstServer;
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  /** Another browser holding the same cookies (a second tab, or a copied cookie). */
  copy(firstServer = 0): RoundRobinBrowser {
    const other = new RoundRobinBrowser(this.servers, firstServer);
    for (const [name, value] of this.cookies) other.cookies.set(name, value);
    return other;
  }

  private keep(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator);
      const value = pair.slice(separator + 1);
      const expired = attributes.some(
        (attribute) => /^max-age=0$/i.test(attribute) || /^expires=thu, 01 jan 1970/i.test(attribute),
      );
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async request(options: RequestOptions): Promise<Answer> {
    const server = options.server ?? this.servers[this.turn++ % this.servers.length]!;
    const method = (options.method ?? 'GET').toUpperCase();
    const headers: Record<string, string> = { ...options.headers };
    const csrf = options.csrf === undefined ? this.cookies.get('csrf_access_token') : options.csrf;
    if (method !== 'GET' && csrf) headers['x-csrf-token'] = csrf;
    if (options.payload !== undefined) headers['content-type'] = 'application/json';
    const jar = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    if (jar) headers.cookie = jar;
    const response = await fetch(`${server}${options.url}`, {
      method,
      headers,
      body: options.payload === undefined ? undefined : JSON.stringify(options.payload),
    });
    this.keep(response);
    const body = await response.text();
    return { status: response.status, body, json: <T>() => JSON.parse(body) as T, server };
  }

  signIn(username: string, password = DEMO_PASSWORD): Promise<Answer> {
    return this.request({ method: 'POST', url: '/login', payload: { username, password }, csrf: null });
  }
}
