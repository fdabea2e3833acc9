import type { Connection } from 'mongoose';
import { appointmentModel } from './appointment';
import { mailModel } from './mail';
import { settingsModel } from './settings';

export const createModels = (conn: Connection) => ({
  Appointment: appointmentModel(conn),
  Mail: mailModel(conn),
  Settings: settingsModel(conn),
});
export type NotificationModels = ReturnType<typeof createModels>;
