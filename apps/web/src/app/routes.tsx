import type { RouteObject } from 'react-router';
import { publicPaths, shellPaths, type ShellPathId } from '../config/paths';
import { LoadingPage } from '../components/loading-page';
import { NotFoundPage } from './errors/not-found-page';
import { LoginRoute } from './login-route';
import { PageBoundary } from './errors/page-boundary';
import { PageError } from './errors/page-error';
import { publicPages, shellPages, type PageLoader } from './pages';
import { RequireSession } from './require-session';
import { RootLayout } from './root-layout';
import type { ShellRouteHandle } from './route-handle';

/**
 * React Router 7 renders nothing below a route whose lazy() rejected (a chunk that failed to
 * load), so a failure becomes a loader that throws: a routing error, shown by the Page Error screen.
 */
function lazyRoute(load: () => Promise<Pick<RouteObject, 'element'>>): RouteObject['lazy'] {
  return async () => {
    try {
      return await load();
    } catch (error) {
      return {
        loader: () => {
          throw error;
        },
      };
    }
  };
}

function pageRoute(path: string, load: PageLoader | null): RouteObject {
  if (!load) return { path, Component: NotFoundPage };
  const lazy = lazyRoute(async () => {
    const { default: Page } = await load();
    return {
      element: (
        <PageBoundary>
          <Page />
        </PageBoundary>
      ),
    };
  });
  return { path, lazy, errorElement: <PageError /> };
}

const shellRoutes: RouteObject[] = (Object.keys(shellPaths) as ShellPathId[]).map((id) => {
  const handle: ShellRouteHandle = { permission: shellPaths[id].permission };
  return { ...pageRoute(shellPaths[id].path, shellPages[id]), handle };
});

const publicRoutes: RouteObject[] = (Object.keys(publicPages) as (keyof typeof publicPages)[]).map((id) =>
  pageRoute(publicPaths[id].path, publicPages[id]),
);

/** SPEC 2 route tree: public pages, then the signed-in shell (loaded lazily) around every shell route. */
export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    errorElement: <PageError />,
    hydrateFallbackElement: <LoadingPage />,
    children: [
      { path: publicPaths.login.path, Component: LoginRoute },
      ...publicRoutes,
      {
        Component: RequireSession,
        children: [
          {
            lazy: lazyRoute(async () => {
              const { ShellLayout } = await import('./shell/shell-layout');
              return { element: <ShellLayout /> };
            }),
            children: [...shellRoutes, { path: '*', Component: NotFoundPage, handle: { permission: null } }],
          },
        ],
      },
    ],
  },
];
