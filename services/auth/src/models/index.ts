import type { Connection } from 'mongoose';
import { revocationModel } from './revocation';
import { userModel } from './user';

export const createModels = (conn: Connection) => ({ User: userModel(conn), Revocation: revocationModel(conn) });
export type AuthModels = ReturnType<typeof createModels>;
