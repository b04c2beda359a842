import { useNavigate } from 'react-router';
import { publicPaths } from '../config/paths';
import { Modal } from '../components/modal';
import { sessionActions, useSession } from '../lib/session-store';

/** SPEC 2: shown when a refresh answers 401; only Go to Login leaves it. */
export function SessionExpiredModal() {
  const { sessionExpired } = useSession();
  const navigate = useNavigate();
  return (
    <Modal open={sessionExpired} title="Session Expired">
      <p>Your session has expired for security reasons. Please log in again to continue.</p>
      <div className="button-row button-row-end">
        <button
          type="button"
          className="button button-primary"
          data-autofocus
          onClick={() => {
            sessionActions.leaveExpiredSession();
            navigate(publicPaths.login.getHref(), { replace: true });
          }}
        >
          Go to Login
        </button>
      </div>
    </Modal>
  );
}
