import { z } from 'zod';
import { idParamsSchema, isOnePlainAddress } from '../common';
import { possiblePhone } from '../phone';
import { MANAGEMENT, OWNER_ONLY } from '../roles';
import { route } from '../route';

/** The services that hold customers' data and answer every access and erasure request. */
export const PRIVACY_SERVICES = ['booking', 'chat', 'subscribers', 'notifications', 'payments'] as const;
export const privacyServiceSchema = z.enum(PRIVACY_SERVICES);
export type PrivacyService = z.infer<typeof privacyServiceSchema>;

export const PRIVACY_MESSAGES = {
  subjectNeeded: 'Give the e-mail address or the phone number of the person',
  badEmail: 'Enter one e-mail address',
  badPhone: 'Enter a phone number',
  confirm: 'Confirm the erasure: it cannot be undone',
  notDone: 'The archive is ready once every service has answered',
  notAccess: 'Only an access request has an archive',
  expired: 'The archive was removed 7 days after it was made; request access again',
} as const;

/** Whom a request is about: an e-mail address, a phone number, or both. */
const subjectFields = {
  email: z
    .string({ error: PRIVACY_MESSAGES.badEmail })
    .trim()
    .max(254, { error: PRIVACY_MESSAGES.badEmail })
    .refine(isOnePlainAddress, { error: PRIVACY_MESSAGES.badEmail })
    .optional(),
  phone: z
    .string({ error: PRIVACY_MESSAGES.badPhone })
    .trim()
    .max(40, { error: PRIVACY_MESSAGES.badPhone })
    .refine((value) => possiblePhone(value) !== null, { error: PRIVACY_MESSAGES.badPhone })
    .optional(),
};
const hasSubject = (subject: { email?: string; phone?: string }) => subject.email !== undefined || subject.phone !== undefined;
export const privacySubjectSchema = z.object(subjectFields).refine(hasSubject, { error: PRIVACY_MESSAGES.subjectNeeded });
export type PrivacySubject = z.infer<typeof privacySubjectSchema>;

export const erasureRequestBodySchema = z
  .object({ ...subjectFields, confirm: z.literal(true, { error: PRIVACY_MESSAGES.confirm }) })
  .refine(hasSubject, { error: PRIVACY_MESSAGES.subjectNeeded });

/** An address as every service compares it: trimmed and lower-case (addresses are matched case-insensitively). */
export const normalisedEmail = (email: string): string => email.trim().toLowerCase();

/**
 * Whether a stored contact is the request's subject: the same e-mail address (any case) or the
 * same phone number however written (both read as E.164 by `possiblePhone`). The event carries the
 * subject as staff typed it; every service compares with this one function.
 */
export function isPrivacySubject(subject: { email?: string; phone?: string }, stored: { email?: string | null; phone?: string | null }): boolean {
  if (subject.email && stored.email && normalisedEmail(stored.email) === normalisedEmail(subject.email)) return true;
  if (!subject.phone || !stored.phone) return false;
  const wanted = possiblePhone(subject.phone);
  return wanted !== null && possiblePhone(stored.phone) === wanted;
}

/** A regular expression source matching exactly this address in any case (for a database filter with option `i`). */
export const exactAddressPattern = (email: string): string => `^${normalisedEmail(email).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`;

/**
 * What an erased appointment keeps of its customer, in every service's copy: a name that says
 * so, and placeholders that are neither an address nor a number (the fields are required).
 * Nothing is ever sent to `email`.
 */
export const ERASED_CUSTOMER_CONTACT = { firstName: 'Erased', lastName: 'customer', email: 'erased', contact: 'erased' } as const;

/** What a service found or erased, by kind of record (`appointments`, `mails`…). */
export const privacyCountsSchema = z.record(z.string(), z.number().int().min(0));
export type PrivacyCounts = z.infer<typeof privacyCountsSchema>;

/** One record of an access answer: flat fields (the archive writes one CSV per kind). */
export const privacyRowSchema = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));
export type PrivacyRow = z.infer<typeof privacyRowSchema>;
export const privacyRecordsSchema = z.record(z.string(), z.array(privacyRowSchema));
export type PrivacyRecords = z.infer<typeof privacyRecordsSchema>;

