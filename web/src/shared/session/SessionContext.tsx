import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { authRoutes, LoginRequest, SignedIn, User } from '@bb/contracts';
import { apiJson, apiRequest, getQueryFn, readToken, TOKEN_KEY } from '../api/request';
import type { RoutePath } from '../api/routes';
import { sessionState, tokenHasLapsed } from './token';

interface SessionValue {
  user: User | null;
  isLoading: boolean;
  /** A token is stored but has lapsed or was refused: the console says Session Expired. */
  expired: boolean;
  login: (credentials: LoginRequest) => Promise<User>;
  logout: () => Promise<void>;
  /** Drops the stored token and the user here only (a lapsed session: nothing to revoke). */
  forget: () => void;
}

const SessionContext = createContext<SessionValue | null>(null);
// On the first load of every page: paths checked against the contract by type only (see RoutePath).
const ME: RoutePath<typeof authRoutes.me> = '/api/auth/me';
const LOGIN: RoutePath<typeof authRoutes.login> = '/api/auth/login';
const LOGOUT: RoutePath<typeof authRoutes.logout> = '/api/auth/logout';
const ME_KEY = [ME];

/**
 * Signed in when a token is stored; the current user is loaded only then, and not for a token
 * whose expiry has passed. A lapsed or refused token is told apart from none (`expired`).
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const client = useQueryClient();
  // Kept as state beside local storage, so that dropping it re-renders whoever reads the session.
  const [stored, setStored] = useState(readToken);
  const now = Date.now();
  const me = useQuery<User | null>({
    queryKey: ME_KEY,
    queryFn: getQueryFn<User>({ on401: 'returnNull' }),
    enabled: stored !== null && !tokenHasLapsed(stored, now),
  });
  const state = sessionState(stored, now, me);
  const signedIn = state.kind === 'signed-in' ? state.user : null;
  const isLoading = state.kind === 'checking';
  const expired = state.kind === 'expired';

  const login = useCallback(
    async (credentials: LoginRequest) => {
      const { token, user } = await apiJson<SignedIn>('POST', LOGIN, credentials);
      localStorage.setItem(TOKEN_KEY, token);
      setStored(token);
      client.setQueryData(ME_KEY, user);
      return user;
    },
    [client],
  );

  const forget = useCallback(() => {
    localStorage.removeItem(TOKEN_KEY);
    setStored(null);
    client.setQueryData(ME_KEY, null);
  }, [client]);

  const logout = useCallback(async () => {
    try {
      await apiRequest('POST', LOGOUT);
    } finally {
      forget();
    }
  }, [forget]);

  const value = useMemo<SessionValue>(
    () => ({ user: signedIn, isLoading, expired, login, logout, forget }),
    [signedIn, isLoading, expired, login, logout, forget],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used within a SessionProvider');
  return value;
}
