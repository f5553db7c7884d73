import { LOCALES, localizedPath, pageRoutes, type RouteName } from '@mdc/contracts';
import { createBrowserRouter, Outlet, ScrollRestoration, type RouteObject } from 'react-router-dom';
import { Frame } from '../components/layout/Frame';
import { useSessionCheck } from '../features/auth/use-session-check';
import { NotFoundPage } from '../features/errors/NotFoundPage';
import { RootError, RouteError } from '../features/errors/RouteError';
import { configureHttp } from '../lib/http';
import { pages } from './pages';
import { RequireAuth } from './RequireAuth';
import { useDocumentHead } from '../lib/document-head';

function RootLayout() {
  useDocumentHead();
  useSessionCheck();
  return (
    <Frame>
      <Outlet />
      <ScrollRestoration />
    </Frame>
  );
}

function Page({ name, isPublic }: { name: RouteName; isPublic: boolean }) {
  const Component = pages[name];
  return isPublic ? (
    <Component />
  ) : (
    <RequireAuth>
      <Component />
    </RequireAuth>
  );
}

/** Every page twice: Chinese without prefix, English under `/en`; anything else is the 404 page. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RootError />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          ...LOCALES.flatMap((locale) =>
            pageRoutes.map(
              (route): RouteObject => ({
                path: localizedPath(route.path, locale),
                element: <Page name={route.name} isPublic={route.public} />,
              }),
            ),
          ),
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);

configureHttp({ navigate: (to, options) => void router.navigate(to, options) });
