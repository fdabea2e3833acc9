import type { Connection } from 'mongoose';
import { auditNoteModel, retentionCopyModel, seedMarkerModel } from '@bb/service-kit';
import { appointmentModel } from './appointment';
import { bookableModel } from './bookable';
import { calendarFeedModel } from './calendar-feed';
import { contactCountModel } from './contact-count';
import { dateOverrideModel } from './date-override';
import { depositPolicyModel } from './deposit-policy';
import { depositSettingsModel } from './deposit-settings';
import { ledgerModel } from './ledger';
import { migrationModel } from './migration';
import { officeHoursModel } from './office-hours';
import { practitionerModel } from './practitioner';
import { requirementModel } from './requirement';
import { roomModel } from './room';
import { settingsModel } from './settings';
import { waitlistEntryModel } from './waitlist-entry';

export const createModels = (conn: Connection) => ({
  Appointment: appointmentModel(conn),
  Ledger: ledgerModel(conn),
  ContactCount: contactCountModel(conn),
  OfficeHours: officeHoursModel(conn),
  DateOverride: dateOverrideModel(conn),
  Settings: settingsModel(conn),
  Bookable: bookableModel(conn),
  Practitioner: practitionerModel(conn),
  Room: roomModel(conn),
  Requirement: requirementModel(conn),
  DepositPolicy: depositPolicyModel(conn),
  DepositSettings: depositSettingsModel(conn),
  WaitlistEntry: waitlistEntryModel(conn),
  CalendarFeed: calendarFeedModel(conn),
  SeedMarker: seedMarkerModel(conn),
  Migration: migrationModel(conn),
  AuditNote: auditNoteModel(conn),
  RetentionCopy: retentionCopyModel(conn),
});
export type BookingModels = ReturnType<typeof createModels>;
