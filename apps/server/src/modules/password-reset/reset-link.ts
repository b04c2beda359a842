/**
 * The link in a reset e-mail: PUBLIC_URL (its {org} placeholder set to the user's
 * subdomain), never the Host header of the request that asked for it.
 */
export function resetLink(publicUrl: string, subdomain: string, resetCode: string): string {
  const base = publicUrl.replace('{org}', subdomain);
  return new URL(`reset_password/${encodeURIComponent(resetCode)}`, base.endsWith('/') ? base : `${base}/`).toString();
}
