import { useId, type Ref } from 'react';
import { NavLink } from 'react-router';
import { Icon } from '../../components/icon';
import type { User } from '../../lib/session-store';
import { shellPaths } from '../../config/paths';
import { pageExists } from '../pages';
import { visibleSidebarItems, type SidebarItem } from './sidebar-items';
import { UserSummary } from './user-summary';

type SidebarProps = {
  user: User;
  collapsed: boolean;
  mobile: boolean;
  mobileOpen: boolean;
  onToggleCollapsed: () => void;
  onCloseMobile: () => void;
  /** A menu item was chosen: the slide-in menu closes, even when the item is the current page. */
  onNavigate: () => void;
  onLogout: () => void;
  closeButtonRef: Ref<HTMLButtonElement>;
};

/** The tooltip names the item when only its icon shows, and carries SPEC 2's longer names always. */
function NavItem({ item, collapsed, onNavigate }: { item: SidebarItem; collapsed: boolean; onNavigate: () => void }) {
  const tooltipId = useId();
  const tooltip = item.tooltip ?? (collapsed ? item.label : null);
  return (
    <li className="nav-item">
      <NavLink
        to={shellPaths[item.pathId].getHref()}
        end
        className="nav-link"
        onClick={onNavigate}
        aria-describedby={item.tooltip ? tooltipId : undefined}
      >
        <Icon name={item.icon} />
        <span className="nav-label">{item.label}</span>
      </NavLink>
      {tooltip && (
        <span id={tooltipId} role="tooltip" className="nav-tooltip">
          {tooltip}
        </span>
      )}
    </li>
  );
}

export function Sidebar({
  user,
  collapsed,
  mobile,
  mobileOpen,
  onToggleCollapsed,
  onCloseMobile,
  onNavigate,
  onLogout,
  closeButtonRef,
}: SidebarProps) {
  const items = visibleSidebarItems(user.full_role, pageExists);
  const showCollapsed = collapsed && !mobile;
  const classes = ['sidebar', showCollapsed && 'is-collapsed', mobile && 'is-mobile', mobileOpen && 'is-open'];

  return (
    <nav
      id="app-sidebar"
      aria-label="Main navigation"
      className={classes.filter(Boolean).join(' ')}
      inert={mobile && !mobileOpen}
    >
      <div className="sidebar-header">
        <span className="brand-mark" aria-hidden="true" />
        {mobile ? (
          <button
            ref={closeButtonRef}
            type="button"
            className="icon-button sidebar-toggle"
            aria-label="Close navigation menu"
            onClick={onCloseMobile}
          >
            <Icon name="close" />
          </button>
        ) : (
          <button
            type="button"
            className="icon-button sidebar-toggle"
            aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
            aria-expanded={!collapsed}
            aria-controls="app-sidebar"
            onClick={onToggleCollapsed}
          >
            <Icon name={collapsed ? 'expand' : 'collapse'} />
          </button>
        )}
      </div>
      <ul className="nav-list">
        {items.map((item) => (
          <NavItem key={item.pathId} item={item} collapsed={showCollapsed} onNavigate={onNavigate} />
        ))}
        <li className="nav-item">
          <button type="button" className="nav-link" onClick={onLogout}>
            <Icon name="logout" />
            <span className="nav-label">Logout</span>
          </button>
          {showCollapsed && (
            <span role="tooltip" className="nav-tooltip">
              Logout
            </span>
          )}
        </li>
      </ul>
      <UserSummary user={user} />
    </nav>
  );
}
