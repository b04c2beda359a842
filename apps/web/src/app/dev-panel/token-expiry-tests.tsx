import { useState } from 'react';
import { useSession } from '../../lib/session-store';
import { expireToken, type LogoutType } from './api';

const OUTCOMES: Record<LogoutType, string> = {
  access_only: 'Access token cleared: the next call refreshes the session.',
  refresh_only: 'Refresh token cleared: the session ends when the access token expires.',
};

/** SPEC 2 and 7: ends one of the session's tokens (POST /logout {logout_type}) to watch the app recover or not. */
export function TokenExpiryTests() {
  const { user } = useSession();
  const [outcome, setOutcome] = useState<string | null>(null);

  async function expire(logoutType: LogoutType): Promise<void> {
    try {
      await expireToken(logoutType);
      setOutcome(OUTCOMES[logoutType]);
    } catch (error) {
      setOutcome(`Token test failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  return (
    <section className="dev-panel-section" aria-labelledby="dev-tokens-title">
      <h3 id="dev-tokens-title">Token expiry</h3>
      <div className="button-row">
        <button type="button" className="button" disabled={!user} onClick={() => void expire('access_only')}>
          Expire access token
        </button>
        <button type="button" className="button" disabled={!user} onClick={() => void expire('refresh_only')}>
          Expire refresh token
        </button>
      </div>
      <p className="dev-panel-note" role="status">
        {user ? outcome : 'Sign in to try the token tests.'}
      </p>
    </section>
  );
}
