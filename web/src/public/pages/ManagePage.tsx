import { retryableLazy } from '../../shared/errors/retryable-lazy';
import { BookingLinkPage } from './BookingLinkPage';

const ManageBooking = retryableLazy(() => import('../manage/ManageBooking'));

/** /manage/:token, the link of the confirmation mail: the booking, with reschedule, cancel and its calendar file. */
export default function ManagePage() {
  return <BookingLinkPage title="Your Booking · Lumière" heroTitle="Manage Your Booking" loadingText="Loading your booking..." Booking={ManageBooking} />;
}
