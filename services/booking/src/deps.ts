import type { EventBus, Logger, OutboxRelay } from '@bb/service-kit';
import type { BookingModels } from './models';
import type { ScheduleCopy } from './store/schedule-copy';
import type { WaitlistNotifier } from './store/waitlist-notify';

/** The customers' manage links: the key their tokens are made with, and how long after its appointment one opens. */
export interface ManageLinkSettings {
  secret: string;
  expiryDays: number;
}

/** What booking's routes and use cases are given. */
export interface BookingDeps {
  models: BookingModels;
  manageLink: ManageLinkSettings;
  relay: OutboxRelay;
  bus: EventBus;
  schedule: ScheduleCopy;
  /** The business clock: which slots are in the past. */
  now: () => Date;
  /** Told when places are given back, so visitors waiting for them hear of it. */
  waitlist: WaitlistNotifier;
  /** How long a visitor's hold on a slot lasts, in minutes. */
  slotHoldMinutes: number;
  logger: Logger;
}
