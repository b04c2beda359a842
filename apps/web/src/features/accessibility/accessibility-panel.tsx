import { useId } from 'react';
import { ACCESSIBILITY_TOGGLES, CURSOR_SIZES, ZOOM_MAX, ZOOM_MIN, ZOOM_STEP } from '../../lib/accessibility-settings';
import { useAccessibility } from './accessibility-context';
import { ACCESSIBILITY_SHORTCUTS } from './accessibility-shortcuts';

const CURSOR_LABELS = { normal: 'Normal', large: 'Large', 'extra-large': 'Extra large' } as const;

/** The accessibility controls: in the Alt+A modal and in Settings -> Accessibility. Saved as they change. */
export function AccessibilityPanel() {
  const { settings, toggle, setCursorSize, setZoom, zoomBy, reset } = useAccessibility();
  const id = useId();
  return (
    <div className="accessibility-panel">
      <fieldset className="accessibility-group">
        <legend>Display and reading</legend>
        <ul className="accessibility-toggles">
          {ACCESSIBILITY_TOGGLES.map((item) => (
            <li key={item.key}>
              <label className="accessibility-toggle">
                <input type="checkbox" role="switch" checked={settings[item.key]} onChange={() => toggle(item.key)} />
                <span>{item.label}</span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <div className="accessibility-zoom">
        <label htmlFor={`${id}-zoom`}>Zoom</label>
        <button type="button" className="button button-small" aria-label="Zoom out" onClick={() => zoomBy(-1)}>
          −
        </button>
        <input
          id={`${id}-zoom`}
          type="range"
          min={ZOOM_MIN}
          max={ZOOM_MAX}
          step={ZOOM_STEP}
          value={settings.zoomLevel}
          aria-valuetext={`${settings.zoomLevel}%`}
          onChange={(event) => setZoom(Number(event.target.value))}
        />
        <button type="button" className="button button-small" aria-label="Zoom in" onClick={() => zoomBy(1)}>
          +
        </button>
        <output htmlFor={`${id}-zoom`} className="accessibility-zoom-value">
          {settings.zoomLevel}%
        </output>
      </div>
      <fieldset className="accessibility-group">
        <legend>Cursor size</legend>
        <div className="accessibility-cursor-options">
          {CURSOR_SIZES.map((size) => (
            <label key={size} className="accessibility-toggle">
              <input
                type="radio"
                name={`${id}-cursor`}
                value={size}
                checked={settings.cursorSize === size}
                onChange={() => setCursorSize(size)}
              />
              <span>{CURSOR_LABELS[size]}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <section aria-labelledby={`${id}-shortcuts`} className="accessibility-shortcuts">
        <h3 id={`${id}-shortcuts`}>Shortcuts</h3>
        <dl>
          {ACCESSIBILITY_SHORTCUTS.map((shortcut) => (
            <div key={shortcut.keys}>
              <dt>
                <kbd>{shortcut.keys}</kbd>
              </dt>
              <dd>{shortcut.action}</dd>
            </div>
          ))}
        </dl>
      </section>
      <p className="accessibility-saved">Settings are saved automatically.</p>
      <button type="button" className="button" onClick={reset}>
        Reset all
      </button>
    </div>
  );
}
