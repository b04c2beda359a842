import { useEffect, useRef, useState } from 'react';
import { Icon } from '../../components/icon';
import { isDevPanelShortcut } from './dev-panel-shortcut';
import { OrganizationSwitcher } from './organization-switcher';
import { TokenExpiryTests } from './token-expiry-tests';
import { TwoFactorBypass } from './two-factor-bypass';
import './dev-panel.css';

/**
 * SPEC 2: the development panel, toggled by Ctrl/Cmd+Z on every page, the sign-in page too.
 * It is not modal: the page stays usable beside it, and Esc closes it from inside.
 */
export function DevPanel() {
  const [open, setOpen] = useState(false);
  const titleRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isDevPanelShortcut(event)) return;
      event.preventDefault();
      setOpen((current) => !current);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  useEffect(() => {
    if (open) titleRef.current?.focus();
  }, [open]);

  if (!open) return null;
  return (
    <aside
      className="dev-panel"
      aria-labelledby="dev-panel-title"
      onKeyDown={(event) => {
        if (event.key === 'Escape') setOpen(false);
      }}
    >
      <div className="dev-panel-header">
        <h2 id="dev-panel-title" ref={titleRef} tabIndex={-1}>
          Development tools
        </h2>
        <button
          type="button"
          className="icon-button"
          aria-label="Close development tools"
          onClick={() => setOpen(false)}
        >
          <Icon name="close" />
        </button>
      </div>
      <OrganizationSwitcher />
      <TwoFactorBypass />
      <TokenExpiryTests />
    </aside>
  );
}
