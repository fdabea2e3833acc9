import type { Connection } from 'mongoose';
import { auditNoteModel } from '@bb/service-kit';
import { auditEntryModel, auditHeadModel } from './audit-entry';
import { revocationModel } from './revocation';
import { signInPolicyModel } from './sign-in-policy';
import { userModel } from './user';

export const createModels = (conn: Connection) => ({
  User: userModel(conn),
  Revocation: revocationModel(conn),
  AuditEntry: auditEntryModel(conn),
  AuditHead: auditHeadModel(conn),
  SignInPolicy: signInPolicyModel(conn),
  AuditNote: auditNoteModel(conn),
});
export type AuthModels = ReturnType<typeof createModels>;
