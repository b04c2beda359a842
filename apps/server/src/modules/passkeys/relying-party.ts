import type { Config } from '../../config';

export type RelyingParty = { rpID: string; origin: string };

/**
 * RP ID and origin come from PUBLIC_URL with {org} set to the user's subdomain, never from
 * the request: http://localhost:3000 gives RP ID localhost; https://{org}.example.com gives
 * demo.example.com for the demo firm.
 */
export function relyingPartyFor(config: Config, subdomain: string | null): RelyingParty {
  const address = config.publicUrl.includes('{org}')
    ? config.publicUrl.replace('{org}.', subdomain ? `${subdomain}.` : '').replace('{org}', subdomain ?? '')
    : config.publicUrl;
  const url = new URL(address);
  return { rpID: url.hostname, origin: url.origin };
}
