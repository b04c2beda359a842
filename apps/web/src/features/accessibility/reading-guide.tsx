import { useEffect, useState } from 'react';

/** A band across the page that follows the pointer, to keep the eye on one line. */
export function ReadingGuide() {
  const [top, setTop] = useState<number | null>(null);
  useEffect(() => {
    const onMove = (event: PointerEvent) => setTop(event.clientY);
    document.addEventListener('pointermove', onMove);
    return () => document.removeEventListener('pointermove', onMove);
  }, []);
  if (top === null) return null;
  return <div className="reading-guide" aria-hidden="true" style={{ top: `${top}px` }} />;
}
