import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';

/**
 * Screen reader mode: every page change is announced by its title once the page has set it
 * (a single-page app otherwise changes pages silently).
 */
export function PageAnnouncer() {
  const location = useLocation();
  const [message, setMessage] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setMessage(`Page loaded: ${document.title}`), 500);
    return () => clearTimeout(timer);
  }, [location.pathname]);
  return (
    <div className="visually-hidden" role="status" aria-live="polite">
      {message}
    </div>
  );
}
