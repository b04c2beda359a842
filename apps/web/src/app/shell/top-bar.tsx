import { hasPermission } from '@practice/shared';
import { useAccessibility } from '../../features/accessibility';
import { openGlobalSearch } from '../../lib/global-search-open';
import { TopBarTimer } from '../../features/time-entries';
import { roleDisplayName } from './role-display-name';
import { Icon } from '../../components/icon';
import type { User } from '../../lib/session-store';

type TopBarProps = { user: User; mobile: boolean; menuOpen: boolean; onOpenMenu: () => void };

export function TopBar({ user, mobile, menuOpen, onOpenMenu }: TopBarProps) {
  const accessibility = useAccessibility();
  return (
    <header className="top-bar">
      {mobile && (
        <button
          type="button"
          className="icon-button"
          aria-label="Open navigation menu"
          aria-expanded={menuOpen}
          aria-controls="app-sidebar"
          onClick={onOpenMenu}
        >
          <Icon name="menu" />
        </button>
      )}
      <span className="top-bar-spacer" />
      <button type="button" className="icon-button" aria-label="Search (Ctrl+K)" onClick={openGlobalSearch}>
        <Icon name="search" />
      </button>
      <button
        type="button"
        className="icon-button"
        aria-label="Accessibility (Alt+A)"
        aria-haspopup="dialog"
        onClick={() => accessibility.setModalOpen(true)}
      >
        <Icon name="accessibility" />
      </button>
      {hasPermission(user.full_role, 'can_view_time_entries') && <TopBarTimer />}
      <span className="role-display">
        <span className="visually-hidden">Role: </span>
        {roleDisplayName(user)}
      </span>
    </header>
  );
}
