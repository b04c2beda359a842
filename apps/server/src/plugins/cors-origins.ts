import type { Config } from '../config';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The web origins allowed to call the API with credentials: the origin of PUBLIC_URL
 * (a template such as https://{org}.example.com allows each organization's subdomain)
 * and the local web server.
 */
export function allowedOriginMatcher(config: Config): (origin: string) => boolean {
  const template = new URL(config.publicUrl.replace('{org}', 'org-placeholder')).origin;
  const pattern = new RegExp(
    `^${escapeRegExp(template).replace('org-placeholder', '[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?')}$`,
  );
  const local = new Set([`http://localhost:${config.webPort}`, `http://127.0.0.1:${config.webPort}`]);
  return (origin) => local.has(origin) || pattern.test(origin);
}
