import { PAYMENT_MESSAGES, type PaymentLinkView } from '@bb/contracts';
import { appointmentIdOfManageToken, notFound } from '@bb/service-kit';
import { unpayableReason } from '../domain/payment-state';
import { toPaymentLinkView, type PaymentDoc } from '../models/payment';
import type { Checkout } from './checkout';
import type { PaymentSettingsStore } from './payment-settings';
import type { PaymentStore } from './payment-store';
import type { ReceiptUpload, Receipts } from './receipts';

/**
 * The visitor's side, reached by the manage link's token (the appointment's id and a MAC of it,
 * service-kit's manageLinkToken): a token we did not make, or one whose payment booking has not
 * asked for (yet), is simply not found.
 */
export class PaymentLinks {
  constructor(
    private readonly payments: PaymentStore,
    private readonly settings: PaymentSettingsStore,
    private readonly checkout: Checkout,
    private readonly receipts: Receipts,
    private readonly manageLinkSecret: string,
  ) {}

  async view(token: string): Promise<PaymentLinkView> {
    return this.shown(await this.paymentOf(token));
  }

  async startCheckout(token: string): Promise<{ checkoutUrl: string }> {
    return { checkoutUrl: await this.checkout.start(await this.paymentOf(token), token) };
  }

  async submitReceipt(token: string, upload: ReceiptUpload): Promise<PaymentLinkView> {
    return this.shown(await this.receipts.submit(await this.paymentOf(token), upload));
  }

  private async paymentOf(token: string): Promise<PaymentDoc> {
    const appointmentId = appointmentIdOfManageToken(this.manageLinkSecret, token);
    const doc = appointmentId && (await this.payments.byAppointment(appointmentId));
    if (!doc) throw notFound(PAYMENT_MESSAGES.notRequested);
    return doc;
  }

  /** The page's view: the methods and accounts only while it can still be paid. */
  private async shown(doc: PaymentDoc): Promise<PaymentLinkView> {
    const settings = await this.settings.read();
    const now = this.payments.now();
    const open = unpayableReason(doc.status, doc.holdExpiresAt, now) === null;
    return toPaymentLinkView(
      doc,
      {
        methods: { paymongo: open ? settings.paymongoMethods : [], transfer: open && settings.transferAccounts.length > 0 },
        transferAccounts: open ? settings.transferAccounts : [],
      },
      now,
    );
  }
}
