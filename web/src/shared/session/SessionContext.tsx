import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { authRoutes, LoginRequest, LoginResponse, SecondFactorRequest, SignedIn, User } from '@bb/contracts';
import { apiJson, apiRequest, getQueryFn, readToken, TOKEN_KEY } from '../api/request';
import type { RoutePath } from '../api/routes';
import { sessionState, tokenHasLapsed } from './token';

interface SessionValue {
  user: User | null;
  isLoading: boolean;
  /** A token is stored but has lapsed or was refused: the console says Session Expired. */
  expired: boolean;
  /** The password step: signed in, or a challenge for the second step (an account with two-factor sign-in). */
  login: (credentials: LoginRequest) => Promise<LoginStep>;
  /** The second step: a code from the authenticator app or a recovery code, with the challenge. */
  secondFactor: (answer: SecondFactorRequest) => Promise<User>;
  /** Keeps a token the server handed over (enrolment done: a full token replaces the enrol-only one). */
  adopt: (signedIn: SignedIn) => void;
  logout: () => Promise<void>;
  /** Drops the stored token and the user here only (a lapsed session: nothing to revoke). */
  forget: () => void;
}

export type LoginStep = { kind: 'signed-in'; user: User } | { kind: 'second-factor'; challenge: string };

const SessionContext = createContext<SessionValue | null>(null);
// On the first load of every page: paths checked against the contract by type only (see RoutePath).
const ME: RoutePath<typeof authRoutes.me> = '/api/auth/me';
const LOGIN: RoutePath<typeof authRoutes.login> = '/api/auth/login';
const LOGOUT: RoutePath<typeof authRoutes.logout> = '/api/auth/logout';
const SECOND_FACTOR: RoutePath<typeof authRoutes.secondFactor> = '/api/auth/login/second-factor';
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

  const adopt = useCallback(
    ({ token, user }: SignedIn) => {
      localStorage.setItem(TOKEN_KEY, token);
      setStored(token);
      client.setQueryData(ME_KEY, user);
    },
    [client],
  );

  const login = useCallback(
    async (credentials: LoginRequest): Promise<LoginStep> => {
      const answer = await apiJson<LoginResponse>('POST', LOGIN, credentials);
      if ('challenge' in answer) return { kind: 'second-factor', challenge: answer.challenge };
      adopt(answer);
      return { kind: 'signed-in', user: answer.user };
    },
    [adopt],
  );

  const secondFactor = useCallback(
    async (answer: SecondFactorRequest) => {
      const signedIn = await apiJson<SignedIn>('POST', SECOND_FACTOR, answer);
      adopt(signedIn);
      return signedIn.user;
    },
    [adopt],
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
    () => ({ user: signedIn, isLoading, expired, login, secondFactor, adopt, logout, forget }),
    [signedIn, isLoading, expired, login, secondFactor, adopt, logout, forget],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used within a SessionProvider');
  return value;
}
