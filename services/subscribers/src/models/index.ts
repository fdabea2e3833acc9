import type { Connection } from 'mongoose';
import { subscriberModel } from './subscriber';

export const createModels = (conn: Connection) => ({ Subscriber: subscriberModel(conn) });
export type SubscriberModels = ReturnType<typeof createModels>;
