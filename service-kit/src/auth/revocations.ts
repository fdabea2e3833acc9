import type { Connection, Model } from 'mongoose';
import { Schema } from 'mongoose';
import type { Envelope, EventData } from '@bb/contracts';
import type { EventBus } from '../bus/event-bus';
import type { Logger } from '../logger';
import type { VerifiedToken } from './tokens';

interface RevokedToken {
  _id: string;
  expiresAt: Date;
}

/** A staff user whose tokens issued before `issuedBefore` are refused (their password was set). */
interface UserSignOut {
  _id: string;
  issuedBefore: Date;
}

const revokedTokenSchema = new Schema<RevokedToken>({ _id: String, expiresAt: { type: Date, required: true } }, { versionKey: false });
const userSignOutSchema = new Schema<UserSignOut>({ _id: String, issuedBefore: { type: Date, required: true } }, { versionKey: false });

/** How often the list is re-read from the database besides the events: a safety net, not the path. */
const RELOAD_INTERVAL_MS = 60_000;

const REVOCATION_EVENTS = ['auth.session.revoked', 'auth.user.sessions-revoked'] as const;
type RevocationEvent = Envelope<EventData<(typeof REVOCATION_EVENTS)[number]>>;

/** What the route gate and the gateway ask of a verified token. */
export interface TokenRevocations {
  isTokenRevoked(token: Pick<VerifiedToken, 'jti' | 'sub' | 'iat'>): boolean;
}

/**
 * Tokens revoked, as every process sees them: one token by its logout (`auth.session.revoked`,
 * by jti), or every token of a user issued before a moment (`auth.user.sessions-revoked`, by
 * subject and iat: a password set again, which ends sessions whose jti nobody has seen). Two
 * paths carry each:
 * - a per-process queue, so every replica of every process refuses the token at once;
 * - a durable queue per service, whose consumer (one replica) stores it in the service's own
 *   database, so a replica that was down, restarting or cut off from the broker learns it
 *   from there: on start, whenever its per-process consumer (re)starts, and every minute.
 */
export class RevocationList implements TokenRevocations {
  private readonly revoked = new Map<string, number>();
  /** User id → Unix seconds: their tokens with an earlier iat are refused. */
  private readonly signedOut = new Map<string, number>();
  private readonly model: Model<RevokedToken>;
  private readonly signOuts: Model<UserSignOut>;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    conn: Connection,
    private readonly logger: Logger,
  ) {
    this.model = conn.models.RevokedToken ?? conn.model<RevokedToken>('RevokedToken', revokedTokenSchema, 'revoked_tokens');
    this.signOuts = conn.models.UserSignOut ?? conn.model<UserSignOut>('UserSignOut', userSignOutSchema, 'user_sign_outs');
  }

  /** `name` is the process kind (auth, booking, gateway…): replicas of one kind share its durable queue. */
  async start(bus: EventBus, name: string): Promise<void> {
    bus.subscribe(`${name}.revocations`, [...REVOCATION_EVENTS], async (event) => {
      this.apply(event);
      await this.store(event);
    });
    bus.subscribe(`${name}.revocations.live`, [...REVOCATION_EVENTS], async (event) => this.apply(event), {
      perProcess: true,
      onConsuming: () => this.reload(),
    });
    await this.reload();
    this.timer = setInterval(() => void this.refresh(), RELOAD_INTERVAL_MS);
    this.timer.unref();
  }

  /** Revoked by its logout (jti only). */
  isRevoked(jti: string): boolean {
    return this.revoked.has(jti);
  }

  /** Revoked by its logout, or issued before its user's latest sign-out everywhere. */
  isTokenRevoked(token: Pick<VerifiedToken, 'jti' | 'sub' | 'iat'>): boolean {
    return this.revoked.has(token.jti) || token.iat < (this.signedOut.get(token.sub) ?? 0);
  }

  /** Records a revocation at once, for the process that performed the logout. */
  add(jti: string, expiresAtSeconds: number): void {
    this.revoked.set(jti, expiresAtSeconds * 1000);
  }

  /**
   * Records a logout in memory and in this process's database before it is answered, so every
   * replica that asks the database (`isStoredRevoked`) refuses the token from the moment its
   * owner is told they are signed out, not only once the event reaches it (about 50 ms later).
   */
  async record(token: Pick<VerifiedToken, 'jti' | 'exp'>): Promise<void> {
    this.add(token.jti, token.exp);
    await this.model.updateOne({ _id: token.jti }, { $set: { expiresAt: new Date(token.exp * 1000) } }, { upsert: true });
  }

  /** Whether another replica stored this token's logout although no event has told this process yet; remembered once found. */
  async isStoredRevoked(token: Pick<VerifiedToken, 'jti' | 'exp'>): Promise<boolean> {
    if (this.revoked.has(token.jti)) return true;
    const stored = await this.model.exists({ _id: token.jti });
    if (stored) this.add(token.jti, token.exp);
    return stored !== null;
  }

  /** Refuses every token of the user issued before `issuedBeforeSeconds`; an earlier moment never undoes a later one. */
  signOutUser(userId: string, issuedBeforeSeconds: number): void {
    this.signedOut.set(userId, Math.max(issuedBeforeSeconds, this.signedOut.get(userId) ?? 0));
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }

  private apply(event: RevocationEvent): void {
    const data = event.data;
    if ('jti' in data) this.add(data.jti, data.expiresAt);
    else this.signOutUser(data.userId, data.issuedBefore);
  }

  private async store(event: RevocationEvent): Promise<void> {
    const data = event.data;
    if ('jti' in data) await this.model.updateOne({ _id: data.jti }, { $set: { expiresAt: new Date(data.expiresAt * 1000) } }, { upsert: true });
    else await this.signOuts.updateOne({ _id: data.userId }, { $max: { issuedBefore: new Date(data.issuedBefore * 1000) } }, { upsert: true });
  }

  private async reload(): Promise<void> {
    for (const doc of await this.model.find({ expiresAt: { $gt: new Date() } }).lean()) this.revoked.set(doc._id, doc.expiresAt.getTime());
    // One per staff user who ever had a password set again: a handful, read whole.
    for (const doc of await this.signOuts.find({}).lean()) this.signOutUser(doc._id, Math.floor(doc.issuedBefore.getTime() / 1000));
    this.logger.debug({ count: this.revoked.size, users: this.signedOut.size }, 'revocation list loaded');
  }

  private async refresh(): Promise<void> {
    const now = Date.now();
    for (const [jti, exp] of this.revoked) if (exp < now) this.revoked.delete(jti);
    try {
      await this.model.deleteMany({ expiresAt: { $lt: new Date(now) } });
      await this.reload();
    } catch (err) {
      this.logger.warn({ err }, 'could not refresh the revocation list');
    }
  }
}
