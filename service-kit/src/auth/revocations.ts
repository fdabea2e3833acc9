import type { Connection, Model } from 'mongoose';
import { Schema } from 'mongoose';
import type { EventBus } from '../bus/event-bus';
import type { Logger } from '../logger';

interface RevokedToken {
  _id: string;
  expiresAt: Date;
}

const revokedTokenSchema = new Schema<RevokedToken>({ _id: String, expiresAt: { type: Date, required: true } }, { versionKey: false });

/** How often the list is re-read from the database besides the events: a safety net, not the path. */
const RELOAD_INTERVAL_MS = 60_000;

/**
 * Tokens revoked by logging out, as every process sees them. Two paths carry a revocation:
 * - a per-process queue, so every replica of every process refuses the token at once;
 * - a durable queue per service, whose consumer (one replica) stores it in the service's own
 *   database, so a replica that was down, restarting or cut off from the broker learns it
 *   from there: on start, whenever its per-process consumer (re)starts, and every minute.
 */
export class RevocationList {
  private readonly revoked = new Map<string, number>();
  private readonly model: Model<RevokedToken>;
  private timer: NodeJS.Timeout | null = null;

  constructor(conn: Connection, private readonly logger: Logger) {
    this.model = conn.models.RevokedToken ?? conn.model<RevokedToken>('RevokedToken', revokedTokenSchema, 'revoked_tokens');
  }

  /** `name` is the process kind (auth, booking, gateway…): replicas of one kind share its durable queue. */
  async start(bus: EventBus, name: string): Promise<void> {
    bus.subscribe(`${name}.revocations`, ['auth.session.revoked'], async (event) => {
      const expiresAt = new Date(event.data.expiresAt * 1000);
      this.add(event.data.jti, event.data.expiresAt);
      await this.model.updateOne({ _id: event.data.jti }, { $set: { expiresAt } }, { upsert: true });
    });
    bus.subscribe(
      `${name}.revocations.live`,
      ['auth.session.revoked'],
      async (event) => {
        this.add(event.data.jti, event.data.expiresAt);
      },
      { perProcess: true, onConsuming: () => this.reload() },
    );
    await this.reload();
    this.timer = setInterval(() => void this.refresh(), RELOAD_INTERVAL_MS);
    this.timer.unref();
  }

  isRevoked(jti: string): boolean {
    return this.revoked.has(jti);
  }

  /** Records a revocation at once, for the process that performed the logout. */
  add(jti: string, expiresAtSeconds: number): void {
    this.revoked.set(jti, expiresAtSeconds * 1000);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }

  private async reload(): Promise<void> {
    for (const doc of await this.model.find({ expiresAt: { $gt: new Date() } }).lean()) this.revoked.set(doc._id, doc.expiresAt.getTime());
    this.logger.debug({ count: this.revoked.size }, 'revocation list loaded');
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
