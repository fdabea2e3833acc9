import { Suspense, useEffect, useRef } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { retryableLazy } from '../shared/errors/retryable-lazy';
import { RouteErrorBoundary } from '../shared/errors/RouteError';
import { StatusText } from './components/StatusText';
import './shell.css';
import './screens.css';
import { ClinicPage } from './pages/ClinicPage';
import { LandingPage } from './pages/LandingPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { StartPage } from './pages/StartPage';
import { StudioPage } from './pages/StudioPage';

// Detail pages are reached from a landing page: they load when asked for.
const TreatmentPage = retryableLazy(() => import('./pages/TreatmentPage'));
const ResultPage = retryableLazy(() => import('./pages/ResultPage'));
const NewsPage = retryableLazy(() => import('./pages/NewsPage'));
// Reached from a confirmation mail or the booking success panel.
const ManagePage = retryableLazy(() => import('./pages/ManagePage'));
// Reached from the booking form when a deposit is due, PayMongo's checkout, or the payment mail.
const PayPage = retryableLazy(() => import('./pages/PayPage'));

/** A new page starts at its top unless the address names a section. */
function ScrollToTopOnNavigate() {
  const { pathname, hash } = useLocation();
  // Read, not watched: a change of hash alone is an in-page jump the browser handles.
  const currentHash = useRef(hash);
  currentHash.current = hash;
  useEffect(() => {
    if (!currentHash.current) window.scrollTo({ top: 0, behavior: 'instant' });
  }, [pathname]);
  return null;
}

/** Every public screen of the spec (§2), and the pages of a booking's manage link and of its payment. */
export function PublicRoutes() {
  return (
    <>
      <ScrollToTopOnNavigate />
      <RouteErrorBoundary>
        <Suspense fallback={<StatusText>Loading...</StatusText>}>
          <Routes>
            <Route path="/" element={<StartPage />} />
            <Route path="/landing" element={<LandingPage />} />
            <Route path="/clinic" element={<ClinicPage />} />
            <Route path="/studio" element={<StudioPage />} />
            <Route path="/treatment/:id" element={<TreatmentPage />} />
            <Route path="/result/:id" element={<ResultPage />} />
            <Route path="/news/:id" element={<NewsPage />} />
            <Route path="/manage/:token" element={<ManagePage />} />
            <Route path="/pay/:token" element={<PayPage />} />
            <Route path="*" element={<NotFoundPage />} />
          </Routes>
        </Suspense>
      </RouteErrorBoundary>
    </>
  );
}
