import { DEFAULT_BOOKING_POLICY, DEFAULT_CHANGE_CUTOFF_HOURS, DEFAULT_MAX_RESCHEDULES, type OfficeHours, type Side } from '@bb/contracts';
import { weekdayOf, type EventBus, type Logger } from '@bb/service-kit';
import { defaultOfficeDay, weekOfOfficeHours } from '../domain/office-hours';
import { roomKey } from '../domain/ledger';
import type { ItemNeeds, PractitionerProfile } from '../domain/resources';
import type { OfficeDay, SlotPolicy } from '../domain/slots';
import type { BookingModels } from '../models';
import type { BookableDoc } from '../models/bookable';
import { dateOverrideId, type DateOverrideDoc } from '../models/date-override';
import { officeHoursId } from '../models/office-hours';
import { DEFAULT_MAX_SESSIONS_PER_SLOT, type SettingsDoc } from '../models/settings';

/** How often the copy is read again besides the events: a safety net for events missed, not the path. */
const RELOAD_INTERVAL_MS = 60_000;

/** The booking policy of an offering: what the slots obey, and the per-contact cap. */
export interface BookingPolicy extends SlotPolicy {
  /** 0: no limit. */
  maxUpcomingPerContact: number;
}

/** The hours of one date, and the date override they come from when it has one. */
export interface DateHours {
  hours: OfficeDay;
  override: DateOverrideDoc | null;
}

/**
 * What every booking and every slot request needs besides the day sheet, in memory: each
 * offering's settings (capacity, change cut-off and move limit, booking policy), office hours and date
 * overrides, and the bookable items.
 * Read at start and kept fresh by events every replica hears (its own per-process queues):
 * - `booking.schedule.changed`, published by the replica that saved settings, office hours or date overrides
 *   (which reads them again itself before it answers);
 * - `catalog.bookable.changed`, applied here by version as the durable consumer applies it to
 *   the database;
 * and read again whenever those consumers (re)start and every minute. An item not in memory
 * is read from the database on the way (the durable consumer may have stored it first).
 */
export class ScheduleCopy {
  private settings = new Map<Side, SettingsDoc>();
  private officeDays = new Map<string, OfficeHours>();
  private overrides = new Map<string, DateOverrideDoc>();
  private readonly items = new Map<string, BookableDoc>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly models: BookingModels,
    private readonly logger: Logger,
  ) {}

  async start(bus: EventBus): Promise<void> {
    bus.subscribe('booking.schedule.live', ['booking.schedule.changed'], () => this.loadSchedule(), {
      perProcess: true,
      onConsuming: () => this.loadSchedule(),
    });
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
    this.timer = setInterval(
      () => void this.reload().catch((err: unknown) => this.logger.warn({ err }, 'could not read the schedule again')),
      RELOAD_INTERVAL_MS,
    );
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

  /** Moves a customer may make of one appointment through its manage link (0: none online). */
  maxReschedules(offering: Side): number {
    return this.settings.get(offering)?.maxReschedulesPerBooking ?? DEFAULT_MAX_RESCHEDULES;
  }

  policy(offering: Side): BookingPolicy {
    const saved = this.settings.get(offering);
    return {
      minimumNoticeMinutes: saved?.minimumNoticeMinutes ?? DEFAULT_BOOKING_POLICY.minimumNoticeMinutes,
      horizonDays: saved?.horizonDays ?? DEFAULT_BOOKING_POLICY.horizonDays,
      bufferMinutes: saved?.bufferMinutes ?? DEFAULT_BOOKING_POLICY.bufferMinutes,
      maxUpcomingPerContact: saved?.maxUpcomingPerContact ?? DEFAULT_BOOKING_POLICY.maxUpcomingPerContact,
    };
  }

  /** The hours of a date: its date override's (closed, or its own start and end), else its weekday's. */
  hoursOn(offering: Side, date: string): DateHours {
    const override = this.overrides.get(dateOverrideId(offering, date)) ?? null;
    if (!override) return { hours: this.officeDay(offering, weekdayOf(date)), override };
    return { hours: { isActive: !override.closed, startTime: override.startTime ?? '', endTime: override.endTime ?? '' }, override };
  }

  officeDay(offering: Side, dayOfWeek: number): OfficeHours {
    return this.officeDays.get(officeHoursId(offering, dayOfWeek)) ?? defaultOfficeDay(offering, dayOfWeek);
  }

  /** The seven weekdays, Sunday first: what staff saved, the defaults for days never saved. */
  week(offering: Side): OfficeHours[] {
    return weekOfOfficeHours(
      offering,
      [...this.officeDays.values()].filter((day) => day.offeringType === offering),
    );
  }

  /** The items of these ids that booking knows (deleted ones too, marked); unknown ids are left out. */
  async bookables(ids: readonly string[]): Promise<BookableDoc[]> {
    const missing = ids.filter((id) => !this.items.has(id));
    if (missing.length > 0) for (const doc of await this.models.Bookable.find({ _id: { $in: missing } }).lean<BookableDoc[]>()) this.keep(doc);
    return ids.flatMap((id) => this.items.get(id) ?? []);
  }

  /** After this replica saved settings, office hours or date overrides: read them again, and tell the others. */
  async scheduleSaved(bus: EventBus, offering: Side): Promise<void> {
    await this.loadSchedule();
    // Without the broker the others catch up at their next reload.
    await bus
      .publish('booking.schedule.changed', { offeringType: offering })
      .catch((err: unknown) => this.logger.warn({ err }, 'could not announce a schedule change'));
  }

  private async reload(): Promise<void> {
    await Promise.all([this.loadSchedule(), this.loadBookables()]);
  }

  private async loadSchedule(): Promise<void> {
    const [settings, hours, overrides] = await Promise.all([
      this.models.Settings.find().lean(),
      this.models.OfficeHours.find().lean(),
      this.models.DateOverride.find().lean<DateOverrideDoc[]>(),
    ]);
    this.settings = new Map(settings.map((s) => [s._id, s]));
    this.overrides = new Map(overrides.map((o) => [o._id, o]));
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

  /** Practitioners who take bookings for the offering, as slots need them (`ResourceDirectory`). None are configured yet: nothing needs one. */
  practitionerProfiles(_offering: Side): PractitionerProfile[] {
    return [];
  }

  /** Rooms and equipment of the offering and how many of each (`ResourceDirectory`). */
  roomCounts(_offering: Side): { id: string; count: number }[] {
    return [];
  }

  /** How many of a resource there are (a practitioner: one; a room or equipment no longer configured: none). */
  resourceCount(offering: Side, key: string): number {
    return key.startsWith('p') ? 1 : (this.roomCounts(offering).find((room) => roomKey(room.id) === key)?.count ?? 0);
  }

  /** What a treatment or package needs besides a place (`ResourceDirectory`); null: nothing. */
  itemNeeds(_bookableId: string): ItemNeeds | null {
    return null;
  }
}
