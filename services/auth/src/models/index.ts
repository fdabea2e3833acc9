import type { Connection } from 'mongoose';
import { auditNoteModel } from '@bb/service-kit';
import { auditEntryModel, auditHeadModel } from './audit-entry';
import { privacyPartModel } from './privacy-part';
import { privacyRequestModel } from './privacy-request';
import { privacyRetentionModel } from './privacy-retention';
import { revocationModel } from './revocation';
import { signInPolicyModel } from './sign-in-policy';
import { userModel } from './user';

export const createModels = (conn: Connection) => ({
  User: userModel(conn),
  Revocation: revocationModel(conn),
  SignInPolicy: signInPolicyModel(conn),
  AuditEntry: auditEntryModel(conn),
  AuditHead: auditHeadModel(conn),
  AuditNote: auditNoteModel(conn),
  PrivacyRequest: privacyRequestModel(conn),
  PrivacyPart: privacyPartModel(conn),
  PrivacyRetention: privacyRetentionModel(conn),
});
export type AuthModels = ReturnType<typeof createModels>;
