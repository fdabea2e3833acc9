import type { NewsletterSettings } from './store/newsletter-settings';
import type { SubscriberStore } from './store/subscriber-store';

/** What subscribers' routes are given. */
export interface SubscribersDeps {
  subscribers: SubscriberStore;
  settings: NewsletterSettings;
  /** The key of the unsubscribe links' tokens. */
  unsubscribeSecret: string;
}
