import type { TestApp } from './test-app';
import { Session } from './test-app';
import { latestCodeTo } from './outbox';

/** Signs a demo user with e-mail 2FA in through both steps, reading the code from the outbox. */
export async function signedInWithCode(testApp: TestApp, username: string, email: string): Promise<Session> {
  const session = new Session(testApp.app);
  const first = await session.signIn(username);
  if (first.json().requires_2fa !== true) throw new Error(`no second factor for ${username}: ${first.body}`);
  const sent = await session.request({ url: `/login?action=request_2fa_code&username=${username}` });
  if (sent.statusCode !== 200) throw new Error(`code request failed: ${sent.body}`);
  const code = await latestCodeTo(testApp.context, email);
  const done = await session.request({ method: 'POST', url: '/login', payload: { '2fa_code': code }, csrf: null });
  if (done.statusCode !== 200) throw new Error(`code step failed: ${done.body}`);
  return session;
}
