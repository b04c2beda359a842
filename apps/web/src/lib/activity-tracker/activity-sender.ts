import { apiBaseUrl } from '../../config/runtime';
import { ApiError } from '../api-error';
import { CSRF_ACCESS_COOKIE, readCookie } from '../cookies';
import type { SendOutcome, TrackedActivity } from './activity-queue';

export const ACTIVITY_LOGS_PATH = '/api/activity-logs';

type Post = (path: string, body: unknown) => Promise<unknown>;

export function batchBody(activities: TrackedActivity[], sessionId: string) {
  return {
    activities,
    batch_info: { batch_size: activities.length, timestamp: new Date().toISOString(), session_id: sessionId },
  };
}

/** The server's answer as a queue rule (SPEC 4): 401 unauthorized, another 4xx rejected, 5xx or no answer retry. */
export function outcomeOf(error: unknown): SendOutcome {
  if (!(error instanceof ApiError)) return 'retry';
  if (error.status === 401) return 'unauthorized';
  if (error.network || error.status === 0 || error.status >= 500 || error.status === 429) return 'retry';
  return 'rejected';
}

export async function sendBatch(post: Post, activities: TrackedActivity[], sessionId: string): Promise<SendOutcome> {
  try {
    await post(ACTIVITY_LOGS_PATH, batchBody(activities, sessionId));
    return 'sent';
  } catch (error) {
    return outcomeOf(error);
  }
}

/**
 * On unload (SPEC 7): sendBeacon, which cannot set headers, so the body goes as text/plain (no
 * preflight while the page closes) and the CSRF value in the query (ADR 0159).
 */
export function beaconBatch(activities: TrackedActivity[], sessionId: string): boolean {
  if (activities.length === 0 || typeof navigator.sendBeacon !== 'function') return false;
  const csrf = readCookie(CSRF_ACCESS_COOKIE) ?? '';
  const url = `${apiBaseUrl()}${ACTIVITY_LOGS_PATH}?csrf=${encodeURIComponent(csrf)}`;
  const body = new Blob([JSON.stringify(batchBody(activities, sessionId))], { type: 'text/plain' });
  return navigator.sendBeacon(url, body);
}
