import { useSyncExternalStore } from 'react';
import { LOGOUT_FLAG_MS, sessionUserSchema, type SessionUserView } from '@practice/shared';

export type User = SessionUserView;

export type SessionState = {
  /** False until app start has tried to load the user (SPEC 4). */
  ready: boolean;
  user: User | null;
  /** The Session Expired modal is showing. */
  sessionExpired: boolean;
  /** Set for 500 ms after logout so late calls don't try to refresh a session that just ended. */
  loggingOut: boolean;
};

type Listener = () => void;

let state: SessionState = { ready: false, user: null, sessionExpired: false, loggingOut: false };
const listeners = new Set<Listener>();

function update(change: Partial<SessionState>): void {
  state = { ...state, ...change };
  for (const listener of listeners) listener();
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getSession(): SessionState {
  return state;
}

export function useSession(): SessionState {
  return useSyncExternalStore(subscribe, getSession);
}

/** A user object from the server, or null when it does not have the SPEC 3 shape. */
export function parseUser(body: unknown): User | null {
  const parsed = sessionUserSchema.safeParse(body);
  return parsed.success ? parsed.data : null;
}

export const sessionActions = {
  signedIn(user: User): void {
    update({ ready: true, user, sessionExpired: false });
  },
  signedOut(): void {
    update({ ready: true, user: null });
  },
  /** The user stays on screen behind the modal until he chooses Go to Login. */
  expired(): void {
    update({ ready: true, sessionExpired: true });
  },
  /** Going to /login hides the Session Expired modal (SPEC 4) and forgets the user behind it. */
  leaveExpiredSession(): void {
    update({ ready: true, user: null, sessionExpired: false });
  },
  loggedOut(): void {
    update({ ready: true, user: null, loggingOut: true });
    setTimeout(() => update({ loggingOut: false }), LOGOUT_FLAG_MS);
  },
};
