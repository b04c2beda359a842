import { useEffect, useId, useState, type Ref } from 'react';
import { NavLink } from 'react-router';
import { Icon } from '../../components/icon';
import type { User } from '../../lib/session-store';
import { shellPaths } from '../../config/paths';
import { pageExists } from '../pages';
import { visibleSidebarItems, type SidebarItem } from './sidebar-items';
import { UserSummary } from './user-summary';
import { useUnreadTicketReplies } from '../../features/support/api/tickets';
import { useFirmLogo } from '../../lib/firm-logo';
import { RecentItemsPanel } from './recent-items-panel';
import {
  applyOrder,
  fetchServerOrder,
  pathOf,
  readLocalOrder,
  saveServerOrder,
  writeLocalOrder,
} from './sidebar-order';
import { SortableNavList } from './sortable-nav-list';
import { toast } from '../../lib/toasts';

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
  /** The firm's name and logo address (issue 16), once loaded. */
  firm?: { name: string; logo_url: string | null } | null;
};

/** The tooltip names the item when only its icon shows, and carries SPEC 2's longer names always. */
function NavItem({
  item,
  collapsed,
  onNavigate,
  count = 0,
}: {
  item: SidebarItem;
  collapsed: boolean;
  onNavigate: () => void;
  /** Unread things behind the item (the Support item's unread replies), shown as a number. */
  count?: number;
}) {
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
        {count > 0 && (
          <span className="nav-count" aria-label={`${count} unread`}>
            {count}
          </span>
        )}
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
  firm = null,
}: SidebarProps) {
  const logo = useFirmLogo(firm?.logo_url);
  const unreadReplies = useUnreadTicketReplies().data ?? 0;
  const [order, setOrder] = useState(() => readLocalOrder(user.id));
  const [editing, setEditing] = useState(false);
  const items = applyOrder(visibleSidebarItems(user.full_role, pageExists), order);
  const showCollapsed = collapsed && !mobile;
  const canEdit = !mobile && !collapsed;

  // The order saved on the server wins over this browser's copy: it follows the user.
  useEffect(() => {
    let current = true;
    void fetchServerOrder().then((saved) => {
      if (!current || !saved || saved.length === 0) return;
      setOrder(saved);
      writeLocalOrder(user.id, saved);
    });
    return () => {
      current = false;
    };
  }, [user.id]);

  function saveOrder(next: string[] | null): void {
    setOrder(next);
    writeLocalOrder(user.id, next);
    void saveServerOrder(next);
  }
  const classes = ['sidebar', showCollapsed && 'is-collapsed', mobile && 'is-mobile', mobileOpen && 'is-open'];

  return (
    <nav
      id="app-sidebar"
      aria-label="Main navigation"
      className={classes.filter(Boolean).join(' ')}
      inert={mobile && !mobileOpen}
    >
      <div className="sidebar-header">
        {logo && firm ? (
          <img className="firm-logo-mark" src={logo} alt={`${firm.name} logo`} />
        ) : (
          <span className="brand-mark" aria-hidden="true" />
        )}
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
      {editing && canEdit ? (
        <SortableNavList
          items={items}
          onReorder={(next) => {
            saveOrder(next.map(pathOf));
            toast.success('Navigation order updated!');
          }}
        />
      ) : null}
      <ul className="nav-list" hidden={editing && canEdit}>
        {items.map((item) => (
          <NavItem
            key={item.pathId}
            item={item}
            collapsed={showCollapsed}
            onNavigate={onNavigate}
            count={item.pathId === 'supportTicketsManage' ? unreadReplies : 0}
          />
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
      {canEdit && (
        <div className="sidebar-edit-bar">
          {editing ? (
            <>
              <button
                type="button"
                className="sidebar-edit-button"
                onClick={() => {
                  setEditing(false);
                  toast.success('Navigation customization saved!');
                }}
              >
                Done
              </button>
              <button
                type="button"
                className="sidebar-edit-button"
                onClick={() => {
                  saveOrder(null);
                  toast.success('Navigation order reset to default!');
                }}
              >
                Reset
              </button>
            </>
          ) : (
            <button type="button" className="sidebar-edit-button" onClick={() => setEditing(true)}>
              Edit menu
            </button>
          )}
        </div>
      )}
      {canEdit && !editing && <RecentItemsPanel onNavigate={onNavigate} />}
      <UserSummary user={user} />
    </nav>
  );
}
