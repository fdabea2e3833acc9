import type { StaffRole } from '@bb/contracts';

/** Whether an account of this role must set up two-factor sign-in: owners always in production, others when the policy names their role. */
export function twoFactorRequired(role: StaffRole, policy: readonly StaffRole[], production: boolean): boolean {
  return (production && role === 'owner') || policy.includes(role);
}

/** The policy's roles as stored and shown: each once, in the order of the roles. */
export function normalizedPolicyRoles(roles: readonly StaffRole[], order: readonly StaffRole[]): StaffRole[] {
  return order.filter((role) => roles.includes(role));
}

/** The policy in an audit entry's before/after. */
export const policyText = (roles: readonly StaffRole[]): string =>
  roles.length === 0 ? 'two-factor required for: nobody' : `two-factor required for: ${roles.join(', ')}`;
