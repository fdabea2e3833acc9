import { randomUUID } from 'node:crypto';
import {
  PRIVACY_MESSAGES,
  PRIVACY_SERVICES,
  type PrivacyCounts,
  type PrivacyRecords,
  type PrivacyRequest,
  type PrivacyService,
  type PrivacySubject,
  type Retention,
  type TokenClaims,
} from '@bb/contracts';
import { auditActor, auditEvent, conflict, gone, isDuplicateKey, notFound, outboxEvent, type Logger, type OutboxRelay } from '@bb/service-kit';
import { privacyArchiveFiles, zipArchive } from '../domain/privacy-archive';
import { subjectHashes, subjectHint } from '../domain/privacy-subject';
import type { AuthModels } from '../models';
import { privacyPartId } from '../models/privacy-part';
import { ARCHIVE_KEEP_MS, toPrivacyRequest, type PrivacyRequestDoc } from '../models/privacy-request';
import { RETENTION_ID } from '../models/privacy-retention';

const SERVICE = 'auth';
const LIST_LIMIT = 200;
const RETENTION_ATTEMPTS = 5;

/** Who asked, from where, under which correlation id: what the audit entry of a request says. */
export interface PrivacyCaller {
  user: TokenClaims;
  clientAddress: string | undefined;
  requestId: string;
}

/**
 * Customers' rights requests: each asks every service by an event (through the request's own
 * outbox, with its audit entry, in one write) and is done when every service answered.
 */
