import type { OutboxRelay, RevocationList } from '@bb/service-kit';
import type { AuthModels } from './models';
import type { AuditTrail } from './store/audit-trail';

/** What auth's routes are given. */
export interface AuthDeps {
  models: AuthModels;
  relay: OutboxRelay;
  revocations: RevocationList;
  jwtSecret: string;
  tokenTtlSeconds: number;
  demo: boolean;
  /** The hash-chained audit trail. */
  auditTrail: AuditTrail;
  /** APP_MODE production: owners must set up two-factor sign-in. */
  production: boolean;
  /** TOTP_ENCRYPTION_KEY: the key stored two-factor secrets and recovery codes are kept under. */
  totpKey: string;
}
