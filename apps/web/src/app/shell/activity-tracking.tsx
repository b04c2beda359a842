import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { apiBaseUrl } from '../../config/runtime';
import { api } from '../../lib/api';
import { beaconBatch, sendBatch } from '../../lib/activity-tracker/activity-sender';
import { createActivityTracker } from '../../lib/activity-tracker/activity-tracker';

/** The activity tracker runs while someone is signed in (the shell), and records each page change. */
export function ActivityTracking() {
  const tracker = useRef<ReturnType<typeof createActivityTracker> | null>(null);
  const location = useLocation();

  useEffect(() => {
    const created = createActivityTracker({
      send: (batch, sessionId) => sendBatch((path, body) => api.post(path, body), batch, sessionId),
      beacon: beaconBatch,
      apiBase: apiBaseUrl,
    });
    created.start();
    tracker.current = created;
    return () => {
      created.stop();
      tracker.current = null;
    };
  }, []);

  useEffect(() => {
    // After the page has rendered and set its title.
    const timer = setTimeout(() => tracker.current?.navigation(`${location.pathname}${location.search}`), 300);
    return () => clearTimeout(timer);
  }, [location.pathname, location.search]);

  return null;
}
