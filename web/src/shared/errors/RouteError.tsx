import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { isChunkLoadError } from './chunk-error';
import { ErrorBoundary } from './ErrorBoundary';

/**
 * Plain markup (the public frame's CSS), since Chakra may be what failed to arrive. A chunk
 * that failed is imported again by Try again; when that fails too, the page is reloaded, which
 * also picks up a new deploy's chunk names.
 */
function RouteErrorScreen({ error, retry, retries }: { error: Error; retry: () => void; retries: number }) {
  const chunk = isChunkLoadError(error);
  const again = () => (chunk && retries > 0 ? window.location.reload() : retry());
  return (
    <main className="lx-screen lx-page" data-side="clinic">
      <div role="alert" className="lx-notfound">
        <h1>{chunk ? 'This page could not be loaded' : 'Something went wrong'}</h1>
        <p>{chunk ? 'Part of the site did not arrive. Check your connection, then try again.' : 'Sorry, this page ran into a problem. Please try again.'}</p>
        <button type="button" className="lx-btn lx-btn--lg" onClick={again}>
          Try again
        </button>
      </div>
    </main>
  );
}

/** The route-level boundary: a screen that fails shows a way to try again; another page clears it. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary resetKey={pathname} fallback={(error, retry, retries) => <RouteErrorScreen error={error} retry={retry} retries={retries} />}>
      {children}
    </ErrorBoundary>
  );
}
