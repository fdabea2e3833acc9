import { answerPrivacyRequests, type EventBus } from '@bb/service-kit';
import type { BookingModels } from '../models';
import { bookingRecordsOf, eraseFromBooking } from '../store/privacy';

/** Booking answers every access and erasure request (queues `booking.privacy-access`, `booking.privacy-erasure`). */
export function answerBookingPrivacy(bus: EventBus, models: BookingModels): void {
  answerPrivacyRequests(bus, 'booking', { access: (subject) => bookingRecordsOf(models, subject), erase: (subject) => eraseFromBooking(models, subject) });
}
