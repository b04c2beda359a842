import { BENCH_PASSWORD } from '../src/cli/seed-large/plan';
import { ACCESS_COOKIE, CSRF_ACCESS_COOKIE } from '../src/modules/auth/cookies';

export type SignedInSession = { cookie: string; csrf: string };

/** Signs in through POST /login as the browser does and keeps the cookies a later call sends. */
export async function signIn(
  baseUrl: string,
  username: string,
  password: string = BENCH_PASSWORD,
): Promise<SignedInSession> {
  const response = await fetch(`${baseUrl}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const body = await response.text();
  if (!response.ok) throw new Error(`Sign-in of ${username} answered ${response.status}: ${body}`);
  const cookies = new Map(
    response.headers.getSetCookie().map((line) => {
      const [pair = ''] = line.split(';');
      const separator = pair.indexOf('=');
      return [pair.slice(0, separator), pair.slice(separator + 1)] as const;
    }),
  );
  const access = cookies.get(ACCESS_COOKIE);
  const csrf = cookies.get(CSRF_ACCESS_COOKIE);
  if (!access || !csrf) throw new Error(`Sign-in of ${username} set no session cookies (second factor due?): ${body}`);
  return { cookie: `${ACCESS_COOKIE}=${access}; ${CSRF_ACCESS_COOKIE}=${csrf}`, csrf };
}
