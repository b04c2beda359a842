import {
  ActivityQueue,
  BATCH_SIZE,
  capText,
  FLUSH_INTERVAL_MS,
  redactFormFields,
  SCROLL_SAMPLE_MS,
  type SendOutcome,
  type TrackedActivity,
} from './activity-queue';
import { ACTIVITY_LOGS_PATH } from './activity-sender';

export const AUTH_ERROR_EVENT = 'activity-tracker:auth-error';

export type TrackerDeps = {
  send: (batch: TrackedActivity[], sessionId: string) => Promise<SendOutcome>;
  beacon: (batch: TrackedActivity[], sessionId: string) => boolean;
  apiBase: () => string;
  now?: () => number;
};

function selectorOf(element: Element): string {
  const parts: string[] = [];
  let current: Element | null = element;
  while (current && parts.length < 4 && current !== document.body) {
    const id = current.id ? `#${current.id}` : '';
    const classes = [...current.classList]
      .slice(0, 2)
      .map((name) => `.${name}`)
      .join('');
    parts.unshift(`${current.tagName.toLowerCase()}${id}${classes}`);
    if (id) break;
    current = current.parentElement;
  }
  return parts.join(' > ').slice(0, 500);
}

function page(): Pick<TrackedActivity, 'page_url' | 'page_title'> {
  return { page_url: window.location.href.slice(0, 2000), page_title: document.title.slice(0, 300) };
}

/**
 * SPEC 3, 4, 9: records navigation, clicks, form submits, API calls, system events and sampled
 * scroll; sends batches of 5 every 10 s (at once when 5 wait), the rest by beacon on unload.
 */
export function createActivityTracker(deps: TrackerDeps) {
  const queue = new ActivityQueue();
  const now = deps.now ?? Date.now;
  const sessionId = `${now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
  let sending = false;
  let lastScroll = -Infinity;
  const cleanups: (() => void)[] = [];

  function record(activity: TrackedActivity): void {
    const added = queue.add(
      { ...page(), ...activity, session_id: sessionId, client_timestamp: new Date(now()).toISOString() },
      now(),
    );
    if (added && queue.size >= BATCH_SIZE) void flush();
  }

  async function flush(): Promise<void> {
    if (sending || queue.size === 0) return;
    sending = true;
    try {
      const batch = queue.takeBatch();
      const outcome = await deps.send(batch, sessionId);
      queue.settle(batch, outcome);
      if (outcome === 'unauthorized') window.dispatchEvent(new CustomEvent(AUTH_ERROR_EVENT));
    } finally {
      sending = false;
    }
  }

  function listen<K extends keyof WindowEventMap | keyof DocumentEventMap>(
    target: Window | Document,
    type: K,
    handler: (event: (WindowEventMap & DocumentEventMap)[K]) => void,
  ): void {
    const listener = handler as EventListener;
    target.addEventListener(type, listener, true);
    cleanups.push(() => target.removeEventListener(type, listener, true));
  }

  function start(): void {
    listen(document, 'click', (event) => {
      const element = (event.target as Element | null)?.closest(
        'a, button, [role="button"], [role="option"], input, select',
      );
      if (!element) return;
      const rect = element.getBoundingClientRect();
      record({
        activity_type: 'click',
        activity_category: 'interaction',
        activity_name: element.tagName.toLowerCase(),
        element_selector: selectorOf(element),
        element_text: capText(element.getAttribute('aria-label') || (element as HTMLElement).innerText),
        element_attributes: {
          href: element.getAttribute('href'),
          role: element.getAttribute('role'),
          type: element.getAttribute('type'),
        },
        element_position: { x: Math.round(rect.x), y: Math.round(rect.y) },
      });
    });
    listen(document, 'submit', (event) => {
      const form = event.target as HTMLFormElement;
      const fields: [string, string][] = [];
      for (const element of [...form.elements]) {
        const named = element as HTMLInputElement;
        if (!named.name || named.type === 'file') continue;
        fields.push([named.name, named.value ?? '']);
      }
      record({
        activity_type: 'form_submit',
        activity_category: 'form',
        activity_name: capText(form.getAttribute('aria-label') || form.id || 'form'),
        element_selector: selectorOf(form),
        extra_data: Object.fromEntries(Object.entries(redactFormFields(fields)).slice(0, 30)),
      });
    });
    listen(window, 'scroll', () => {
      if (now() - lastScroll < SCROLL_SAMPLE_MS) return;
      lastScroll = now();
      record({
        activity_type: 'scroll',
        activity_category: 'page',
        activity_name: 'scroll',
        extra_data: { scroll_y: Math.round(window.scrollY), page_height: document.documentElement.scrollHeight },
      });
    });
    listen(window, 'error', (event) => {
      record({
        activity_type: 'system_event',
        activity_category: 'error',
        activity_name: 'error',
        error_details: {
          message: capText(event.message, 500),
          source: capText(event.filename, 500),
          line: event.lineno,
        },
      });
    });
    listen(window, 'unhandledrejection', (event) => {
      record({
        activity_type: 'system_event',
        activity_category: 'error',
        activity_name: 'unhandled rejection',
        error_details: { message: capText(String(event.reason), 500) },
      });
    });
    const onHide = () => {
      if (document.visibilityState === 'hidden') deps.beacon(queue.takeAll(), sessionId);
    };
    listen(document, 'visibilitychange', onHide);
    listen(window, 'pagehide', () => deps.beacon(queue.takeAll(), sessionId));

    if (typeof PerformanceObserver === 'function') {
      const observer = new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as PerformanceResourceTiming[]) {
          if (!['fetch', 'xmlhttprequest'].includes(entry.initiatorType)) continue;
          const url = new URL(entry.name);
          if (!entry.name.startsWith(deps.apiBase()) || url.pathname === ACTIVITY_LOGS_PATH) continue;
          record({
            activity_type: 'api_call',
            activity_category: 'api',
            activity_name: url.pathname.slice(0, 200),
            response_time: Math.round(entry.duration),
            extra_data: { status: 'responseStatus' in entry ? Number(entry.responseStatus) : null },
          });
        }
      });
      observer.observe({ type: 'resource', buffered: false });
      cleanups.push(() => observer.disconnect());
    }
    const timer = setInterval(() => void flush(), FLUSH_INTERVAL_MS);
    cleanups.push(() => clearInterval(timer));
    const navigationEntry = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    record({
      activity_type: 'system_event',
      activity_category: 'session',
      activity_name: 'tracking started',
      referrer_url: document.referrer.slice(0, 2000) || undefined,
      page_load_time: navigationEntry ? Math.round(navigationEntry.duration) : undefined,
      browser_info: { user_agent: navigator.userAgent.slice(0, 500), language: navigator.language },
      device_info: { width: window.innerWidth, height: window.innerHeight, pixel_ratio: window.devicePixelRatio },
    });
  }

  function stop(): void {
    deps.beacon(queue.takeAll(), sessionId);
    for (const cleanup of cleanups.splice(0)) cleanup();
  }

  return {
    start,
    stop,
    flush,
    navigation: (path: string) =>
      record({ activity_type: 'navigation', activity_category: 'page', activity_name: capText(path, 200) }),
  };
}
