import { Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { PublicRoutes } from './public/PublicRoutes';
import { retryableLazy } from './shared/errors/retryable-lazy';
import { RouteErrorBoundary } from './shared/errors/RouteError';

/**
 * The staff console is its own chunk: a visitor never downloads it. It brings its own Chakra
 * provider with the complete theme (the public pages have no root Chakra provider).
 */
const MaintenanceApp = retryableLazy(async () => {
  const [{ default: Console }, { default: FullSystemProvider }] = await Promise.all([
    import('./maintenance/MaintenanceApp'),
    import('./shared/FullSystemProvider'),
  ]);
  return {
    default: function MaintenanceWithTheme() {
      return (
        <FullSystemProvider>
          <Console />
        </FullSystemProvider>
      );
    },
  };
});

/** Shown while the console's chunk loads; plain markup, as Chakra comes with that chunk. */
function Loading() {
  return (
    <p role="status" style={{ padding: '4rem 1rem', textAlign: 'center', color: '#52525b' }}>
      Loading...
    </p>
  );
}

/** The console behind the route-level boundary: a chunk that fails to load offers Try again. */
function Console() {
  return (
    <RouteErrorBoundary>
      <Suspense fallback={<Loading />}>
        <MaintenanceApp />
      </Suspense>
    </RouteErrorBoundary>
  );
}

export function App() {
  return (
    <Routes>
      <Route path="/admin/*" element={<Console />} />
      <Route path="/maintenance/*" element={<Console />} />
      <Route path="/*" element={<PublicRoutes />} />
    </Routes>
  );
}
