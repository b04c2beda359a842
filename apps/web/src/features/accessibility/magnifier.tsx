import { useEffect, useState } from 'react';

const MAX_TEXT = 200;

type Lens = { x: number; y: number; text: string };

/** The text of the element under the pointer, as short as the nearest element that has any. */
function textUnder(target: EventTarget | null): string {
  let element = target instanceof HTMLElement ? target : null;
  while (element && element !== document.body) {
    const text = (element.innerText || element.getAttribute('aria-label') || '').replace(/\s+/g, ' ').trim();
    if (text) return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 3)}...` : text;
    element = element.parentElement;
  }
  return '';
}

/** The magnifier: what is under the pointer, drawn twice as large in a lens beside it. */
export function Magnifier() {
  const [lens, setLens] = useState<Lens | null>(null);
  useEffect(() => {
    const onMove = (event: PointerEvent) => {
      const text = textUnder(event.target);
      setLens(text ? { x: event.clientX, y: event.clientY, text } : null);
    };
    document.addEventListener('pointermove', onMove);
    return () => document.removeEventListener('pointermove', onMove);
  }, []);
  if (!lens) return null;
  const left = Math.min(lens.x + 16, window.innerWidth - 340);
  const top = lens.y + 24 > window.innerHeight - 120 ? lens.y - 120 : lens.y + 24;
  return (
    <div className="magnifier-lens" aria-hidden="true" style={{ left: `${Math.max(8, left)}px`, top: `${top}px` }}>
      {lens.text}
    </div>
  );
}
