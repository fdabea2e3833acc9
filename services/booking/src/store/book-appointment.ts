import { Types } from 'mongoose';
import type { z } from 'zod';
import {
  BOOKING_MESSAGES,
  DEFAULT_BOOKING_POLICY,
  isPhoneNumber,
  POLICY_MESSAGES,
  SERVICE_LABEL,
  SLOT_FULL_MESSAGE,
  type appointmentRequestSchema,
  type BookedAppointment,
  type Side,
} from '@bb/contracts';
import { conflict, invalid, isDuplicateKey, manageLinkToken, MINUTE_MS, unavailable } from '@bb/service-kit';
import { contactKeys } from '../domain/contact-keys';
import { depositFor, type Deposit } from '../domain/deposit';
import { appointmentHolder, ledgerBlocks, staffIdOf } from '../domain/ledger';
import type { PractitionerDay } from '../domain/resources';
import { holdOf } from '../domain/slot-hold';
import { appointmentIdForKey, requestFingerprint } from '../domain/idempotency';
import { bookingDuration, checkSlot, planDay, type DayRequest, type SlotCheck } from '../domain/slots';
import { appointmentCreated } from '../events/appointment-lifecycle';
import { depositRequested } from '../events/deposits';
import type { BookingDeps } from '../deps';
import type { BookingModels } from '../models';
import { toAppointment, type AppointmentDoc, type PaymentPart } from '../models/appointment';
import type { BookableDoc } from '../models/bookable';
import { countContact, uncountContact } from './contact-counts';
import { readDay, settleOverdue, type DayInputs } from './day-plan';
import { beginChange, finishChange, type LedgerResource } from './ledger';
import { claimsAhead } from './ledger-process';
import { countNoShows } from './no-shows';
import type { BookingPolicy, ScheduleCopy } from './schedule-copy';

export interface BookingRequest {
  body: z.output<typeof appointmentRequestSchema>;
  /** The Idempotency-Key, when the visitor's browser sent one. */
  idempotencyKey: string | null;
  correlationId?: string;
  /** Made with a staff token (the front desk booking for a caller): no deposit is asked, staff settle it themselves. */
  byStaff?: boolean;
}

const KEY_REUSED = 'This Idempotency-Key was already used for a different booking request.';
/** How long a request waits for a copy of itself (same key) that holds places to finish. */
const TWIN_WAIT_MS = 5000;
const TOO_SLOW = 'The booking could not be completed in time. Please try again.';
/** How many practitioners "any available" tries when the one assigned is taken meanwhile. */
const ANY_ATTEMPTS = 3;

/** A retry answers what the first request answered (its token too), not what staff did with the booking since. */
function firstAnswer(deps: BookingDeps, doc: AppointmentDoc, fingerprint: string): BookedAppointment {
  if (doc.requestHash !== fingerprint) throw invalid(KEY_REUSED);
  const first = toAppointment(doc, deps.now());
  return {
    ...first,
    status: 'pending',
    adminComment: '',
    updatedAt: first.createdAt,
    payment: first.payment && { ...first.payment, state: 'awaiting', paymentId: null },
    attendance: null,
    manageToken: manageLinkToken(deps.manageLink.secret, first.id),
  };
}

/**
 * What the booking must pay ahead: its items' policies, and the offering's no-show rule for a
 * contact with that many no-shows (read only while the rule is on). Null: nothing.
 */
async function depositOf(deps: BookingDeps, items: readonly BookableDoc[], body: BookingRequest['body'], now: Date): Promise<Deposit | null> {
  const settings = deps.schedule.depositSettings(body.offeringType);
  const noShows = settings.noShowRule > 0 ? await countNoShows(deps.models, body.email, body.contact, now) : 0;
  return depositFor(
    items.map((item) => ({ priceCentavos: item.priceCentavos ?? null, policy: deps.schedule.depositPolicy(item._id) })),
    { rule: settings.noShowRule, amount: settings.noShowDeposit, noShows },
  );
}

/**
 * The contact the form asks for is a phone number. The contract checks that one was given (the
 * spec's message); whether it is a number is booking's to say, with the parser its per-contact
 * cap reads numbers with (contracts depend on zod alone).
 */
