import { z } from 'zod';
import { messageSchema } from '../common';
import { calendarDateSchema } from './appointments';
import { MANAGEMENT, staffRoleSchema } from '../roles';
import { route } from '../route';

/** What the audit trail records. */
export const AUDIT_ACTIONS = [
  'sign-in',
  'sign-in-failed',
  'user-invited',
  'user-role-changed',
  'user-disabled',
  'user-enabled',
  'two-factor-enrolled',
  'two-factor-reset',
  'recovery-code-used',
  'setting-changed',
  'webhook-changed',
  'appointment-deleted',
  'attendance-set',
  'export',
  'erasure',
  'payment-refunded',
  'payment-refund-sent',
  'payment-transfer-confirmed',
  'payment-transfer-rejected',
] as const;
export const auditActionSchema = z.enum(AUDIT_ACTIONS, { error: 'action is not one the audit trail records' });
export type AuditAction = z.infer<typeof auditActionSchema>;

export const auditActorSchema = z.object({ id: z.string(), username: z.string(), role: staffRoleSchema });
export type AuditActor = z.infer<typeof auditActorSchema>;

/**
 * One thing that happened, as the service where it happened reports it (event `audit.recorded`,
 * through its outbox in the same write as the change). `before`/`after` are short texts where
 * the change is short (a role, a capacity), never personal data beyond a username.
 */
export const auditRecordSchema = z.object({
  action: auditActionSchema,
  /** Who did it; absent for a sign-in that failed (see `subject`). */
  actor: auditActorSchema.optional(),
  /** What it was done to, in words: `user ana`, `settings clinic`, `appointment 65f…`. */
  subject: z.string().max(200),
  before: z.string().max(500).optional(),
  after: z.string().max(500).optional(),
  /** The client address the gateway saw. */
  address: z.string().max(64).optional(),
  /** ISO time it happened. */
  at: z.string(),
});
export type AuditRecord = z.infer<typeof auditRecordSchema>;

/** An entry of the trail: the record, where it came from, its place in the chain and the chain's hashes. */
export const auditEntrySchema = auditRecordSchema.extend({
  seq: z.number().int(),
  service: z.string(),
  /** SHA-256 (hex) of the entry before it; 64 zeros for the first. */
  previousHash: z.string(),
  /** SHA-256 (hex) of this entry's fields and previousHash. */
  hash: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditQuerySchema = z.object({
  /** Manila dates, inclusive. */
  from: calendarDateSchema.optional(),
  to: calendarDateSchema.optional(),
  action: auditActionSchema.optional(),
  /** A username, exactly. */
  actor: z.string().trim().min(1).max(60).optional(),
  /** Entries before this sequence number (the next page). */
  before: z.coerce.number({ error: 'before must be a number' }).int().positive().optional(),
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1).max(500).default(100),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditPageSchema = z.object({ entries: z.array(auditEntrySchema), nextBefore: z.number().int().optional() });
export type AuditPage = z.infer<typeof auditPageSchema>;

/** The whole chain checked: where it first breaks, if it does. */
export const auditVerificationSchema = z.object({
  ok: z.boolean(),
  checked: z.number().int(),
  /** The first entry whose hash or link does not hold, or where a sequence number is missing. */
  brokenAt: z.number().int().optional(),
  reason: z.string().optional(),
});
export type AuditVerification = z.infer<typeof auditVerificationSchema>;

/** The console's exports, each recorded before its file is made. */
export const EXPORT_KINDS = ['appointments-csv', 'practitioners-csv', 'subscribers-csv', 'audit-csv', 'privacy-archive'] as const;
export const exportRecordSchema = z.object({
  kind: z.enum(EXPORT_KINDS, { error: `kind must be one of ${EXPORT_KINDS.join(', ')}` }),
  /** Rows in the file. */
  rows: z.number({ error: 'rows must be a number' }).int().min(0).max(10_000_000),
  /** What was asked for, in words: `2026-11-01 to 2026-11-30`. */
  scope: z.string({ error: 'scope must be a string' }).trim().max(200).optional(),
});
export type ExportRecord = z.infer<typeof exportRecordSchema>;

const tag = 'Audit';
export const auditRoutes = {
  list: route({
    method: 'get',
    path: '/api/audit',
    service: 'auth',
    access: 'admin',
    roles: MANAGEMENT,
    tag,
    summary: 'Audit trail entries, newest first, filtered',
    query: auditQuerySchema,
    response: auditPageSchema,
  }),
  verify: route({
    method: 'get',
    path: '/api/audit/verification',
    service: 'auth',
    access: 'admin',
    roles: MANAGEMENT,
    tag,
    summary: 'Check the whole chain of hashes: a changed or removed entry is found',
    response: auditVerificationSchema,
  }),
  recordExport: route({
    method: 'post',
    path: '/api/audit/exports',
    service: 'auth',
    access: 'admin',
    roles: MANAGEMENT,
    tag,
    summary: 'Record an export the console is about to make (the roles that may call this are the roles that may export)',
    body: exportRecordSchema,
    response: messageSchema,
    status: 201,
  }),
} as const;
