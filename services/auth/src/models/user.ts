import { Schema, type Connection } from 'mongoose';

export interface UserDoc {
  username: string;
  passwordHash: string;
  createdAt: Date;
}

const userSchema = new Schema<UserDoc>(
  {
    username: { type: String, required: true, unique: true },
    passwordHash: { type: String, required: true },
  },
  { timestamps: { createdAt: true, updatedAt: false }, versionKey: false },
);

export const userModel = (conn: Connection) => conn.model<UserDoc>('User', userSchema, 'users');
