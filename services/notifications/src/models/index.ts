import type { Connection } from 'mongoose';
import { retentionCopyModel } from '@bb/service-kit';
import { appointmentModel } from './appointment';
import { depositModel } from './deposit';
import { mailModel } from './mail';
import { mailCountModel } from './mail-count';
import { settingsModel } from './settings';

export const createModels = (conn: Connection) => ({
  Appointment: appointmentModel(conn),
  Mail: mailModel(conn),
  Deposit: depositModel(conn),
  MailCount: mailCountModel(conn),
  Settings: settingsModel(conn),
  RetentionCopy: retentionCopyModel(conn),
});
export type NotificationModels = ReturnType<typeof createModels>;
