import { z } from 'zod';
import { idParamsSchema, messageSchema } from '../common';
import { ANY_STAFF, OWNER_ONLY, staffRoleSchema } from '../roles';
import { route } from '../route';

export const loginRequestSchema = z.object({
  username: z.string({ error: 'username must be a string' }).trim().min(1, { error: 'username is required' }).max(200),
  password: z.string({ error: 'password must be a string' }).min(1, { error: 'password is required' }).max(500),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** The signed-in staff user, as the console knows them. */
export const userSchema = z.object({
  id: z.string(),
  username: z.string(),
  role: staffRoleSchema,
  /** A practitioner's catalog staff profile: their appointments and calendar feed are theirs. */
  staffId: z.string().optional(),
  /** Whether two-factor sign-in is set up. */
  twoFactor: z.boolean(),
  /** The account must set up two-factor sign-in before anything else (its token may do only that). */
  mustEnrol: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

export const signedInSchema = z.object({ token: z.string(), user: userSchema });
export type SignedIn = z.infer<typeof signedInSchema>;

/**
 * A sign-in answers a token, or, for an account with two-factor sign-in, a short-lived
 * challenge to send back with a code (`/api/auth/login/second-factor`).
 */
export const loginResponseSchema = z.union([signedInSchema, z.object({ secondFactor: z.literal('totp'), challenge: z.string() })]);
export type LoginResponse = z.infer<typeof loginResponseSchema>;

const totpCode = z
  .string({ error: 'code must be a string' })
  .trim()
  .regex(/^\d{6}$/, { error: 'code is the 6 digits your authenticator app shows' });
const recoveryCode = z
  .string({ error: 'recoveryCode must be a string' })
  .trim()
  .min(1, { error: 'recoveryCode is required' })
  .max(40, { error: 'recoveryCode is too long' });

export const secondFactorRequestSchema = z
  .object({
    challenge: z.string({ error: 'challenge must be a string' }).min(1, { error: 'challenge is required' }).max(2000),
    code: totpCode.optional(),
    recoveryCode: recoveryCode.optional(),
  })
  .refine((b) => (b.code === undefined) !== (b.recoveryCode === undefined), { error: 'Give either code or recoveryCode' });
export type SecondFactorRequest = z.infer<typeof secondFactorRequestSchema>;

/** Tells the login screen whether to show the demo credentials hint. */
export const authConfigSchema = z.object({
  demo: z.boolean(),
  demoCredentials: z.object({ username: z.string(), password: z.string() }).optional(),
});
export type AuthConfig = z.infer<typeof authConfigSchema>;

/**
 * Claims of the staff token every service verifies. `enrolOnly`: the account must set up
 * two-factor sign-in first, and the token reaches only routes marked `duringEnrolment`.
 */
export const tokenClaimsSchema = z.object({
  sub: z.string(),
  username: z.string(),
  jti: z.string(),
  exp: z.number(),
  role: staffRoleSchema,
  staffId: z.string().optional(),
  enrolOnly: z.literal(true).optional(),
});
export type TokenClaims = z.infer<typeof tokenClaimsSchema>;

/** Starting two-factor enrolment: the secret for an authenticator app, as text and as a QR code. */
export const totpEnrolmentSchema = z.object({
  secret: z.string(),
  /** otpauth://totp/… (RFC 6238, SHA-1, 6 digits, 30 s), what the QR code holds. */
  otpauthUri: z.string(),
  /** The QR code as an SVG document. */
  qrSvg: z.string(),
});
export type TotpEnrolment = z.infer<typeof totpEnrolmentSchema>;

export const totpConfirmSchema = z.object({ code: totpCode });

/** Enrolment done: ten one-time recovery codes, shown once, and a full token. */
export const totpEnrolledSchema = z.object({
  recoveryCodes: z.array(z.string()).length(10),
  token: z.string(),
  user: userSchema,
});
export type TotpEnrolled = z.infer<typeof totpEnrolledSchema>;

export const ACCOUNT_STATUSES = ['invited', 'active', 'disabled'] as const;
export const accountStatusSchema = z.enum(ACCOUNT_STATUSES);
export type AccountStatus = z.infer<typeof accountStatusSchema>;

/** A staff account, as the owner's Users screen shows it. */
export const accountSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string().optional(),
  role: staffRoleSchema,
  staffId: z.string().optional(),
  status: accountStatusSchema,
  twoFactor: z.boolean(),
  createdAt: z.string(),
  lastSignInAt: z.string().optional(),
});
export type Account = z.infer<typeof accountSchema>;

const username = z
  .string({ error: 'username must be a string' })
  .trim()
  .min(3, { error: 'username needs at least 3 characters' })
  .max(60, { error: 'username is at most 60 characters' })
  .regex(/^[A-Za-z0-9._-]+$/, { error: 'username may use letters, digits, dot, dash and underscore' });
const email = z
  .string({ error: 'email must be a string' })
  .trim()
  .max(254)
  .pipe(z.email({ error: 'email must be a valid address' }));
const staffId = z.string({ error: 'staffId must be a string' }).trim().min(1).max(64);

export const inviteRequestSchema = z
  .object({ username, email, role: staffRoleSchema, staffId: staffId.optional() })
  .refine((b) => b.role !== 'practitioner' || b.staffId !== undefined, {
    error: 'A practitioner account needs the staff profile it belongs to (staffId)',
    path: ['staffId'],
  });
export type InviteRequest = z.infer<typeof inviteRequestSchema>;

/** A change by the owner: a role (and a practitioner's profile), or disabling and enabling. Fields left out stay. */
export const accountUpdateSchema = z
  .object({
    role: staffRoleSchema.optional(),
    staffId: staffId.nullable().optional(),
    disabled: z.boolean({ error: 'disabled must be true or false' }).optional(),
  })
  .refine((b) => b.role !== undefined || b.staffId !== undefined || b.disabled !== undefined, { error: 'Nothing to change' });
export type AccountUpdate = z.infer<typeof accountUpdateSchema>;

export const PASSWORD_MIN_LENGTH = 10;
export const newPasswordSchema = z
  .string({ error: 'password must be a string' })
  .min(PASSWORD_MIN_LENGTH, { error: `password needs at least ${PASSWORD_MIN_LENGTH} characters` })
  .max(500, { error: 'password is at most 500 characters' });

export const invitationParamsSchema = z.object({ token: z.string().min(20).max(200) });
/** What the set-password page shows of its invitation. */
export const invitationSchema = z.object({ username: z.string(), role: staffRoleSchema, expiresAt: z.string() });
export type Invitation = z.infer<typeof invitationSchema>;
export const acceptInvitationSchema = z.object({ password: newPasswordSchema });

/** The owner's sign-in policy: the roles that must set up two-factor sign-in (owners always must in production). */
export const signInPolicySchema = z.object({ twoFactorRequiredFor: z.array(staffRoleSchema).max(4) });
export type SignInPolicy = z.infer<typeof signInPolicySchema>;

export const USER_MESSAGES = {
  lastOwner: 'The last active owner cannot be disabled or given another role',
  usernameTaken: 'That username is taken',
  invitationGone: 'This invitation link has expired or was already used; ask the owner for a new one',
  disabled: 'This account is disabled',
  wrongCode: 'Wrong or expired code',
  challengeExpired: 'The sign-in took too long; enter your username and password again',
  alreadyEnrolled: 'Two-factor sign-in is already set up; the owner can reset it',
  enrolFirst: 'Set up two-factor sign-in first',
} as const;

const tag = 'Auth';
const users = 'Users';
export const authRoutes = {
  login: route({
    method: 'post',
    path: '/api/auth/login',
    service: 'auth',
    access: 'public',
    tag,
    summary: 'Sign in as staff (a second step follows when the account has two-factor sign-in)',
    body: loginRequestSchema,
    response: loginResponseSchema,
    errors: { 401: 'Wrong username or password, or a disabled account' },
  }),
  secondFactor: route({
    method: 'post',
    path: '/api/auth/login/second-factor',
    service: 'auth',
    access: 'public',
    tag,
    summary: 'The second step of a sign-in: a code from the authenticator app or a recovery code (each recovery code works once)',
    body: secondFactorRequestSchema,
    response: signedInSchema,
    errors: { 401: 'Wrong code, or the challenge expired' },
  }),
  me: route({
    method: 'get',
    path: '/api/auth/me',
    service: 'auth',
    access: 'admin',
    roles: ANY_STAFF,
    duringEnrolment: true,
    tag,
    summary: 'The signed-in staff user',
    response: userSchema,
  }),
  logout: route({
    method: 'post',
    path: '/api/auth/logout',
    service: 'auth',
    access: 'admin',
    roles: ANY_STAFF,
    duringEnrolment: true,
    tag,
    summary: 'Sign out: the token is revoked everywhere',
    response: messageSchema,
  }),
  config: route({
    method: 'get',
    path: '/api/auth/config',
    service: 'auth',
    access: 'public',
    tag,
    summary: 'Whether the server runs in demo mode (login hint)',
    response: authConfigSchema,
  }),
  totpStart: route({
    method: 'post',
    path: '/api/auth/two-factor/enrolment',
    service: 'auth',
    access: 'admin',
    roles: ANY_STAFF,
    duringEnrolment: true,
    tag,
    summary: 'Start setting up two-factor sign-in: a new secret and its QR code (replaces one not yet confirmed)',
    response: totpEnrolmentSchema,
    errors: { 409: 'Two-factor sign-in is already set up' },
  }),
  totpConfirm: route({
    method: 'post',
    path: '/api/auth/two-factor/enrolment/confirm',
    service: 'auth',
    access: 'admin',
    roles: ANY_STAFF,
    duringEnrolment: true,
    tag,
    summary: 'Finish setting up two-factor sign-in with a code from the app: answers ten recovery codes, once',
    body: totpConfirmSchema,
    response: totpEnrolledSchema,
    errors: { 409: 'Two-factor sign-in is already set up, or no enrolment was started' },
  }),
  invitation: route({
    method: 'get',
    path: '/api/auth/invitations/:token',
    service: 'auth',
    access: 'public',
    tag,
    summary: 'The invitation of a set-password link (changes nothing)',
    params: invitationParamsSchema,
    response: invitationSchema,
    errors: { 410: 'The link expired or was used' },
  }),
  acceptInvitation: route({
    method: 'post',
    path: '/api/auth/invitations/:token/accept',
    service: 'auth',
    access: 'public',
    tag,
    summary: 'Set the password of an invited account; the link then no longer works',
    params: invitationParamsSchema,
    body: acceptInvitationSchema,
    response: messageSchema,
    errors: { 410: 'The link expired or was used' },
  }),
  listUsers: route({
    method: 'get',
    path: '/api/users',
    service: 'auth',
    access: 'admin',
    roles: OWNER_ONLY,
    tag: users,
    summary: 'Every staff account, by username',
    response: z.array(accountSchema),
  }),
  invite: route({
    method: 'post',
    path: '/api/users',
    service: 'auth',
    access: 'admin',
    roles: OWNER_ONLY,
    tag: users,
    summary: 'Invite a staff member: the account is made and a one-time set-password link is mailed to them',
    body: inviteRequestSchema,
    response: accountSchema,
    status: 201,
    errors: { 409: 'The username is taken' },
  }),
  updateUser: route({
    method: 'patch',
    path: '/api/users/:id',
    service: 'auth',
    access: 'admin',
    roles: OWNER_ONLY,
    tag: users,
    summary: "Change an account's role, or disable or enable it: its sessions end everywhere",
    params: idParamsSchema,
    body: accountUpdateSchema,
    response: accountSchema,
    errors: { 409: 'The last active owner' },
  }),
  resendInvitation: route({
    method: 'post',
    path: '/api/users/:id/invitation',
    service: 'auth',
    access: 'admin',
    roles: OWNER_ONLY,
    tag: users,
    summary: 'Mail a new set-password link (an earlier link stops working)',
    params: idParamsSchema,
    response: accountSchema,
    errors: { 409: 'The account is disabled' },
  }),
  resetTwoFactor: route({
    method: 'post',
    path: '/api/users/:id/two-factor/reset',
    service: 'auth',
    access: 'admin',
    roles: OWNER_ONLY,
    tag: users,
    summary:
      "Remove an account's two-factor sign-in and recovery codes (a lost phone): its sessions end, and it sets up again at its next sign-in where required",
    params: idParamsSchema,
    response: accountSchema,
  }),
  readPolicy: route({
    method: 'get',
    path: '/api/sign-in-policy',
    service: 'auth',
    access: 'admin',
    roles: OWNER_ONLY,
    tag: users,
    summary: 'Which roles must set up two-factor sign-in',
    response: signInPolicySchema,
  }),
  updatePolicy: route({
    method: 'put',
    path: '/api/sign-in-policy',
    service: 'auth',
    access: 'admin',
    roles: OWNER_ONLY,
    tag: users,
    summary: 'Say which roles must set up two-factor sign-in (owners always must in production)',
    body: signInPolicySchema,
    response: signInPolicySchema,
  }),
} as const;
