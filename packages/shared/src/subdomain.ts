import { RESERVED_SUBDOMAINS } from './constants';

/** SPEC 9: the first label of a host with three or more labels, unless reserved. */
export function subdomainFromHost(host: string | null | undefined): string | null {
  if (!host) return null;
  const hostname = host.replace(/:\d+$/, '').toLowerCase();
  if (/^\d+\.\d+\.\d+\.\d+$/.test(hostname)) return null;
  const labels = hostname.split('.');
  if (labels.length < 3) return null;
  const first = labels[0] ?? '';
  return (RESERVED_SUBDOMAINS as readonly string[]).includes(first) ? null : first;
}
