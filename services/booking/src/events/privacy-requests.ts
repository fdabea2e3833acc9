import { answerPrivacyRequests, keepRetention, type EventBus } from '@bb/service-kit';
import type { BookingModels } from '../models';
import { bookingRecordsOf, eraseFromBooking } from '../store/privacy';

/** Booking answers every access and erasure request (queues `booking.privacy-access`, `booking.privacy-erasure`) and keeps its copy of the retention setting. */
export function answerBookingPrivacy(bus: EventBus, models: BookingModels): void {
  answerPrivacyRequests(bus, 'booking', { access: (subject) => bookingRecordsOf(models, subject), erase: (subject) => eraseFromBooking(models, subject) });
  keepRetention(bus, 'booking', models.RetentionCopy);
}
