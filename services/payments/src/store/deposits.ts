import type { EventData } from '@bb/contracts';
import type { Logger } from '@bb/service-kit';
import { PaymongoError, PaymongoUnreachable } from '../clients/paymongo';
import { releaseAction } from '../domain/payment-state';
import { paymentEvent } from '../events/payment-events';
import type { PaymentStore } from './payment-store';
import type { Reconciler } from './reconcile';
import type { Refunds } from './refunds';
import type { Change } from './transitions';

/** A release or hold change for an appointment whose request has not arrived yet: retried by the bus until it has. */
export class RequestNotYetArrived extends Error {
  constructor(appointmentId: string) {
    super(`no payment requested yet for appointment ${appointmentId}`);
    this.name = 'RequestNotYetArrived';
  }
}

/** What booking asks of payments by its events: a payment per appointment, its hold, its release. */
export class Deposits {
  constructor(
    private readonly payments: PaymentStore,
    private readonly refunds: Refunds,
    private readonly reconciler: Reconciler,
    private readonly logger: Logger,
  ) {}

  request(data: EventData<'booking.deposit.requested'>): Promise<void> {
    return this.payments.request(data);
  }

  async extendHold({ appointmentId, holdExpiresAt }: EventData<'booking.deposit.hold-extended'>): Promise<void> {
    if (!(await this.payments.extendHold(appointmentId, new Date(holdExpiresAt)))) throw new RequestNotYetArrived(appointmentId);
  }

  /** The appointment was rescheduled: its deposit is counted and shown at the new time. */
  moved({ appointmentId, startTime, revision }: EventData<'booking.appointment.rescheduled'>): Promise<void> {
    return this.payments.move(appointmentId, new Date(startTime), revision);
  }

  /**
   * Booking lets the payment go (see releaseAction): decided from the payment as it is when the
   * write lands, so a payment made a moment before the release is refunded, not expired. An
   * expired payment's open checkout page is expired at PayMongo too (or by the reconcile pass).
   */
  async release(data: EventData<'booking.deposit.released'>, correlationId?: string): Promise<void> {
    const now = this.payments.now();
    const result = await this.payments.apply(
      { appointmentId: data.appointmentId },
      (doc) => releaseAction(doc.status, doc.method, data),
      (doc): Change | null => {
        const action = releaseAction(doc.status, doc.method, data);
        if (action === 'expired') {
          return {
            events: [paymentEvent('payments.payment.expired', doc, { reason: data.reason }, correlationId)],
            ...(doc.paymongo.checkoutUrl && { set: { reconcileAt: now, reconcileEveryMs: 0 } }),
          };
        }
        if (action === 'kept') return {};
        return this.refunds.refundChange(doc, { by: 'booking', reason: data.reason });
      },
    );
    if (!result) throw new RequestNotYetArrived(data.appointmentId);
    if (!result.applied) return;
    if (result.doc.status === 'expired' && result.doc.paymongo.checkoutUrl) {
      await this.reconciler.reconcile(result.doc).catch((err: unknown) => {
        if (!(err instanceof PaymongoUnreachable || err instanceof PaymongoError)) throw err;
        this.logger.warn({ err: err.message, paymentId: String(result.doc._id) }, 'checkout page not expired at PayMongo yet; the reconcile pass will');
      });
    } else await this.refunds.afterStart(result.doc);
  }
}
