import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useSession } from '../../shared/session/SessionContext';
import { LoadingState } from '../ui/states';

/** Nothing of the console renders until the session is known; without one, the login screen. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, isLoading } = useSession();
  if (isLoading) return <LoadingState text="Checking your session..." />;
  if (!user) return <Navigate to="/admin/login" replace />;
  return children;
}
