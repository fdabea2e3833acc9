import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { Center, Spinner } from '@chakra-ui/react';
import { PublicRoutes } from './public/PublicRoutes';

/** The staff console is its own chunk: a visitor never downloads it. */
const MaintenanceApp = lazy(() => import('./maintenance/MaintenanceApp'));

function Loading() {
  return (
    <Center minH="50vh" aria-live="polite">
      <Spinner size="lg" color="brand.700" aria-label="Loading" />
    </Center>
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
