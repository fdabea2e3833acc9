import type { Connection } from 'mongoose';
import { appointmentModel } from './appointment';
import { bookableModel } from './bookable';
import { daySheetModel } from './day-sheet';
import { officeHoursModel } from './office-hours';
import { seatModel } from './seat';
import { settingsModel } from './settings';

export const createModels = (conn: Connection) => ({
  Appointment: appointmentModel(conn),
  Seat: seatModel(conn),
  DaySheet: daySheetModel(conn),
  OfficeHours: officeHoursModel(conn),
  Settings: settingsModel(conn),
  Bookable: bookableModel(conn),
});
export type BookingModels = ReturnType<typeof createModels>;
