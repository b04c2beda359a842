/** SPEC 3's activity log entry, as the browser fills it. */
export type ActivityType = 'navigation' | 'click' | 'form_submit' | 'api_call' | 'system_event' | 'scroll';
type Detail = Record<string, string | number | boolean | null>;

export type TrackedActivity = {
  activity_type: ActivityType;
  activity_category?: string;
  activity_name?: string;
  page_url?: string;
  page_title?: string;
  referrer_url?: string;
  page_load_time?: number;
  browser_info?: Detail;
  device_info?: Detail;
  element_selector?: string;
  element_text?: string;
  element_attributes?: Detail;
  element_position?: Detail;
  extra_data?: Detail;
  error_details?: Detail;
  response_time?: number;
  session_id?: string;
  client_timestamp?: string;
};

/** SPEC 9: the app's batch of 5 every 10 s, the dedupe windows, the scroll sample and the text cap. */
export const BATCH_SIZE = 5;
export const FLUSH_INTERVAL_MS = 10_000;
export const NAVIGATION_DEDUPE_MS = 2000;
export const IDENTICAL_DEDUPE_MS = 500;
export const SCROLL_SAMPLE_MS = 1000;
export const TEXT_CAP = 100;
/** SPEC 5: form fields whose names contain these are never sent. */
export const REDACTED_NAME_PARTS = ['password', 'ssn', 'social', 'credit_card', 'cvv', 'pin'] as const;
export const REDACTED = '[redacted]';

export function capText(text: string | null | undefined, max = TEXT_CAP): string {
  const clean = (text ?? '').replace(/\s+/g, ' ').trim();
  return clean.length > max ? clean.slice(0, max) : clean;
}

export function isRedactedField(name: string): boolean {
  const lower = name.toLowerCase();
  return REDACTED_NAME_PARTS.some((part) => lower.includes(part));
}

/** A submitted form's fields: sensitive ones redacted, every value cut to 100 characters. */
export function redactFormFields(fields: Iterable<[string, string]>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of fields) result[name] = isRedactedField(name) ? REDACTED : capText(value);
  return result;
}

/** How the server answered a batch (SPEC 4): each outcome has its own rule. */
export type SendOutcome = 'sent' | 'unauthorized' | 'rejected' | 'retry';

function identityOf(activity: TrackedActivity): string {
  return JSON.stringify([
    activity.activity_type,
    activity.activity_name,
    activity.page_url,
    activity.element_selector,
    activity.element_text,
  ]);
}

/**
 * The tracker's queue and its rules: a navigation to the same page within 2 s and an identical
 * event within 500 ms are recorded once; batches of 5 leave from the front; a batch that
 * failed for a passing reason goes back to the front, in order.
 */
export class ActivityQueue {
  private items: TrackedActivity[] = [];
  private lastNavigation: { url: string; at: number } | null = null;
  private lastEvent: { identity: string; at: number } | null = null;

  get size(): number {
    return this.items.length;
  }

  /** False when the rules drop it as a duplicate. */
  add(activity: TrackedActivity, now: number): boolean {
    if (activity.activity_type === 'navigation') {
      const url = activity.page_url ?? '';
      if (
        this.lastNavigation &&
        this.lastNavigation.url === url &&
        now - this.lastNavigation.at < NAVIGATION_DEDUPE_MS
      ) {
        return false;
      }
      this.lastNavigation = { url, at: now };
    }
    const identity = identityOf(activity);
    if (this.lastEvent && this.lastEvent.identity === identity && now - this.lastEvent.at < IDENTICAL_DEDUPE_MS) {
      return false;
    }
    this.lastEvent = { identity, at: now };
    this.items.push(activity);
    return true;
  }

  takeBatch(size = BATCH_SIZE): TrackedActivity[] {
    return this.items.splice(0, size);
  }

  takeAll(): TrackedActivity[] {
    return this.items.splice(0);
  }

  /** SPEC 4: 401 empties the queue, 400 drops the batch, 5xx or a network error requeues it. */
  settle(batch: TrackedActivity[], outcome: SendOutcome): void {
    if (outcome === 'unauthorized') this.items = [];
    else if (outcome === 'retry') this.items.unshift(...batch);
  }
}
