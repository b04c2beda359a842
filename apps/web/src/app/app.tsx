import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { routes } from './routes';

const router = createBrowserRouter(routes);

/** Everything but a first visit to /login: the data router with its lazy routes (ADR 0010). */
export function App() {
  return <RouterProvider router={router} />;
}
