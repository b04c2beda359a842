import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { builtVersion, fetchDeployedVersion, isUpdateDismissed, VERSION_CHECK_MS } from '../../lib/update-check';

/**
 * SPEC 4: the deployed version is compared with the built one at start and every 60 s; a
 * different one is offered in the banner, and the next route change reloads the page unless
 * the offer was dismissed (a navigation is a moment nothing is being typed).
 */
export function useUpdateCheck(): { available: string | null; dismissed: boolean; markDismissed: () => void } {
  const [available, setAvailable] = useState<string | null>(null);
  const [dismissed, setDismissed] = useState(false);
  const { pathname } = useLocation();
  const shownAt = useRef<string | null>(null);

  useEffect(() => {
    let stopped = false;
    const check = async () => {
      const deployed = await fetchDeployedVersion();
      if (stopped || !deployed || deployed === builtVersion()) return;
      setAvailable(deployed);
      setDismissed(isUpdateDismissed(deployed));
    };
    void check();
    const timer = setInterval(() => void check(), VERSION_CHECK_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, []);

  useEffect(() => {
    if (shownAt.current === null) {
      shownAt.current = pathname;
      return;
    }
    if (pathname !== shownAt.current && available && !dismissed) window.location.reload();
    shownAt.current = pathname;
  }, [pathname, available, dismissed]);

  return { available, dismissed, markDismissed: () => setDismissed(true) };
}
