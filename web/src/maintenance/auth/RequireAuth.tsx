import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useSession } from '../../shared/session/SessionContext';
import { useSessionExpiryOnReads } from '../api';
import { pathOf, type LoginState } from '../domain/session';
import { LoadingState } from '../ui/states';

/**
 * Nothing of the console renders until the session is known; without one, the login screen,
 * which comes back here once signed in. A read refused with 401 later on says Session Expired.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, isLoading } = useSession();
  const location = useLocation();
  useSessionExpiryOnReads();
  if (isLoading) return <LoadingState text="Checking your session..." />;
  if (!user) return <Navigate to="/admin/login" replace state={{ from: pathOf(location) } satisfies LoginState} />;
  return children;
}