export class PrivacyRequests {
  constructor(
    private readonly models: AuthModels,
    private readonly relay: OutboxRelay,
    private readonly logger: Logger,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async request(kind: PrivacyRequestDoc['kind'], subject: PrivacySubject, caller: PrivacyCaller): Promise<PrivacyRequest> {
    const _id = randomUUID();
    const ask = { requestId: _id, ...(subject.email ? { email: subject.email } : {}), ...(subject.phone ? { phone: subject.phone } : {}) };
    const event =
      kind === 'access'
        ? outboxEvent(SERVICE, 'privacy.access.requested', ask, caller.requestId)
        : outboxEvent(SERVICE, 'privacy.erasure.requested', ask, caller.requestId);
    const audit = auditEvent(
      SERVICE,
      {
        action: kind === 'access' ? 'export' : 'erasure',
        actor: auditActor(caller.user),
        subject: `privacy ${kind} request ${_id}`,
        ...(caller.clientAddress ? { address: caller.clientAddress } : {}),
      },
      caller.requestId,
    );
    const doc = await this.models.PrivacyRequest.create({
      _id,
      kind,
      ...(subject.email ? { email: subject.email } : {}),
      ...(subject.phone ? { phone: subject.phone } : {}),
      ...subjectHashes(subject),
      subjectHint: subjectHint(subject),
      requestedBy: caller.user.username,
      createdAt: this.now(),
      doneAt: null,
      answers: {},
      outbox: [event, audit],
    });
    this.relay.publishDocument(this.models.PrivacyRequest, _id);
    return toPrivacyRequest(doc.toObject(), PRIVACY_SERVICES);
  }

  async list(): Promise<PrivacyRequest[]> {
    const docs = await this.models.PrivacyRequest.find({}, { outbox: 0 }).sort({ createdAt: -1 }).limit(LIST_LIMIT).lean<PrivacyRequestDoc[]>();
    return docs.map((doc) => toPrivacyRequest(doc, PRIVACY_SERVICES));
  }

  async read(id: string): Promise<PrivacyRequest> {
    return toPrivacyRequest(await this.found(id), PRIVACY_SERVICES);
  }

  /** The access archive: a ZIP of every service's part, while it is kept. */
  async archive(id: string): Promise<Buffer> {
    const doc = await this.found(id);
    if (doc.kind !== 'access') throw conflict(PRIVACY_MESSAGES.notAccess);
    if (!doc.doneAt) throw conflict(PRIVACY_MESSAGES.notDone);
    if (doc.doneAt.getTime() + ARCHIVE_KEEP_MS < this.now().getTime()) throw gone(PRIVACY_MESSAGES.expired);
    const parts = await this.models.PrivacyPart.find({ requestId: id }).lean();
    // A part removed (its 7 days ran out, or the subject was erased since) leaves no archive to give.
    if (parts.length < PRIVACY_SERVICES.length) throw gone(PRIVACY_MESSAGES.expired);
    const ordered = PRIVACY_SERVICES.map((service) => parts.find((part) => part.service === service)).filter((part) => part !== undefined);
    return zipArchive(privacyArchiveFiles(ordered, { requestId: id, madeAt: this.now().toISOString() }));
  }

  /**
   * A service's answer, stored once whatever the redeliveries: its part (an access answer's
   * records) by its `_id`, its counts by a write guarded on the service not having answered.
   * The answer that finds all in place completes the request and drops the subject's address.
   */
  async recordAnswer(requestId: string, service: PrivacyService, counts: PrivacyCounts, records?: PrivacyRecords): Promise<void> {
    const doc = await this.models.PrivacyRequest.findById(requestId, { kind: 1, doneAt: 1, createdAt: 1, emailHash: 1, phoneHash: 1 }).lean();
    if (!doc) {
      this.logger.warn({ requestId, service }, 'privacy answer for an unknown request ignored');
      return;
    }
    if (records && !doc.doneAt && !(await this.erasedSince(doc))) {
      try {
        await this.models.PrivacyPart.create({ _id: privacyPartId(requestId, service), requestId, service, records, createdAt: this.now() });
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
      }
    }
    await this.models.PrivacyRequest.updateOne(
      { _id: requestId, [`answers.${service}`]: { $exists: false } },
      { $set: { [`answers.${service}`]: { at: this.now(), counts } } },
    );
    const everyAnswer = Object.fromEntries(PRIVACY_SERVICES.map((name) => [`answers.${name}`, { $exists: true }]));
    await this.models.PrivacyRequest.updateOne(
      { _id: requestId, doneAt: null, ...everyAnswer },
      { $set: { doneAt: this.now() }, $unset: { email: 1, phone: 1 } },
    );
    const after = await this.models.PrivacyRequest.findById(requestId, { kind: 1, doneAt: 1, emailHash: 1, phoneHash: 1 }).lean();
    // Again on every answer to a done erasure: idempotent, so a stop half-way is finished by a redelivery.
    if (after?.kind === 'erasure' && after.doneAt) await this.forgetEarlierAccess(after);
  }

  /** Whether the subject of an access request was asked to be erased after it: its records, arriving late, are not kept. */
  private async erasedSince(access: Pick<PrivacyRequestDoc, 'createdAt' | 'emailHash' | 'phoneHash'>): Promise<boolean> {
    const later = { kind: 'erasure' as const, createdAt: { $gte: access.createdAt } };
    if (access.emailHash && (await this.models.PrivacyRequest.exists({ ...later, emailHash: access.emailHash }))) return true;
    return Boolean(access.phoneHash && (await this.models.PrivacyRequest.exists({ ...later, phoneHash: access.phoneHash })));
  }

  /** An erased subject's earlier access requests: their parts removed, their address dropped. */
  private async forgetEarlierAccess(erasure: Pick<PrivacyRequestDoc, 'emailHash' | 'phoneHash'>): Promise<void> {
    // Two lookups rather than one $or (FerretDB v1 answers equality from an index).
    const lookups = [
      erasure.emailHash ? { kind: 'access' as const, emailHash: erasure.emailHash } : null,
      erasure.phoneHash ? { kind: 'access' as const, phoneHash: erasure.phoneHash } : null,
    ].filter((filter) => filter !== null);
    const ids = new Set<string>();
    for (const filter of lookups) for (const doc of await this.models.PrivacyRequest.find(filter, { _id: 1 }).lean()) ids.add(doc._id);
    if (ids.size === 0) return;
    await this.models.PrivacyPart.deleteMany({ requestId: { $in: [...ids] } });
    await this.models.PrivacyRequest.updateMany({ _id: { $in: [...ids] } }, { $unset: { email: 1, phone: 1 } });
  }

  /** Removes access archives older than 7 days (every replica may run it: a delete by age is idempotent). */
  async forgetOldArchives(): Promise<number> {
    const cutoff = new Date(this.now().getTime() - ARCHIVE_KEEP_MS);
    return (await this.models.PrivacyPart.deleteMany({ createdAt: { $lt: cutoff } })).deletedCount;
  }

  async retention(): Promise<Retention> {
    const doc = await this.models.PrivacyRetention.findById(RETENTION_ID).lean();
    return { chatMonths: doc?.chatMonths ?? null, customerMonths: doc?.customerMonths ?? null };
  }

  /** Saves the setting with its event (the next version) and audit entry in one guarded write; a concurrent save makes it try again. */
  async saveRetention(value: Retention, caller: PrivacyCaller): Promise<Retention> {
    const months = (n: number | null) => (n === null ? 'kept' : `${n} months`);
    const describe = (r: Retention) => `chat ${months(r.chatMonths)}, customers ${months(r.customerMonths)}`;
    for (let attempt = 0; attempt < RETENTION_ATTEMPTS; attempt++) {
      const current = await this.models.PrivacyRetention.findById(RETENTION_ID).lean();
      const version = (current?.version ?? 0) + 1;
      const outbox = [
        outboxEvent(SERVICE, 'privacy.retention.changed', { ...value, version }, caller.requestId),
        auditEvent(
          SERVICE,
          {
            action: 'setting-changed',
            actor: auditActor(caller.user),
            subject: 'privacy retention',
            before: describe({ chatMonths: current?.chatMonths ?? null, customerMonths: current?.customerMonths ?? null }),
            after: describe(value),
            ...(caller.clientAddress ? { address: caller.clientAddress } : {}),
          },
          caller.requestId,
        ),
      ];
      if (current) {
        const written = await this.models.PrivacyRetention.updateOne(
          { _id: RETENTION_ID, version: current.version },
          { $set: { ...value, version }, $push: { outbox: { $each: outbox } } },
        );
        if (written.modifiedCount === 0) continue;
      } else {
        try {
          await this.models.PrivacyRetention.create({ _id: RETENTION_ID, ...value, version, outbox });
        } catch (err) {
          if (isDuplicateKey(err)) continue;
          throw err;
        }
      }
      this.relay.publishDocument(this.models.PrivacyRetention, RETENTION_ID);
      return value;
    }
    throw conflict('The retention setting is being changed by someone else; try again');
  }

  private async found(id: string): Promise<PrivacyRequestDoc> {
    const doc = await this.models.PrivacyRequest.findById(id, { outbox: 0 }).lean<PrivacyRequestDoc>();
    if (!doc) throw notFound('No such privacy request');
    return doc;
  }
}
