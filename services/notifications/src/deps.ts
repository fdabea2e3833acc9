import type { OutboxRelay } from '@bb/service-kit';
import type { MailStore } from './store/mail-store';
import type { SettingsStore } from './store/settings-store';

/** What notifications' routes are given. */
export interface NotificationsDeps {
  mails: MailStore;
  settings: SettingsStore;
  /** Carries the audit entries of settings saves. */
  relay: OutboxRelay;
  now: () => Date;
  /** A mail was queued for now: the sender takes it at once. */
  queued: () => void;
}
