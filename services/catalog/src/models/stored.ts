import type { Types } from 'mongoose';

/** A document as read with lean(): its fields and its id. */
export type Stored<T> = T & { _id: Types.ObjectId };
