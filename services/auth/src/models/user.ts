import { isValidObjectId, Schema, type Connection, type Model } from 'mongoose';
import { ACCOUNT_STATUSES, STAFF_ROLES, type Account, type AccountStatus, type StaffRole, type User } from '@bb/contracts';
import { outboxFields, outboxPendingFlag, type WithOutbox } from '@bb/service-kit';

/** Two-factor sign-in of an account: secrets encrypted (domain/two-factor.ts). */
export interface TotpState {
  /** The confirmed secret; absent until enrolment is confirmed. */
  secret?: string;
  /** A secret shown for enrolment, not yet confirmed with a code. */
  pending?: string;
  confirmed: boolean;
  /** The last 30-second step whose code was accepted: no code of it or before it is accepted again. */
  lastStep: number;
}

/**
 * A staff account; its events (sessions ended, invited, audit entries) leave through its outbox.
 * Accounts from before roles (issue 30) have no status and count as active owners.
 */
export interface UserDoc extends WithOutbox {
  username: string;
  email?: string;
  /** Absent while invited (no password set yet). */
  passwordHash?: string;
  role: StaffRole;
  /** A practitioner's catalog staff profile. */
  staffId?: string;
  status: AccountStatus;
  totp?: TotpState;
  /** Hashes of the unused recovery codes; each is pulled when used. */
  recoveryCodes: string[];
  lastSignInAt?: Date;
  /** The set-password link of an invited account: only its hash. */
  invitation?: { tokenHash: string; expiresAt: Date };
  /** Its tokens issued before this are refused everywhere (its password set again, its role changed, disabled…); absent until then. */
  tokensRevokedBefore?: Date;
  createdAt: Date;
}

const userSchema = new Schema<UserDoc>(
  {
    username: { type: String, required: true, unique: true },
    email: { type: String },
    passwordHash: { type: String },
    // Accounts from before roles were owners: there was one kind of staff, who could do everything.
    role: { type: String, enum: STAFF_ROLES, default: 'owner' },
    staffId: { type: String },
    status: { type: String, enum: ACCOUNT_STATUSES, default: 'active' },
    totp: {
      type: new Schema<TotpState>(
        { secret: String, pending: String, confirmed: { type: Boolean, default: false }, lastStep: { type: Number, default: 0 } },
        { _id: false },
      ),
    },
    recoveryCodes: { type: [String], default: [] },
    lastSignInAt: { type: Date },
    invitation: { type: new Schema({ tokenHash: { type: String, required: true }, expiresAt: { type: Date, required: true } }, { _id: false }) },
    tokensRevokedBefore: { type: Date },
    ...outboxFields,
  },
  { timestamps: { createdAt: true, updatedAt: false }, versionKey: false },
);
userSchema.index({ 'invitation.tokenHash': 1 }, { sparse: true });

userSchema.plugin(outboxPendingFlag);

export const userModel = (conn: Connection) => conn.model<UserDoc>('User', userSchema, 'users');

/**
 * The account a signed-in token names, without its outbox or recovery codes; null when there is
 * none, also when the subject is not an account id at all (which must read as "no account", 401,
 * not as a malformed id, 404).
 */
export const accountOfSubject = (User: Model<UserDoc>, subject: string) =>
  isValidObjectId(subject) ? User.findById(subject, { outbox: 0, recoveryCodes: 0 }).lean() : Promise.resolve(null);

type Stored = Pick<UserDoc, 'username'> &
  Partial<Pick<UserDoc, 'role' | 'staffId' | 'status' | 'totp' | 'email' | 'lastSignInAt' | 'createdAt'>> & { _id: unknown };

export const roleOf = (doc: Pick<Stored, 'role'>): StaffRole => doc.role ?? 'owner';
export const statusOf = (doc: Pick<Stored, 'status'>): AccountStatus => doc.status ?? 'active';
export const hasTwoFactor = (doc: Pick<Stored, 'totp'>): boolean => doc.totp?.confirmed === true;

/** The signed-in user; `mustEnrol` when the sign-in policy requires two-factor sign-in it has not set up. */
export const toUser = (doc: Stored, mustEnrol = false): User => ({
  id: String(doc._id),
  username: doc.username,
  role: roleOf(doc),
  ...(doc.staffId ? { staffId: doc.staffId } : {}),
  twoFactor: hasTwoFactor(doc),
  mustEnrol,
});

export const toAccount = (doc: Stored): Account => ({
  id: String(doc._id),
  username: doc.username,
  ...(doc.email ? { email: doc.email } : {}),
  role: roleOf(doc),
  ...(doc.staffId ? { staffId: doc.staffId } : {}),
  status: statusOf(doc),
  twoFactor: hasTwoFactor(doc),
  createdAt: (doc.createdAt ?? new Date(0)).toISOString(),
  ...(doc.lastSignInAt ? { lastSignInAt: doc.lastSignInAt.toISOString() } : {}),
});
