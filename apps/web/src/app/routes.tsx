import type { RouteObject } from 'react-router';
import { publicPaths, shellPaths, type ShellPathId } from '../config/paths';
import { LoadingPage } from '../components/loading-page';
import { NotFoundPage } from './errors/not-found-page';
import { LoginRoute } from './login-route';
import { PageError } from './errors/page-error';
import { publicPages, shellPages, type PageLoader } from './pages';
import { RequireSession } from './require-session';
import { RootLayout } from './root-layout';
import type { ShellRouteHandle } from './route-handle';

function lazyPage(load: PageLoader): RouteObject['lazy'] {
  return async () => ({ Component: (await load()).default });
}

function pageRoute(path: string, load: PageLoader | null): RouteObject {
  return load ? { path, lazy: lazyPage(load), errorElement: <PageError /> } : { path, Component: NotFoundPage };
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
            lazy: async () => ({ Component: (await import('./shell/shell-layout')).ShellLayout }),
            children: [...shellRoutes, { path: '*', Component: NotFoundPage, handle: { permission: null } }],
          },
        ],
      },
    ],
  },
];
