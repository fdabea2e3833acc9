import type { PaymongoMethodType, DepositPurpose } from '@bb/contracts';

/** What a checkout session is made from: the payment as booking asked for it. */
export interface CheckoutPayment {
  id: string;
  appointmentId: string;
  amount: number;
  purpose: DepositPurpose;
  description: string;
  customerName: string;
  customerEmail: string;
}

/** The pay page of a booking, where PayMongo's checkout sends the visitor back. */
export const payPageUrl = (publicUrl: string, token: string, result?: 'success' | 'cancelled') =>
  `${publicUrl.replace(/\/+$/, '')}/pay/${token}${result ? `?result=${result}` : ''}`;

/**
 * The attributes of `POST /v1/checkout_sessions` (PayMongo's create-a-checkout-session): one
 * line item of the amount booking asked for, the methods offered, the visitor's way back, and
 * our ids in the metadata (strings, as PayMongo wants), which its payments carry too.
 */
export function checkoutSessionAttributes(payment: CheckoutPayment, methods: readonly PaymongoMethodType[], publicUrl: string, token: string) {
  return {
    line_items: [
      {
        amount: payment.amount,
        currency: 'PHP',
        name: payment.purpose === 'full' ? 'Full payment' : 'Deposit',
        quantity: 1,
        description: payment.description.slice(0, 255),
      },
    ],
    payment_method_types: [...methods],
    description: payment.description.slice(0, 1000),
    reference_number: payment.id,
    success_url: payPageUrl(publicUrl, token, 'success'),
    cancel_url: payPageUrl(publicUrl, token, 'cancelled'),
    send_email_receipt: true,
    show_description: true,
    show_line_items: true,
    billing: { name: payment.customerName, email: payment.customerEmail },
    metadata: { paymentId: payment.id, appointmentId: payment.appointmentId },
  };
}
