import { Types, type QueryFilter } from 'mongoose';
import type { DepositReport, EventData, Payment, PaymentListQuery, PaymentPage, Side } from '@bb/contracts';
import { isDuplicateKey, manilaInstant, type OutboxRelay } from '@bb/service-kit';
import type { PaymentAction } from '../domain/payment-state';
import type { PaymentModels } from '../models';
import { toPayment, type PaymentDoc } from '../models/payment';
import { depositReportOf } from './deposit-report';
import { applyAction, type Change } from './transitions';

const DAY_MINUTES = 24 * 60;
const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A payment's id from a route: anything that is not one of ours is simply not found. */
export const paymentObjectId = (id: string): Types.ObjectId | null => (/^[0-9a-f]{24}$/i.test(id) ? new Types.ObjectId(id) : null);

/** The payments: booking's requests, reads and the moves of the state machine (each one guarded write). */
export class PaymentStore {
  constructor(
    readonly models: PaymentModels,
    private readonly relay: OutboxRelay,
    readonly now: () => Date,
  ) {}

  /**
   * Booking asked for a payment: created once per appointment (the unique index on
   * appointmentId), so a redelivered request changes nothing.
   */
  async request(data: EventData<'booking.deposit.requested'>): Promise<void> {
    const at = this.now();
    await this.models.Payment.create({
      appointmentId: data.appointmentId,
      offeringType: data.offeringType,
      customerName: data.customerName,
      customerEmail: data.customerEmail,
      customerPhone: data.customerPhone,
      description: data.description,
      startTime: new Date(data.startTime),
      amount: data.amount,
      currency: data.currency,
      purpose: data.purpose,
      status: 'awaiting',
      holdExpiresAt: new Date(data.holdExpiresAt),
      createdAt: at,
      updatedAt: at,
    }).catch((err: unknown) => {
      if (!isDuplicateKey(err)) throw err;
    });
  }

  /** Booking moved its hold: shown from now on, while the payment can still be paid. */
  async extendHold(appointmentId: string, holdExpiresAt: Date): Promise<boolean> {
    const found = await this.models.Payment.updateOne(
      { appointmentId, status: { $in: ['awaiting', 'in_review'] } },
      { $set: { holdExpiresAt, updatedAt: this.now() } },
    );
    return found.matchedCount === 1 || (await this.models.Payment.exists({ appointmentId })) !== null;
  }

  /**
   * The appointment moved to `startTime` (a reschedule keeps its deposit): the payment follows,
   * unless a later move was kept already. Most appointments have no payment: nothing to do then.
   */
  async move(appointmentId: string, startTime: Date, revision: number): Promise<void> {
    // Documents written before the field existed have none: they take any move.
    await this.models.Payment.updateOne(
      { appointmentId, $or: [{ startRevision: { $exists: false } }, { startRevision: { $lt: revision } }] },
      { $set: { startTime, startRevision: revision, updatedAt: this.now() } },
    );
  }

  byAppointment(appointmentId: string): Promise<PaymentDoc | null> {
    return this.models.Payment.findOne({ appointmentId }).lean<PaymentDoc>();
  }

  byId(id: string): Promise<PaymentDoc | null> {
    const _id = paymentObjectId(id);
    return _id ? this.models.Payment.findById(_id).lean<PaymentDoc>() : Promise.resolve(null);
  }

  /** Hands a payment written with events outside apply() to the relay. */
  publish(id: Types.ObjectId): void {
    this.relay.publishDocument(this.models.Payment, id);
  }

  /** Moves a payment by an action (see transitions.ts); null when there is no such payment. */
  apply(filter: QueryFilter<PaymentDoc>, action: PaymentAction | ((doc: PaymentDoc) => PaymentAction | null), change: (doc: PaymentDoc) => Change | null) {
    return applyAction(this.models, this.relay, this.now, filter, action, change);
  }

  /** Newest first, filtered; a page ends where `nextBefore` says the next one begins. */
  async list(query: PaymentListQuery): Promise<PaymentPage> {
    const now = this.now();
    const filter: QueryFilter<PaymentDoc> = {};
    // Awaiting past its hold reads as expired (statusAt): the filter agrees with what is shown.
    if (query.status === 'awaiting') Object.assign(filter, { status: 'awaiting', holdExpiresAt: { $gt: now } });
    else if (query.status === 'expired') filter.$and = [{ $or: [{ status: 'expired' }, { status: 'awaiting', holdExpiresAt: { $lte: now } }] }];
    else if (query.status) filter.status = query.status;
    if (query.method) filter.method = query.method;
    if (query.offering) filter.offeringType = query.offering;
    if (query.from || query.to) {
      filter.createdAt = {
        ...(query.from && { $gte: manilaInstant(query.from, 0) }),
        ...(query.to && { $lt: manilaInstant(query.to, DAY_MINUTES) }),
      };
    }
    if (query.search) {
      const pattern = { $regex: escapeRegex(query.search), $options: 'i' };
      filter.$or = [
        { customerName: pattern },
        { customerEmail: pattern },
        { 'receipt.referenceNumber': pattern },
        { 'paymongo.paymentId': pattern },
        { appointmentId: pattern },
      ];
    }
    if (query.before) filter._id = { $lt: new Types.ObjectId(query.before) };
    const docs = await this.models.Payment.find(filter, { outbox: 0, outboxParked: 0 })
      .sort({ _id: -1 })
      .limit(query.limit + 1)
      .lean<PaymentDoc[]>();
    const page = docs.slice(0, query.limit);
    return { payments: page.map((doc) => toPayment(doc, now)), ...(docs.length > query.limit && { nextBefore: String(page[page.length - 1]._id) }) };
  }

  /** The deposit report of the appointments starting on the Manila dates from…to, of one side or both. */
  report(from: string, to: string, offering?: Side): Promise<DepositReport> {
    return depositReportOf(this.models, from, to, this.now(), offering);
  }

  async read(id: string): Promise<Payment | null> {
    const doc = await this.byId(id);
    return doc && toPayment(doc, this.now());
  }
}
