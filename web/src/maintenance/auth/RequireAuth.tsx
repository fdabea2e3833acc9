import { useEffect, type ReactNode } from 'react';
import { Center } from '@chakra-ui/react';
import { Navigate, useLocation } from 'react-router-dom';
import { useSession } from '../../shared/session/SessionContext';
import { useSessionExpiredNotice, useSessionExpiryOnReads } from '../api';
import { pathOf, SECURITY_PATH, type LoginState } from '../domain/session';
import { LoadingState, SessionExpiredState } from '../ui/states';

/**
 * Nothing of the console renders until the session is known; without one, the login screen,
 * which comes back here once signed in. A stored token that has lapsed or is refused says
 * Session Expired on the way there, as a read refused with 401 later on does. An account that
 * must enrol in two-factor sign-in first reaches only the Security page.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, isLoading, expired } = useSession();
  const location = useLocation();
  const sessionExpired = useSessionExpiredNotice();
  useSessionExpiryOnReads();
  useEffect(() => {
    if (expired) sessionExpired();
  }, [expired, sessionExpired]);
  if (isLoading) return <LoadingState text="Checking your session..." />;
  if (expired)
    return (
      <Center as="main" minH="100vh" px="4">
        <SessionExpiredState />
      </Center>
    );
  if (!user) return <Navigate to="/admin/login" replace state={{ from: pathOf(location) } satisfies LoginState} />;
  // An account that must set up two-factor sign-in holds a token good for nothing else.
  if (user.mustEnrol && location.pathname !== SECURITY_PATH) return <Navigate to={SECURITY_PATH} replace />;
  return children;
}
