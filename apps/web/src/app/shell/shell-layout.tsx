import { useEffect, useRef, useState } from 'react';
import { Navigate, Outlet, useLocation, useMatches, useNavigate, useNavigation } from 'react-router';
import { hasPermission, MOBILE_BREAKPOINT_PX } from '@practice/shared';
import { publicPaths, shellPaths } from '../../config/paths';
import { LoadingPage } from '../../components/loading-page';
import { logout } from '../../features/auth';
import { recordPageVisit } from '../../lib/recent-items';
import { useSession } from '../../lib/session-store';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../lib/storage-keys';
import { useMediaQuery } from '../../lib/use-media-query';
import { isShellRouteHandle } from '../route-handle';
import { AccessibilityProvider, AccessibilityTools } from '../../features/accessibility';
import { SearchPalette } from '../../features/search';
import { ToastRegion } from '../../components/toast-region';
import { Sidebar } from './sidebar';
import { ActivityTracking } from './activity-tracking';
import { TopBar } from './top-bar';
import { useLiveSession } from './use-live-session';
import {
  forgetSignedInOrganization,
  loadOrganizationConfig,
  useOrganizationConfig,
  useSignedInOrganization,
} from '../../lib/organization-config';
import { UpdateBanner } from './update-banner';
import './shell.css';

const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX}px)`;

/**
 * The open slide-in menu is a modal layer: Tab and Shift+Tab go round its own items instead of
 * leaving for the page behind the backdrop (which is inert meanwhile, for screen readers too).
 */
function keepFocusInMenu(event: KeyboardEvent): void {
  const menu = document.getElementById('app-sidebar');
  if (!menu) return;
  const items = [...menu.querySelectorAll<HTMLElement>('a[href], button:not([disabled])')];
  const first = items[0];
  const last = items.at(-1);
  if (!first || !last) return;
  const inside = menu.contains(document.activeElement);
  if (event.shiftKey && (!inside || document.activeElement === first)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (!inside || document.activeElement === last)) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * Until the firm's configuration is read the pages wait: their default dates are the firm's
 * today, which only the server knows (ADR 0200).
 */
function FirmNotLoaded({ failed }: { failed: boolean }) {
  if (!failed) return <LoadingPage />;
  return (
    <p className="form-error" role="alert">
      The firm's settings did not load.{' '}
      <button type="button" className="link-button" onClick={() => void loadOrganizationConfig()}>
        Try again
      </button>
    </p>
  );
}

/** The signed-in shell (SPEC 2): sidebar, top bar, and the current page behind its permission. */
export function ShellLayout() {
  const { user } = useSession();
  const matches = useMatches();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const mobile = useMediaQuery(MOBILE_QUERY);
  const [collapsed, setCollapsed] = useState(() => readStorage(STORAGE_KEYS.sidebarCollapsed) === 'true');
  const [mobileOpen, setMobileOpen] = useState(false);
  const closeButtonRef = useRef<HTMLButtonElement>(null);
  const menuButtonReturn = useRef<HTMLElement | null>(null);
  useLiveSession();
  const organization = useSignedInOrganization(user?.organization_id ?? null);
  const { status: organizationStatus } = useOrganizationConfig();
  const location = useLocation();

  // Each visit goes into the history and recent items once the page shows; its title is the
  // page's heading (a client's legal name), followed while it loads.
  useEffect(() => {
    let title = '';
    const record = () => {
      // The next page's heading may land before this effect is cleaned up: never give it this path.
      if (window.location.pathname !== location.pathname) return;
      const heading = document.querySelector('main h1')?.textContent?.trim() || document.title;
      if (heading === title) return;
      title = heading;
      recordPageVisit(location.pathname, location.search, heading);
    };
    const timer = setTimeout(record, 400);
    const main = document.getElementById('main-content');
    const observer = new MutationObserver(() => {
      if (document.querySelector('main h1')) record();
    });
    if (main) observer.observe(main, { subtree: true, childList: true, characterData: true });
    return () => {
      clearTimeout(timer);
      observer.disconnect();
    };
  }, [location.pathname, location.search]);

  useEffect(() => {
    if (!mobileOpen) return;
    closeButtonRef.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMobileOpen(false);
      if (event.key === 'Tab') keepFocusInMenu(event);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      menuButtonReturn.current?.focus();
    };
  }, [mobileOpen]);

  if (!user) return null;
  const handle = matches.at(-1)?.handle;
  const permission = isShellRouteHandle(handle) ? handle.permission : null;
  if (permission && !hasPermission(user.full_role, permission)) {
    return <Navigate to={shellPaths.accessDenied.getHref()} replace />;
  }

  function toggleCollapsed(): void {
    setCollapsed((current) => {
      writeStorage(STORAGE_KEYS.sidebarCollapsed, String(!current));
      return !current;
    });
  }

  async function signOut(): Promise<void> {
    await logout();
    forgetSignedInOrganization();
    navigate(publicPaths.login.getHref(), { replace: true });
  }

  const firm =
    typeof organization?.name === 'string'
      ? { name: organization.name, logo_url: organization.logo_url ?? null }
      : null;
  const layoutClass = ['shell', collapsed && !mobile && 'is-collapsed'].filter(Boolean).join(' ');
  return (
    <AccessibilityProvider>
      <div className={layoutClass}>
        <a className="skip-link" href="#main-content">
          Skip to content
        </a>
        <Sidebar
          user={user}
          collapsed={collapsed}
          mobile={mobile}
          mobileOpen={mobileOpen}
          onToggleCollapsed={toggleCollapsed}
          onCloseMobile={() => setMobileOpen(false)}
          onNavigate={() => setMobileOpen(false)}
          onLogout={() => void signOut()}
          closeButtonRef={closeButtonRef}
          firm={firm}
        />
        {mobile && mobileOpen && (
          <div className="sidebar-backdrop" aria-hidden="true" onClick={() => setMobileOpen(false)} />
        )}
        <div className="shell-main" inert={mobile && mobileOpen}>
          <UpdateBanner />
          <TopBar
            user={user}
            mobile={mobile}
            menuOpen={mobileOpen}
            onOpenMenu={() => {
              menuButtonReturn.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
              setMobileOpen(true);
            }}
          />
          <main id="main-content" className="page" tabIndex={-1}>
            {!organization?.time_zone ? (
              <FirmNotLoaded failed={organizationStatus === 'failed'} />
            ) : navigation.state === 'loading' ? (
              <LoadingPage />
            ) : (
              <Outlet />
            )}
          </main>
        </div>
        <SearchPalette />
        <ToastRegion />
        <AccessibilityTools />
        <ActivityTracking />
      </div>
    </AccessibilityProvider>
  );
}
