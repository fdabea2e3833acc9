import { Schema, type Connection } from 'mongoose';
import { PRIVACY_REQUEST_KINDS, type PrivacyCounts, type PrivacyRequest, type PrivacyService } from '@bb/contracts';
import { outboxFields, outboxPendingFlag, type WithOutbox } from '@bb/service-kit';

/** A service's answer to a request: when it came and what it found or erased, by kind. */
export interface PrivacyAnswer {
  at: Date;
  counts: PrivacyCounts;
}

/**
 * An access or erasure request (`privacy_requests`). The subject's address and number stay only
 * until every service answered (the services need them, through the request's event); after
 * that only their SHA-256 hashes remain, by which a later erasure finds earlier access requests.
 */
export interface PrivacyRequestDoc extends WithOutbox {
  _id: string;
  kind: (typeof PRIVACY_REQUEST_KINDS)[number];
  email?: string;
  phone?: string;
  emailHash?: string;
  phoneHash?: string;
  subjectHint: string;
  requestedBy: string;
  createdAt: Date;
  doneAt: Date | null;
  /** One field per service that answered (set once, by a guarded write). */
  answers: Partial<Record<PrivacyService, PrivacyAnswer>>;
}

const privacyRequestSchema = new Schema<PrivacyRequestDoc>(
  {
    _id: String,
    kind: { type: String, enum: PRIVACY_REQUEST_KINDS, required: true },
    email: { type: String },
    phone: { type: String },
    emailHash: { type: String },
    phoneHash: { type: String },
    subjectHint: { type: String, required: true },
    requestedBy: { type: String, required: true },
    createdAt: { type: Date, required: true, index: -1 },
    doneAt: { type: Date, default: null },
    answers: { type: Schema.Types.Mixed, default: {} },
    ...outboxFields,
  },
  { versionKey: false, minimize: false },
);
// An erasure finds the same subject's earlier access requests by these.
privacyRequestSchema.index({ emailHash: 1 }, { sparse: true });
privacyRequestSchema.index({ phoneHash: 1 }, { sparse: true });
privacyRequestSchema.plugin(outboxPendingFlag);

export const privacyRequestModel = (conn: Connection) => conn.model<PrivacyRequestDoc>('PrivacyRequest', privacyRequestSchema, 'privacy_requests');

/** How long an access archive can be downloaded after the request was complete. */
export const ARCHIVE_KEEP_MS = 7 * 24 * 60 * 60 * 1000;

export const toPrivacyRequest = (doc: PrivacyRequestDoc, services: readonly PrivacyService[]): PrivacyRequest => ({
  id: doc._id,
  kind: doc.kind,
  status: doc.doneAt ? 'done' : 'pending',
  subjectHint: doc.subjectHint,
  requestedBy: doc.requestedBy,
  createdAt: doc.createdAt.toISOString(),
  ...(doc.doneAt ? { doneAt: doc.doneAt.toISOString() } : {}),
  ...(doc.doneAt && doc.kind === 'access' ? { archiveUntil: new Date(doc.doneAt.getTime() + ARCHIVE_KEEP_MS).toISOString() } : {}),
  services: services.map((service) => {
    const answer = doc.answers[service];
    return { service, status: answer ? 'done' : 'pending', counts: answer?.counts ?? {} };
  }),
});
