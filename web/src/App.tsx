import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { PublicRoutes } from './public/PublicRoutes';

/**
 * The staff console is its own chunk: a visitor never downloads it. It brings its own Chakra
 * provider with the complete theme (the public pages have no root Chakra provider).
 */
const MaintenanceApp = lazy(async () => {
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

export function App() {
  return (
    <Routes>
      <Route
        path="/admin/*"
        element={
          <Suspense fallback={<Loading />}>
            <MaintenanceApp />
          </Suspense>
        }
      />
      <Route
        path="/maintenance/*"
        element={
          <Suspense fallback={<Loading />}>
            <MaintenanceApp />
          </Suspense>
        }
      />
      <Route path="/*" element={<PublicRoutes />} />
    </Routes>
  );
}