export const PRIVACY_REQUEST_KINDS = ['access', 'erasure'] as const;
export const privacyRequestSchema = z.object({
  id: z.string(),
  kind: z.enum(PRIVACY_REQUEST_KINDS),
  /** pending until every service answered. */
  status: z.enum(['pending', 'done']),
  /** A hint at whom it is about, never the address: `e-mail ending @gmail.com`, `phone ending 67`. */
  subjectHint: z.string(),
  requestedBy: z.string(),
  createdAt: z.string(),
  doneAt: z.string().optional(),
  /** Until when the access archive can be downloaded (7 days after it was complete). */
  archiveUntil: z.string().optional(),
  services: z.array(z.object({ service: privacyServiceSchema, status: z.enum(['pending', 'done']), counts: privacyCountsSchema })),
});
export type PrivacyRequest = z.infer<typeof privacyRequestSchema>;
export const privacyRequestListSchema = z.object({ requests: z.array(privacyRequestSchema) });

const months = (name: string) =>
  z
    .number({ error: `${name} must be a number of months or null` })
    .int({ error: `${name} must be a whole number of months` })
    .min(1, { error: `${name} must be at least 1 month` })
    .max(240, { error: `${name} must be at most 240 months` })
    .nullable();

/** How long customers' data is kept; null: for good (the default). */
export const retentionSchema = z.object({
  /** Chat transcripts older than this are erased. */
  chatMonths: months('chatMonths'),
  /** Appointments that ended longer ago than this are anonymised, with their mails and waitlist entries. */
  customerMonths: months('customerMonths'),
});
export type Retention = z.infer<typeof retentionSchema>;

const tag = 'Privacy';
export const privacyRoutes = {
  requestAccess: route({
    method: 'post',
    path: '/api/privacy/access-requests',
    service: 'auth',
    access: 'admin',
    roles: MANAGEMENT,
    tag,
    summary: 'Ask every service what it holds of a person (the answers make one archive)',
    body: privacySubjectSchema,
    response: privacyRequestSchema,
    status: 202,
  }),
  requestErasure: route({
    method: 'post',
    path: '/api/privacy/erasure-requests',
    service: 'auth',
    access: 'admin',
    roles: OWNER_ONLY,
    tag,
    summary: 'Erase a person from every service (appointments kept for the books, anonymised)',
    body: erasureRequestBodySchema,
    response: privacyRequestSchema,
    status: 202,
  }),
  list: route({
    method: 'get',
    path: '/api/privacy/requests',
    service: 'auth',
    access: 'admin',
    roles: MANAGEMENT,
    tag,
    summary: 'Access and erasure requests, newest first',
    response: privacyRequestListSchema,
  }),
  read: route({
    method: 'get',
    path: '/api/privacy/requests/:id',
    service: 'auth',
    access: 'admin',
    roles: MANAGEMENT,
    tag,
    summary: "A request and each service's answer",
    params: idParamsSchema,
    response: privacyRequestSchema,
  }),
  archive: route({
    method: 'get',
    path: '/api/privacy/requests/:id/archive',
    service: 'auth',
    access: 'admin',
    roles: MANAGEMENT,
    tag,
    summary: "An access request's archive: a ZIP of data.json and one CSV per kind of record",
    params: idParamsSchema,
    response: 'zip',
    errors: { 409: PRIVACY_MESSAGES.notDone, 410: PRIVACY_MESSAGES.expired },
  }),
  readRetention: route({
    method: 'get',
    path: '/api/privacy/retention',
    service: 'auth',
    access: 'admin',
    roles: MANAGEMENT,
    tag,
    summary: "How long customers' data is kept",
    response: retentionSchema,
  }),
  saveRetention: route({
    method: 'put',
    path: '/api/privacy/retention',
    service: 'auth',
    access: 'admin',
    roles: OWNER_ONLY,
    tag,
    summary: "Set how long customers' data is kept (null: for good)",
    body: retentionSchema,
    response: retentionSchema,
  }),
} as const;
