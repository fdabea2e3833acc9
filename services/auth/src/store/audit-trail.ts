import type { AuditPage, AuditQuery, AuditRecord, AuditVerification, Envelope, ExportRecord, TokenClaims } from '@bb/contracts';
import { auditActor, isDuplicateKey, manilaInstant, recordAuditNote, type OutboxRelay } from '@bb/service-kit';
import { CHAIN_START, entryHash, GENESIS_HASH, verifyEntries, verifyHead, type ChainPosition } from '../domain/audit-chain';
import { exportSubject } from '../domain/audit-export';
import type { AuthModels } from '../models';
import { toAuditEntry, type AuditEntryDoc } from '../models/audit-entry';

const HEAD_ID = 'head';
/** Lost races in a row before the delivery fails (and the bus retries it later). */
const MAX_ATTEMPTS = 50;
const VERIFY_BATCH = 500;
const DAY_MINUTES = 24 * 60;

/**
 * The hash-chained audit trail: appends (from `audit.recorded`), lists and verifies. Appending
 * reads the head, inserts the next number linked to it and moves the head on; across replicas
 * the unique `seq` decides and the loser reads the head again. Within one process appends take
 * turns, so only replicas race. Nothing here updates or removes an entry.
 */
export class AuditTrail {
  private turn: Promise<unknown> = Promise.resolve();
  private headReady: Promise<void> | null = null;

  constructor(private readonly models: AuthModels) {}

  append(event: Envelope<AuditRecord>): Promise<void> {
    const next = this.turn.then(() => this.appendNow(event));
    this.turn = next.catch(() => undefined);
    return next;
  }

  private async appendNow(event: Envelope<AuditRecord>): Promise<void> {
    const { AuditEntry, AuditHead } = this.models;
    // A redelivered event is found by its id's unique index when its insert fails, not by a read first.
    await this.ensureHead();
    const record = event.data;
    const at = new Date(record.at);
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const head = await AuditHead.findById(HEAD_ID).lean();
      if (!head) throw new Error("the audit chain's head is missing");
      const fields = {
        seq: head.seq + 1,
        service: event.source,
        action: record.action,
        ...(record.actor ? { actor: record.actor } : {}),
        subject: record.subject,
        ...(record.before !== undefined ? { before: record.before } : {}),
        ...(record.after !== undefined ? { after: record.after } : {}),
        ...(record.address !== undefined ? { address: record.address } : {}),
        at: record.at,
        previousHash: head.hash,
      };
      const hash = entryHash(fields);
      try {
        await AuditEntry.create({ ...fields, hash, eventId: event.id, atTime: Number.isNaN(at.getTime()) ? new Date(event.occurredAt) : at });
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
        if (await AuditEntry.exists({ eventId: event.id })) return;
        await this.headPast(head);
        continue;
      }
      await AuditHead.updateOne({ _id: HEAD_ID, seq: head.seq }, { $set: { seq: fields.seq, hash } });
      return;
    }
    throw new Error(`audit entry of event ${event.id} lost ${MAX_ATTEMPTS} races for the next number`);
  }

  /** Another appender took the number after the head: move the head to its entry (it may have stopped before doing so). */
  private async headPast(head: { seq: number }): Promise<void> {
    const taken = await this.models.AuditEntry.findOne({ seq: head.seq + 1 }, { seq: 1, hash: 1 }).lean();
    if (taken) await this.models.AuditHead.updateOne({ _id: HEAD_ID, seq: head.seq }, { $set: { seq: taken.seq, hash: taken.hash } });
  }

  private ensureHead(): Promise<void> {
    this.headReady ??= this.models.AuditHead.create({ _id: HEAD_ID, seq: 0, hash: GENESIS_HASH }).then(
      () => undefined,
      (err: unknown) => {
        if (isDuplicateKey(err)) return;
        this.headReady = null;
        throw err;
      },
    );
    return this.headReady;
  }

  /** Newest first, by the filters; `nextBefore` when more entries match. */
  async list(query: AuditQuery): Promise<AuditPage> {
    const filter: Record<string, unknown> = {};
    if (query.from || query.to) {
      filter.atTime = {
        ...(query.from ? { $gte: manilaInstant(query.from, 0) } : {}),
        ...(query.to ? { $lt: manilaInstant(query.to, DAY_MINUTES) } : {}),
      };
    }
    if (query.action) filter.action = query.action;
    if (query.actor) filter['actor.username'] = query.actor;
    if (query.before) filter.seq = { $lt: query.before };
    const docs = await this.models.AuditEntry.find(filter)
      .sort({ seq: -1 })
      .limit(query.limit + 1)
      .lean<AuditEntryDoc[]>();
    const page = docs.slice(0, query.limit);
    return { entries: page.map(toAuditEntry), ...(docs.length > query.limit ? { nextBefore: page[page.length - 1].seq } : {}) };
  }

  /** Walks the whole chain in number order, in batches, recomputing every hash and link; then checks the head. */
  async verify(): Promise<AuditVerification> {
    const head = await this.models.AuditHead.findById(HEAD_ID).lean();
    let position: ChainPosition = CHAIN_START;
    let hashAtHead: string | undefined;
    for (;;) {
      const batch = await this.models.AuditEntry.find({ seq: { $gt: position.seq } })
        .sort({ seq: 1 })
        .limit(VERIFY_BATCH)
        .lean<AuditEntryDoc[]>();
      const walked = verifyEntries(position, batch.map(toAuditEntry));
      position = walked.position;
      if (walked.broken) return { ok: false, checked: position.checked, ...walked.broken };
      hashAtHead ??= batch.find((entry) => entry.seq === head?.seq)?.hash;
      if (batch.length < VERIFY_BATCH) break;
    }
    const broken = verifyHead(position, head ? { seq: head.seq, hash: head.hash } : null, hashAtHead);
    return broken ? { ok: false, checked: position.checked, ...broken } : { ok: true, checked: position.checked };
  }
}

/** An export the console is about to make, recorded through an audit note (there is no document of its own). */
export async function recordExport(
  models: AuthModels,
  relay: OutboxRelay,
  request: { user: Pick<TokenClaims, 'sub' | 'username' | 'role'>; address: string | undefined; requestId: string },
  exported: ExportRecord,
): Promise<void> {
  await recordAuditNote(
    models.AuditNote,
    relay,
    'auth',
    { action: 'export', actor: auditActor(request.user), subject: exportSubject(exported), ...(request.address ? { address: request.address } : {}) },
    request.requestId,
  );
}
