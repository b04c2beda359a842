import { useEffect, useRef } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { queryClient } from '../lib/query-client';
import { useSession } from '../lib/session-store';
import { routes } from './routes';

const router = createBrowserRouter(routes);

/** Server state cached for one user never shows to the next one signing in on this page. */
function ForgetDataOfPreviousUser() {
  const userId = useSession().user?.id ?? null;
  const cachedFor = useRef(userId);
  useEffect(() => {
    if (cachedFor.current === userId) return;
    queryClient.clear();
    cachedFor.current = userId;
  }, [userId]);
  return null;
}

/** Everything but a first visit to /login: the data router with its lazy routes (ADR 0010). */
export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <ForgetDataOfPreviousUser />
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
