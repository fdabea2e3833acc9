import type { Connection } from 'mongoose';
import { settingsModel } from './settings';
import { subscriberModel } from './subscriber';

export const createModels = (conn: Connection) => ({ Subscriber: subscriberModel(conn), Settings: settingsModel(conn) });
export type SubscriberModels = ReturnType<typeof createModels>;
