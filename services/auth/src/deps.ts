import type { OutboxRelay, RevocationList } from '@bb/service-kit';
import type { AuthModels } from './models';
import type { PrivacyRequests } from './store/privacy-requests';

/** What auth's routes are given. */
export interface AuthDeps {
  models: AuthModels;
  relay: OutboxRelay;
  revocations: RevocationList;
  jwtSecret: string;
  tokenTtlSeconds: number;
  demo: boolean;
  privacy: PrivacyRequests;
}
