import { API_DEFAULT_PORT } from '@practice/shared';

export type RuntimeConfig = {
  apiUrl: string | null;
  /** The API's port on the page's own host when apiUrl is null (5050 unless PORT moved it). */
  apiPort: number;
};

declare global {
  interface Window {
    /** Set by /runtime-config.js, which the web server writes at run time so one build runs anywhere. */
    __APP_CONFIG__?: Partial<RuntimeConfig>;
  }
}

type PageLocation = Pick<Location, 'protocol' | 'hostname' | 'port'>;

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

function isLocalHost(hostname: string): boolean {
  return hostname === 'localhost' || IPV4.test(hostname) || hostname.startsWith('[');
}

/**
 * SPEC 7: the API base. The configured API_URL wins; a page on localhost or an IP address
 * talks to port 5050 (or the port the server reports) of the same host; a page on a firm's
 * subdomain talks to the api host of the same domain (api is a reserved subdomain, SPEC 9).
 */
export function resolveApiBase(config: Partial<RuntimeConfig> | undefined, location: PageLocation): string {
  if (config?.apiUrl) return config.apiUrl.replace(/\/+$/, '');
  const { protocol, hostname } = location;
  if (isLocalHost(hostname)) return `${protocol}//${hostname}:${config?.apiPort ?? API_DEFAULT_PORT}`;
  const labels = hostname.split('.');
  const domain = labels.length >= 3 ? labels.slice(1).join('.') : hostname;
  return `${protocol}//api.${domain}`;
}

let apiBase: string | null = null;

/** Read once: the runtime configuration does not change while the page lives. */
export function apiBaseUrl(): string {
  apiBase ??= resolveApiBase(window.__APP_CONFIG__, window.location);
  return apiBase;
}