export function requirePhoneNumber(contact: string): void {
  if (!isPhoneNumber(contact)) throw invalid(BOOKING_MESSAGES.contactNotAPhone, [{ path: 'contact', message: BOOKING_MESSAGES.contactNotAPhone }]);
}

/** The chosen items and a read of the chosen day: where every request about one slot starts. */
export function itemsAndDay(
  deps: Pick<BookingDeps, 'models' | 'schedule'>,
  slot: { offeringType: Side; treatments: string[]; preferredDate: string },
  now: Date,
) {
  return Promise.all([
    chosenItems(deps.schedule, slot.treatments, slot.offeringType),
    readDay(deps.models, deps.schedule, slot.offeringType, slot.preferredDate, now),
  ]);
}

/** The chosen treatments/packages, all known to booking's copy and offered on this side. */
export async function chosenItems(schedule: ScheduleCopy, ids: string[], offering: Side): Promise<BookableDoc[]> {
  const found = (await schedule.bookables(ids)).filter((b) => !b.deleted);
  const label = SERVICE_LABEL[offering];
  const unknown = ids.filter((id) => !found.some((b) => b._id === id));
  if (unknown.length > 0) {
    throw invalid(`One of the chosen ${label}s is not available any more. Please choose again.`, [
      { path: 'treatments', message: `unknown ${label} id${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}` },
    ]);
  }
  const elsewhere = found.filter((b) => b.offeringType !== 'both' && b.offeringType !== offering);
  if (elsewhere.length > 0) throw invalid(`${elsewhere.map((b) => b.name).join(', ')} cannot be booked at the ${offering}. Please choose again.`);
  // In the order chosen, which is the order the event and reports list them in.
  return [...found].sort((x, y) => ids.indexOf(x._id) - ids.indexOf(y._id));
}

/** The refusal of a slot check, naming the rule; `policy` words the notice and horizon ones (the defaults' when not given). */
export function slotRefusal(
  reason: Exclude<SlotCheck, { ok: true }>['reason'],
  offering: Side,
  policy: Pick<BookingPolicy, 'minimumNoticeMinutes' | 'horizonDays'> = DEFAULT_BOOKING_POLICY,
) {
  switch (reason) {
    case 'closed':
      return invalid(`The ${offering} is closed on that day. Please choose another date.`);
    case 'not-a-slot':
      return invalid('That time is not one of the available times of that day. Please choose a time from the schedule.');
    case 'past':
      return invalid('That time has already passed. Please choose a later time.');
    case 'full':
      return conflict(SLOT_FULL_MESSAGE);
    case 'notice':
      return invalid(POLICY_MESSAGES.notice(policy.minimumNoticeMinutes));
    case 'horizon':
      return invalid(POLICY_MESSAGES.horizon(policy.horizonDays));
  }
}

/** The resources a booking of a planned slot takes in each block: its practitioner (one person) and the rooms its items need. */
export function takenResources(practitioner: PractitionerDay | null, resources: DayRequest['resources']): LedgerResource[] {
  return [...(practitioner ? [{ key: practitioner.key, count: 1 }] : []), ...(resources?.needs.rooms ?? [])];
}

/**
 * A copy of this request (same key) may hold places and be about to store the appointment:
 * wait for it to finish rather than answer 409 to a retry whose first attempt succeeded.
 */
async function copyInFlight(models: BookingModels, id: Types.ObjectId, ledgers: string[]): Promise<AppointmentDoc | null> {
  const deadline = Date.now() + TWIN_WAIT_MS;
  const holder = appointmentHolder(id);
  while (Date.now() < deadline) {
    const stored = await models.Appointment.findById(id).lean<AppointmentDoc>();
    if (stored) return stored;
    if (!(await models.Ledger.exists({ _id: { $in: ledgers }, [`h.${holder}`]: { $exists: true } }))) return null;
    await new Promise((r) => setTimeout(r, 50));
  }
  return null;
}

