import { useCallback, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { serverMessage } from '../shared/api/request';
import { useSession } from '../shared/session/SessionContext';
import { toast } from '../shared/ui/toaster';
import { isUnauthorized } from './domain/appointments';
import { pathOf, SESSION_EXPIRED_REDIRECT_MS, type LoginState } from './domain/session';

/** The spec's fetch-failure toast ('Failed to fetch appointments'…), once per failure; a lapsed session says Session Expired instead. */
export function useFetchErrorToast(error: Error | null, title: string) {
  useEffect(() => {
    if (error && !isUnauthorized(error)) toast.error(title, serverMessage(error));
  }, [error, title]);
}

/** Refreshes every cached read whose URL starts with one of the paths (admin and public screens share the cache). */
export function invalidatePaths(client: QueryClient, paths: readonly string[]) {
  return client.invalidateQueries({
    predicate: (q) => typeof q.queryKey[0] === 'string' && paths.some((p) => (q.queryKey[0] as string).startsWith(p)),
  });
}

/** Set while a Session Expired notice is on its way to the login screen: many failed calls make one notice. */
let expiring = false;

/**
 * Ends a lapsed or revoked session: says so, forgets the token, and goes to the login screen
 * after the spec's 1.5 s, which brings the admin back to this page once signed in.
 */
export function useSessionExpiredNotice() {
  const { forget } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const here = pathOf(location);
  return useCallback(() => {
    if (expiring) return;
    expiring = true;
    toast.error('Session Expired', 'Please log in again to continue');
    setTimeout(() => {
      expiring = false;
      forget();
      navigate('/admin/login', { state: { from: here } satisfies LoginState });
    }, SESSION_EXPIRED_REDIRECT_MS);
  }, [forget, navigate, here]);
}

/** A call refused with 401 ends the session (useSessionExpiredNotice); returns false for any other error so the caller shows its own toast. */
export function useSessionExpiry() {
  const notice = useSessionExpiredNotice();
  return useCallback(
    (error: unknown): boolean => {
      if (!isUnauthorized(error)) return false;
      notice();
      return true;
    },
    [notice],
  );
}

/** Reads answered 401 (the token lapsed or was revoked while the admin was reading) take the same way out as writes. */
export function useSessionExpiryOnReads() {
  const client = useQueryClient();
  const expired = useSessionExpiry();
  useEffect(
    () =>
      client.getQueryCache().subscribe((event) => {
        if (event.type === 'updated' && event.action.type === 'error') expired(event.action.error);
      }),
    [client, expired],
  );
}

interface WriteOptions<V> {
  run: (vars: V) => Promise<unknown>;
  /** Paths whose reads are refreshed afterwards. */
  refresh: readonly string[];
  success: string;
  failure: string;
  onSuccess?: () => void;
}

/** A create/update/delete with the spec's toasts and list refresh. */
export function useWrite<V>({ run, refresh, success, failure, onSuccess }: WriteOptions<V>) {
  const client = useQueryClient();
  const expired = useSessionExpiry();
  return useMutation({
    mutationFn: run,
    onSuccess: () => {
      toast.success(success);
      onSuccess?.();
    },
    onError: (error) => {
      if (!expired(error)) toast.error(failure, serverMessage(error));
    },
    onSettled: () => invalidatePaths(client, refresh),
  });
}
