import type { PaymentLinks } from './store/payment-links';
import type { PaymentSettingsStore } from './store/payment-settings';
import type { PaymentStore } from './store/payment-store';
import type { PaymongoWebhooks } from './store/paymongo-webhooks';
import type { StaffPayments } from './store/staff-payments';

/** What payments' routes are given. */
export interface PaymentsDeps {
  payments: PaymentStore;
  /** The visitor's pay page, by the manage link's token. */
  links: PaymentLinks;
  staff: StaffPayments;
  settings: PaymentSettingsStore;
  webhooks: PaymongoWebhooks;
  /** The PayMongo webhook's secrets (more than one while rotating) and how old a signature may be. */
  webhook: { secrets: readonly string[]; toleranceSeconds: number };
  now: () => Date;
}
