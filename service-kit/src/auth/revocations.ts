import type { Connection, Model } from 'mongoose';
import { Schema } from 'mongoose';
import type { EventBus } from '../bus/event-bus';
import type { Logger } from '../logger';

interface RevokedToken {
  _id: string;
  expiresAt: Date;
}

const revokedTokenSchema = new Schema<RevokedToken>({ _id: String, expiresAt: { type: Date, required: true } }, { versionKey: false });

/**
 * Tokens revoked by logging out. Kept in memory for the request path, persisted in the
 * process's own database so a restart does not forget them, and fed by auth.session.revoked.
 */
export class RevocationList {
  private readonly revoked = new Map<string, number>();
  private readonly model: Model<RevokedToken>;
  private sweepTimer: NodeJS.Timeout | null = null;

  constructor(conn: Connection, private readonly logger: Logger) {
    this.model = conn.models.RevokedToken ?? conn.model<RevokedToken>('RevokedToken', revokedTokenSchema, 'revoked_tokens');
  }

  async start(bus: EventBus, queue: string): Promise<void> {
    const now = new Date();
    for (const doc of await this.model.find({ expiresAt: { $gt: now } }).lean()) this.revoked.set(doc._id, doc.expiresAt.getTime());
    bus.subscribe(queue, ['auth.session.revoked'], async (event) => {
      const expiresAt = new Date(event.data.expiresAt * 1000);
      await this.model.updateOne({ _id: event.data.jti }, { $set: { expiresAt } }, { upsert: true });
      this.revoked.set(event.data.jti, expiresAt.getTime());
    });
    this.sweepTimer = setInterval(() => void this.sweep(), 10 * 60 * 1000);
    this.sweepTimer.unref();
    this.logger.debug({ count: this.revoked.size }, 'revocation list loaded');
  }

  isRevoked(jti: string): boolean {
    return this.revoked.has(jti);
  }

  /** Records a revocation at once, for the process that performed the logout. */
  add(jti: string, expiresAtSeconds: number): void {
    this.revoked.set(jti, expiresAtSeconds * 1000);
  }

  stop(): void {
    if (this.sweepTimer) clearInterval(this.sweepTimer);
  }

  private async sweep(): Promise<void> {
    const now = Date.now();
    for (const [jti, exp] of this.revoked) if (exp < now) this.revoked.delete(jti);
    try {
      await this.model.deleteMany({ expiresAt: { $lt: new Date(now) } });
    } catch (err) {
      this.logger.warn({ err }, 'could not sweep expired revocations');
    }
  }
}
