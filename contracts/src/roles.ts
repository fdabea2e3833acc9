import { z } from 'zod';

/**
 * The kinds of staff account. Which of them may call a staff route is said by the route
 * itself (`RouteDef.roles`), and nowhere else: the gateway, every service's route gate and the
 * console all read it from there.
 */
export const STAFF_ROLES = ['owner', 'manager', 'receptionist', 'practitioner'] as const;
export const staffRoleSchema = z.enum(STAFF_ROLES, { error: `role must be one of ${STAFF_ROLES.join(', ')}` });
export type StaffRole = z.infer<typeof staffRoleSchema>;

/** Every signed-in account. */
export const ANY_STAFF = STAFF_ROLES;
/** Those who run the day: appointments, the waitlist, chat, the e-mail list. */
export const FRONT_DESK = ['owner', 'manager', 'receptionist'] as const satisfies readonly StaffRole[];
/** Those who run the business: content, settings, exports, reports, webhooks, the audit trail. */
export const MANAGEMENT = ['owner', 'manager'] as const satisfies readonly StaffRole[];
/** Staff accounts, the sign-in policy and erasure. */
export const OWNER_ONLY = ['owner'] as const satisfies readonly StaffRole[];
/** Management, and a practitioner for what is their own (their appointments, their calendar feed). */
export const MANAGEMENT_AND_OWN = ['owner', 'manager', 'practitioner'] as const satisfies readonly StaffRole[];

/** What a role is called on screens and in messages. */
export const ROLE_LABELS: Record<StaffRole, string> = {
  owner: 'Owner',
  manager: 'Manager',
  receptionist: 'Receptionist',
  practitioner: 'Practitioner',
};
