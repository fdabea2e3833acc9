import { Badge } from '@chakra-ui/react';
import type { AppointmentPayment } from '@bb/contracts';
import { PAYMENT_PALETTE, paymentBadgeText, paymentStateAt } from '../domain/deposits';

/** An appointment's deposit, where it was booked with one: its state and amount (and until when an awaited one is held). */
export function PaymentBadge({ payment, now }: { payment: AppointmentPayment | null; now: Date }) {
  if (!payment) return null;
  const state = paymentStateAt(payment, now);
  return (
    <Badge colorPalette={PAYMENT_PALETTE[state]} variant="outline" whiteSpace="normal" data-payment-state={state}>
      {paymentBadgeText(payment, now)}
    </Badge>
  );
}
