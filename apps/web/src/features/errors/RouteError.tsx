import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { isChunkLoadError } from '../../lib/chunk-reload';
import { CantFoundPage } from './CantFoundPage';
import { NotFoundPage } from './NotFoundPage';
import { ServerErrorPage } from './ServerErrorPage';

/** A page failed to render or load: show the matching error page inside the frame. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  // A chunk that could not be loaded (and was already reloaded once this minute): a network matter.
  if (isChunkLoadError(error)) return <CantFoundPage />;
  console.error(error);
  return <ServerErrorPage />;
}

/** The frame itself failed: the same pages, without header and footer. */
export function RootError() {
  return (
    <div className="mdc-app">
      <main className="mdc-main">
        <RouteError />
      </main>
    </div>
  );
}
