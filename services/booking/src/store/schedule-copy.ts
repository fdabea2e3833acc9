import {
  DEFAULT_BOOKING_POLICY,
  DEFAULT_CHANGE_CUTOFF_HOURS,
  DEFAULT_DEPOSIT_SETTINGS,
  DEFAULT_MAX_RESCHEDULES,
  sideSchema,
  type DepositPolicy,
  type DepositSettings,
  type EventData,
  type OfferingType,
  type OfficeHours,
  type Side,
} from '@bb/contracts';
import { weekdayOf, type EventBus, type Logger } from '@bb/service-kit';
import { defaultOfficeDay, weekOfOfficeHours } from '../domain/office-hours';
import { roomKey } from '../domain/ledger';
import type { OfficeDay, SlotPolicy } from '../domain/slots';
import type { BookingModels } from '../models';
import type { BookableDoc } from '../models/bookable';
import { dateOverrideId, type DateOverrideDoc } from '../models/date-override';
import { toDepositPolicy, type DepositPolicyDoc } from '../models/deposit-policy';
import type { DepositSettingsDoc } from '../models/deposit-settings';
import { officeHoursId } from '../models/office-hours';
import { newPractitionerFields, type PractitionerDoc } from '../models/practitioner';
import type { RequirementDoc } from '../models/requirement';
import type { RoomDoc } from '../models/room';
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
 * overrides, the bookable items, and the resources: practitioners, rooms and equipment, and what
 * each item needs; deposit policies of items and deposit settings of offerings.
 * Read at start and kept fresh by events every replica hears (its own per-process queues):
 * - `booking.schedule.changed`, published by the replica that saved settings, office hours, date overrides,
 *   practitioners, rooms, requirements or deposits (which reads them again itself before it answers);
 * - `catalog.bookable.changed` and `catalog.staff.changed`, applied here by version as the durable
 *   consumers apply them to the database;
 * and read again whenever those consumers (re)start and every minute. An item not in memory
 * is read from the database on the way (the durable consumer may have stored it first).
 */
export class ScheduleCopy {
  private settings = new Map<Side, SettingsDoc>();
  private officeDays = new Map<string, OfficeHours>();
  private overrides = new Map<string, DateOverrideDoc>();
  private readonly items = new Map<string, BookableDoc>();
  private readonly staff = new Map<string, PractitionerDoc>();
  private roomList: RoomDoc[] = [];
  private requirements = new Map<string, RequirementDoc>();
  private depositPolicies = new Map<string, DepositPolicyDoc>();
  private depositSettingsOf = new Map<Side, DepositSettingsDoc>();
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
    bus.subscribe('booking.practitioners.live', ['catalog.staff.changed'], async (event) => this.keepStaffChange(event.data), {
      perProcess: true,
      onConsuming: () => this.loadPractitioners(),
    });
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

  /** Practitioners who take bookings at this offering (theirs or both), not deleted, by name. */
  practitioners(offering: Side): PractitionerDoc[] {
    return [...this.staff.values()]
      .filter((p) => p.bookable && !p.deleted && (p.offeringType === offering || p.offeringType === 'both'))
      .sort((a, b) => a.name.localeCompare(b.name) || a._id.localeCompare(b._id));
  }

  /** A practitioner booking knows (deleted, or not taking bookings, too); null for an unknown id. */
  practitioner(id: string): PractitionerDoc | null {
    return this.staff.get(id) ?? null;
  }

  /** The rooms and equipment of an offering, by name. */
  rooms(offering: Side): RoomDoc[] {
    return this.roomList.filter((room) => room.offeringType === offering);
  }

  /** What an item needs; null: nothing (capacity per offering decides). */
  requirement(bookableId: string): RequirementDoc | null {
    return this.requirements.get(bookableId) ?? null;
  }

  /**
   * After this replica saved settings, office hours, date overrides or resources: read them again,
   * and tell the others (once per side an item of both sides touches).
   */
  async scheduleSaved(bus: EventBus, offering: OfferingType): Promise<void> {
    await this.loadSchedule();
    const sides = offering === 'both' ? sideSchema.options : [offering];
    // Without the broker the others catch up at their next reload.
    for (const side of sides)
      await bus
        .publish('booking.schedule.changed', { offeringType: side })
        .catch((err: unknown) => this.logger.warn({ err }, 'could not announce a schedule change'));
  }

