import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { authRoutes, LoginRequest, LoginResponse, User } from '@bb/contracts';
import { apiJson, apiRequest, getQueryFn, readToken, TOKEN_KEY } from '../api/request';
import type { RoutePath } from '../api/routes';

interface SessionValue {
  user: User | null;
  isLoading: boolean;
  login: (credentials: LoginRequest) => Promise<User>;
  logout: () => Promise<void>;
}

const SessionContext = createContext<SessionValue | null>(null);
// On the first load of every page: paths checked against the contract by type only (see RoutePath).
const ME: RoutePath<typeof authRoutes.me> = '/api/auth/me';
const LOGIN: RoutePath<typeof authRoutes.login> = '/api/auth/login';
const LOGOUT: RoutePath<typeof authRoutes.logout> = '/api/auth/logout';
export const ME_KEY = [ME];

/** Signed in when a token is stored; the current user is loaded only then. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const client = useQueryClient();
  const hasToken = readToken() !== null;
  const me = useQuery<User | null>({ queryKey: ME_KEY, queryFn: getQueryFn<User>({ on401: 'returnNull' }), enabled: hasToken });

  const login = useCallback(
    async (credentials: LoginRequest) => {
      const { token, user } = await apiJson<LoginResponse>('POST', LOGIN, credentials);
      localStorage.setItem(TOKEN_KEY, token);
      client.setQueryData(ME_KEY, user);
      return user;
    },
    [client],
  );

  const logout = useCallback(async () => {
    try {
      await apiRequest('POST', LOGOUT);
    } finally {
      localStorage.removeItem(TOKEN_KEY);
      client.setQueryData(ME_KEY, null);
    }
  }, [client]);

  const value = useMemo<SessionValue>(
    () => ({ user: hasToken ? (me.data ?? null) : null, isLoading: hasToken && me.isLoading, login, logout }),
    [hasToken, me.data, me.isLoading, login, logout],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used within a SessionProvider');
  return value;
}
