import { DEFAULT_CHANGE_CUTOFF_HOURS, type OfficeHours, type Side } from '@bb/contracts';
import type { EventBus, Logger } from '@bb/service-kit';
import { defaultOfficeDay, weekOfOfficeHours } from '../domain/office-hours';
import type { BookingModels } from '../models';
import type { BookableDoc } from '../models/bookable';
import { officeHoursId } from '../models/office-hours';
import { DEFAULT_MAX_SESSIONS_PER_SLOT, type SettingsDoc } from '../models/settings';

/** How often the copy is read again besides the events: a safety net for events missed, not the path. */
const RELOAD_INTERVAL_MS = 60_000;

/**
 * What every booking and every slot request needs besides the day sheet, in memory: each
 * offering's settings (capacity, change cut-off) and office hours, and the bookable items.
 * Read at start and kept fresh by events every replica hears (its own per-process queues):
 * - `booking.schedule.changed`, published by the replica that saved settings or office hours
 *   (which reads them again itself before it answers);
 * - `catalog.bookable.changed`, applied here by version as the durable consumer applies it to
 *   the database;
 * and read again whenever those consumers (re)start and every minute. An item not in memory
 * is read from the database on the way (the durable consumer may have stored it first).
 */
export class ScheduleCopy {
  private settings = new Map<Side, SettingsDoc>();
  private officeDays = new Map<string, OfficeHours>();
  private readonly items = new Map<string, BookableDoc>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly models: BookingModels,
    private readonly logger: Logger,
  ) {}

  async start(bus: EventBus): Promise<void> {
    bus.subscribe('booking.schedule.live', ['booking.schedule.changed'], () => this.loadSchedule(), { perProcess: true, onConsuming: () => this.loadSchedule() });
    bus.subscribe(
      'booking.bookables.live',
      ['catalog.bookable.changed'],
      async (event) => {
        const { id, ...fields } = event.data;
        this.keep({ _id: id, ...fields });
      },
      { perProcess: true, onConsuming: () => this.loadBookables() },
    );
    await this.reload();
    this.timer = setInterval(() => void this.reload().catch((err: unknown) => this.logger.warn({ err }, 'could not read the schedule again')), RELOAD_INTERVAL_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }

  capacity(offering: Side): number {
    return this.settings.get(offering)?.maxSessionsPerSlot ?? DEFAULT_MAX_SESSIONS_PER_SLOT;
  }

  /** Hours before an appointment's start when changes through the manage link close. */
  changeCutoffHours(offering: Side): number {
    return this.settings.get(offering)?.changeCutoffHours ?? DEFAULT_CHANGE_CUTOFF_HOURS;
  }

  officeDay(offering: Side, dayOfWeek: number): OfficeHours {
    return this.officeDays.get(officeHoursId(offering, dayOfWeek)) ?? defaultOfficeDay(offering, dayOfWeek);
  }

  /** The seven weekdays, Sunday first: what staff saved, the defaults for days never saved. */
  week(offering: Side): OfficeHours[] {
    return weekOfOfficeHours(offering, [...this.officeDays.values()].filter((day) => day.offeringType === offering));
  }

  /** The items of these ids that booking knows (deleted ones too, marked); unknown ids are left out. */
  async bookables(ids: readonly string[]): Promise<BookableDoc[]> {
    const missing = ids.filter((id) => !this.items.has(id));
    if (missing.length > 0) for (const doc of await this.models.Bookable.find({ _id: { $in: missing } }).lean<BookableDoc[]>()) this.keep(doc);
    return ids.flatMap((id) => this.items.get(id) ?? []);
  }

  /** After this replica saved settings or office hours: read them again, and tell the others. */
  async scheduleSaved(bus: EventBus, offering: Side): Promise<void> {
    await this.loadSchedule();
    // Without the broker the others catch up at their next reload.
    await bus.publish('booking.schedule.changed', { offeringType: offering }).catch((err: unknown) => this.logger.warn({ err }, 'could not announce a schedule change'));
  }

  private async reload(): Promise<void> {
    await Promise.all([this.loadSchedule(), this.loadBookables()]);
  }

  private async loadSchedule(): Promise<void> {
    const [settings, hours] = await Promise.all([this.models.Settings.find().lean(), this.models.OfficeHours.find().lean()]);
    this.settings = new Map(settings.map((s) => [s._id, s]));
    this.officeDays = new Map(
      hours.map((h) => [h._id, { offeringType: h.offeringType, dayOfWeek: h.dayOfWeek, startTime: h.startTime, endTime: h.endTime, isActive: h.isActive }]),
    );
  }

  private async loadBookables(): Promise<void> {
    for (const doc of await this.models.Bookable.find().lean<BookableDoc[]>()) this.keep(doc);
  }

  /** The newer version wins, whichever path (event or database) brings it first. */
  private keep(doc: BookableDoc): void {
    const held = this.items.get(doc._id);
    if (!held || held.version < doc.version) this.items.set(doc._id, doc);
  }
}