  private async reload(): Promise<void> {
    await Promise.all([this.loadSchedule(), this.loadBookables()]);
  }

  private async loadSchedule(): Promise<void> {
    const [settings, hours, overrides, rooms, requirements, depositPolicies, depositSettings] = await Promise.all([
      this.models.Settings.find().lean(),
      this.models.OfficeHours.find().lean(),
      this.models.DateOverride.find().lean<DateOverrideDoc[]>(),
      this.models.Room.find().sort({ name: 1, _id: 1 }).lean<RoomDoc[]>(),
      this.models.Requirement.find().lean<RequirementDoc[]>(),
      this.models.DepositPolicy.find({}, { outbox: 0 }).lean<DepositPolicyDoc[]>(),
      this.models.DepositSettings.find({}, { outbox: 0 }).lean<DepositSettingsDoc[]>(),
      this.loadPractitioners(),
    ]);
    this.depositPolicies = new Map(depositPolicies.map((p) => [p._id, p]));
    this.depositSettingsOf = new Map(depositSettings.map((s) => [s._id, s]));
    this.roomList = rooms;
    this.requirements = new Map(requirements.map((r) => [r._id, r]));
    this.settings = new Map(settings.map((s) => [s._id, s]));
    this.overrides = new Map(overrides.map((o) => [o._id, o]));
    this.officeDays = new Map(
      hours.map((h) => [h._id, { offeringType: h.offeringType, dayOfWeek: h.dayOfWeek, startTime: h.startTime, endTime: h.endTime, isActive: h.isActive }]),
    );
  }

  private async loadBookables(): Promise<void> {
    for (const doc of await this.models.Bookable.find().lean<BookableDoc[]>()) this.keep(doc);
  }

  /**
   * Booking's fields as stored; the catalog's from whichever holds the newer version (an event
   * this process heard may be ahead of the durable consumer's write).
   */
  private async loadPractitioners(): Promise<void> {
    const stored = await this.models.Practitioner.find().lean<PractitionerDoc[]>();
    // In place, after the read: an event applied meanwhile is compared, not overwritten.
    for (const doc of stored) {
      const held = this.staff.get(doc._id);
      const withDefaults = { ...newPractitionerFields(), ...doc, email: doc.email ?? null };
      this.staff.set(doc._id, held && held.version > doc.version ? { ...withDefaults, ...catalogFields(held) } : withDefaults);
    }
  }

  private keepStaffChange({ id, ...fields }: EventData<'catalog.staff.changed'>): void {
    const held = this.staff.get(id);
    if (held && held.version >= fields.version) return;
    this.staff.set(id, { ...newPractitionerFields(), email: null, ...held, ...fields, _id: id });
  }

  /** The newer version wins, whichever path (event or database) brings it first. */
  private keep(doc: BookableDoc): void {
    const held = this.items.get(doc._id);
    if (!held || held.version < doc.version) this.items.set(doc._id, doc);
  }

  /** What an item asks to be paid ahead (`none` until staff set it). */
  depositPolicy(bookableId: string): DepositPolicy {
    return toDepositPolicy(this.depositPolicies.get(bookableId));
  }

  /** The deposit settings of an offering: saved, or their defaults. */
  depositSettings(offering: Side): Omit<DepositSettings, 'offeringType'> {
    const saved = this.depositSettingsOf.get(offering);
    return {
      holdMinutes: saved?.holdMinutes ?? DEFAULT_DEPOSIT_SETTINGS.holdMinutes,
      noShowRule: saved?.noShowRule ?? DEFAULT_DEPOSIT_SETTINGS.noShowRule,
      noShowDeposit: saved?.noShowDeposit ?? DEFAULT_DEPOSIT_SETTINGS.noShowDeposit,
    };
  }

  /** How many of a resource there are (a practitioner: one; a room or equipment no longer configured: none). */
  resourceCount(offering: Side, key: string): number {
    return key.startsWith('p') ? 1 : (this.rooms(offering).find((room) => roomKey(room._id) === key)?.count ?? 0);
  }
}

const catalogFields = ({ name, imageUrl, offeringType, deleted, version }: PractitionerDoc) => ({ name, imageUrl, offeringType, deleted, version });