/**
 * Books an appointment: replays the first answer for a retried request (same Idempotency-Key),
 * checks the time against the same slots the visitor chose from (the spec's checks, then notice
 * and horizon), claims its blocks in the ledger (one guarded write, which settles races between
 * any number of processes; a visitor's hold on the slot is taken over in it), counts the contact
 * when the offering has a per-contact cap, stores the appointment with its event, and settles
 * its ledger entry; places and counts go back if the cap refuses or the store fails. The answer
 * carries the manage link's token, derived from the id (never stored).
 *
 * A booking whose items (or the no-show rule) ask for a deposit is stored waiting for it: its
 * places are claimed as an entry that expires with its hold (nothing sweeps it), and its outbox
 * carries `booking.deposit.requested`, not `booking.appointment.created`: it is confirmed (mailed,
 * captured, reported) once paid (store/deposit-payments.ts). It is counted for the per-contact cap
 * like any booking (holding unpaid places is what the cap limits) until its hold lapses unpaid.
 */
export async function bookAppointment(deps: BookingDeps, { body, idempotencyKey, correlationId, byStaff }: BookingRequest): Promise<BookedAppointment> {
  const since = performance.now();
  requirePhoneNumber(body.contact);
  const { models } = deps;
  const retry = idempotencyKey
    ? { id: new Types.ObjectId(appointmentIdForKey(idempotencyKey)), fingerprint: requestFingerprint({ ...body, holdId: undefined }) }
    : null;
  const id = retry?.id ?? new Types.ObjectId();
  if (retry) {
    const first = await models.Appointment.findById(id).lean<AppointmentDoc>();
    if (first) return firstAnswer(deps, first, retry.fingerprint);
  }

  const now = deps.now();
  const offering = body.offeringType;
  const policy = deps.schedule.policy(offering);
  const hold = body.holdId ? holdOf(body.holdId, offering) : null;
  const readTheDay = () => readDay(models, deps.schedule, offering, body.preferredDate, now, hold ? new Set([hold]) : undefined);
  const [items, firstRead] = await Promise.all([chosenItems(deps.schedule, body.treatments, offering), readTheDay()]);
  const deposit = byStaff ? null : await depositOf(deps, items, body, now);
  const payment: PaymentPart | null = deposit && {
    state: 'awaiting',
    ...deposit,
    holdExpiresAt: new Date(now.getTime() + deps.schedule.depositSettings(offering).holdMinutes * MINUTE_MS),
    paymentId: null,
  };
  /** The slot checked on a read of its day, and its claim in the ledger. */
  const planAndClaim = async (day: DayInputs) => {
    await settleOverdue(models, offering, day);
    const resources = day.resourcesFor(body.treatments, body.practitionerId);
    const check = checkSlot(planDay({ ...day, durationMinutes: bookingDuration(items), now, resources }), body.preferredTime);
    const blocks = check.ok ? ledgerBlocks(check.slot.start, check.slot.holdEnd) : [];
    const taking = check.ok ? takenResources(check.slot.practitioner, resources) : [];
    // A retry's holder is its key's: its claim may be refused by a copy of itself, not by a full slot, so it reads and tells which.
    const change = {
      offering,
      holder: appointmentHolder(id),
      from: [],
      to: blocks,
      toResources: taking,
      capacity: day.capacity,
      now,
      // Waiting for its deposit, its places are held until the hold expires, then free by themselves.
      ...(payment ? { expiresAt: payment.holdExpiresAt } : {}),
      ...(retry ? {} : { seen: day.ledgers, since }),
    };
    const held = hold ? day.heldBy(hold) : null;
    const begun = check.ok
      ? await beginChange(models, { ...change, ...(held && held.blocks.length > 0 && hold ? { converting: { holder: hold, ...held } } : {}) })
      : null;
    const anyone = check.ok && check.slot.practitioner !== null && body.practitionerId === undefined;
    // Where a copy of this request would hold the slot: the documents of the day read.
    const documents = [...day.ledgers.keys()];
    return { check, blocks, taking, change, begun, anyone, documents };
  };
  let claimed = await planAndClaim(firstRead);
  // "Any available" whose assigned practitioner someone else took meanwhile: the day is read again and another is assigned.
  for (let attempt = 1; attempt < ANY_ATTEMPTS && claimed.anyone && claimed.begun?.ok === false; attempt++) claimed = await planAndClaim(await readTheDay());
  const { check, blocks, taking, change, begun, documents } = claimed;
  if (!check.ok || !begun?.ok) {
    const full = check.ok || check.reason === 'full';
    // Full may mean full of this very booking: a copy of the request that got there first (its slot shows full, so no blocks are known here).
    const first = retry && full ? await copyInFlight(models, id, documents) : null;
    if (retry && first) return firstAnswer(deps, first, retry.fingerprint);
    throw slotRefusal(check.ok ? 'full' : check.reason, offering, policy);
  }
  const { start, end } = check.slot;
  // The claims this process has waiting on these months go first: each is one write that settles
  // a visitor's answer (most of a crowd hears "full" from it), where the rest of a booking is five
  // more; shortest first keeps the crowd's waiting short and costs the winners little.
  await claimsAhead(models, begun.documents);
  const giveBack = () => finishChange(models, change, [], begun);
  // The per-contact cap's counts, once the places are held: of a crowd racing for a slot only the winners are counted.
  const cap = policy.maxUpcomingPerContact;
  const counted =
    cap > 0
      ? await countContact(models, { offering, keys: contactKeys(body.email, body.contact), appointmentId: id, start, cap, now })
      : { ok: true as const, counts: [] };
  if (!counted.ok) {
    await giveBack();
    throw invalid(POLICY_MESSAGES.cap(cap));
  }

  const booked = items.map((b) => ({ id: b._id, name: b.name }));
  const manageToken = manageLinkToken(deps.manageLink.secret, String(id));
  const fields: AppointmentDoc = {
    _id: id,
    firstName: body.firstName,
    lastName: body.lastName,
    gender: body.gender ?? null,
    age: body.age ?? null,
    email: body.email,
    contact: body.contact,
    preferredDate: body.preferredDate,
    preferredTime: body.preferredTime,
    startTime: start,
    endTime: end,
    offeringType: body.offeringType,
    treatments: body.treatments,
    items: booked,
    notes: body.notes ?? '',
    status: 'pending' as const,
    adminComment: '',
    blocks,
    ...(taking.length > 0 ? { resources: taking.map((r) => r.key) } : {}),
    ...(check.slot.practitioner ? { practitioner: { id: staffIdOf(check.slot.practitioner.key), name: check.slot.practitioner.name } } : {}),
    requestHash: retry?.fingerprint ?? null,
    revision: 0,
    contactCounts: counted.counts,
    ...(payment ? { payment } : {}),
    createdAt: now,
    updatedAt: now,
    outbox: [],
  };
  const announced = payment ? depositRequested(fields, payment, correlationId) : appointmentCreated(fields, correlationId, deps.schedule);
  try {
    // createdAt comes from the business clock, like the slot check, not from mongoose.
    await new models.Appointment({ ...fields, outbox: [announced] }).save({ timestamps: false });
  } catch (err) {
    await giveBack();
    await uncountContact(models, counted.counts, id);
    // A copy of this request (same key) stored it first.
    const first = retry && isDuplicateKey(err) ? await models.Appointment.findById(id).lean<AppointmentDoc>() : null;
    if (retry && first) return firstAnswer(deps, first, retry.fingerprint);
    throw err;
  }
  // A waiting booking's entry stays as claimed: it expires with its hold unless paid.
  if (
    !payment &&
    !(await finishChange(
      models,
      change,
      blocks,
      begun,
      taking.map((r) => r.key),
    ))
  ) {
    // Its places were settled as unclaimed before the appointment was stored (it took longer than
    // the ledger's deadline): the booking is undone rather than stored without a place.
    await models.Appointment.deleteOne({ _id: id, revision: 0 });
    await uncountContact(models, counted.counts, id);
    throw unavailable(TOO_SLOW);
  }
  deps.relay.publishDocument(models.Appointment, id);
  return { ...toAppointment(fields, now), manageToken };
}
