import { retryableLazy } from '../../shared/errors/retryable-lazy';
import { BookingLinkPage } from './BookingLinkPage';

const PayBooking = retryableLazy(() => import('../pay/PayBooking'));

/** /pay/:token, where a booking that asks a deposit is paid (the booking form sends the visitor here, the payment mail links it). */
export default function PayPage() {
  return <BookingLinkPage title="Pay Your Deposit · Lumière" heroTitle="Pay to Confirm" loadingText="Loading your payment..." Booking={PayBooking} />;
}
