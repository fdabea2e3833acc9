import type { Connection } from 'mongoose';
import { seedMarkerModel } from '@bb/service-kit';
import { appointmentModel } from './appointment';
import { bookableModel } from './bookable';
import { calendarFeedModel } from './calendar-feed';
import { contactClaimModel } from './contact-claim';
import { dateOverrideModel } from './date-override';
import { daySheetModel } from './day-sheet';
import { migrationModel } from './migration';
import { officeHoursModel } from './office-hours';
import { seatModel } from './seat';
import { settingsModel } from './settings';
import { waitlistEntryModel } from './waitlist-entry';

export const createModels = (conn: Connection) => ({
  Appointment: appointmentModel(conn),
  Seat: seatModel(conn),
  ContactClaim: contactClaimModel(conn),
  DaySheet: daySheetModel(conn),
  OfficeHours: officeHoursModel(conn),
  DateOverride: dateOverrideModel(conn),
  Settings: settingsModel(conn),
  Bookable: bookableModel(conn),
  WaitlistEntry: waitlistEntryModel(conn),
  CalendarFeed: calendarFeedModel(conn),
  SeedMarker: seedMarkerModel(conn),
  Migration: migrationModel(conn),
});
export type BookingModels = ReturnType<typeof createModels>;
