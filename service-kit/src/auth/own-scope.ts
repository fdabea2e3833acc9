import type { TokenClaims } from '@bb/contracts';
import { forbidden } from '../errors';

/**
 * The staff profile a signed-in user is limited to where a route serves "their own": a
 * practitioner sees their appointments and their calendar feed, every other role sees all
 * (undefined). A practitioner account linked to no profile owns nothing ('').
 */
export const ownStaffScope = (user: Pick<TokenClaims, 'role' | 'staffId'> | undefined): string | undefined =>
  user?.role === 'practitioner' ? (user.staffId ?? '') : undefined;

/** Refuses (403) a user limited to their own profile asking for another's. */
export function requireOwnProfile(user: Pick<TokenClaims, 'role' | 'staffId'> | undefined, staffId: string): void {
  const own = ownStaffScope(user);
  if (own !== undefined && own !== staffId) throw forbidden('Practitioner accounts may only use their own profile');
}
