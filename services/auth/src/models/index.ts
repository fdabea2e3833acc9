import type { Connection } from 'mongoose';
import { privacyPartModel } from './privacy-part';
import { privacyRequestModel } from './privacy-request';
import { privacyRetentionModel } from './privacy-retention';
import { revocationModel } from './revocation';
import { userModel } from './user';

export const createModels = (conn: Connection) => ({
  User: userModel(conn),
  Revocation: revocationModel(conn),
  PrivacyRequest: privacyRequestModel(conn),
  PrivacyPart: privacyPartModel(conn),
  PrivacyRetention: privacyRetentionModel(conn),
});
export type AuthModels = ReturnType<typeof createModels>;
