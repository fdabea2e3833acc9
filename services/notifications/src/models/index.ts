import type { Connection } from 'mongoose';
import { retentionCopyModel } from '@bb/service-kit';
import { appointmentModel } from './appointment';
import { mailModel } from './mail';
import { settingsModel } from './settings';

export const createModels = (conn: Connection) => ({
  Appointment: appointmentModel(conn),
  Mail: mailModel(conn),
  Settings: settingsModel(conn),
  RetentionCopy: retentionCopyModel(conn),
});
export type NotificationModels = ReturnType<typeof createModels>;
