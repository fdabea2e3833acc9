import type { MailStore } from '../store/mail-store';
import type { SettingsStore } from '../store/settings-store';

/** What the route files share. */
export interface NotificationRouteDeps {
  mails: MailStore;
  settings: SettingsStore;
  now: () => Date;
  /** A mail was queued for now: the sender takes it at once. */
  queued: () => void;
}
