import type { Express, Request } from 'express';
import { Types } from 'mongoose';
import {
  SERVICE_LABEL,
  SLOT_FULL_MESSAGE,
  appointmentRoutes,
  idempotencyKeyHeader,
  idempotencyKeySchema,
  type Appointment,
  type AppointmentStatus,
  type Side,
} from '@bb/contracts';
import { bind, conflict, invalid, notFound, type OutboxRelay } from '@bb/service-kit';
import { capacityOf, readDay } from '../capacity/day-plan';
import { claimSeats, releaseSeats } from '../capacity/seats';
import { appointmentIdForKey, requestFingerprint } from '../domain/idempotency';
import { bookingDuration, checkSlot, planDay, type SlotCheck } from '../domain/slots';
import { appointmentCreated } from '../events/appointment-created';
import { isDuplicateKey, type BookingModels } from '../models';
import type { AppointmentDoc } from '../models/appointment';
import type { BookableDoc } from '../models/bookable';

export interface AppointmentDeps {
  models: BookingModels;
  relay: OutboxRelay;
  /** The business clock (injectable in tests): which slots are in the past. */
  now: () => Date;
}

const { create, list, update, remove, removeOlder } = appointmentRoutes;

const CHANGED_MEANWHILE = 'This appointment was changed at the same time by someone else. Please reload and try again.';
const STAYS_CANCELLED = 'That time is fully booked now, so the appointment stays cancelled.';
const KEY_REUSED = 'This Idempotency-Key was already used for a different booking request.';
/** How long a request waits for a copy of itself (same key) that holds seats to finish. */
const TWIN_WAIT_MS = 5000;

function toAppointment(doc: AppointmentDoc): Appointment {
  return {
    id: String(doc._id),
    firstName: doc.firstName,
    lastName: doc.lastName,
    gender: doc.gender,
    age: doc.age,
    email: doc.email,
    contact: doc.contact,
    preferredDate: doc.preferredDate,
    preferredTime: doc.preferredTime,
    startTime: doc.startTime?.toISOString() ?? null,
    endTime: doc.endTime?.toISOString() ?? null,
    offeringType: doc.offeringType,
    treatments: doc.treatments,
    notes: doc.notes,
    status: doc.status,
    adminComment: doc.adminComment,
    createdAt: doc.createdAt.toISOString(),
    updatedAt: doc.updatedAt.toISOString(),
  };
}

/** A retry answers what the first request answered, not what staff did with the booking since. */
function firstAnswer(doc: AppointmentDoc, fingerprint: string): Appointment {
  if (doc.requestHash !== fingerprint) throw invalid(KEY_REUSED);
  const first = toAppointment(doc);
  return { ...first, status: 'pending', adminComment: '', updatedAt: first.createdAt };
}

function idempotencyKeyOf(req: Request): string | null {
  const header = req.headers[idempotencyKeyHeader];
  return header === undefined ? null : idempotencyKeySchema.parse(header);
}

/** The chosen treatments/packages, all known to booking's copy and offered on this side. */
async function chosenItems(models: BookingModels, ids: string[], offering: Side): Promise<BookableDoc[]> {
  const found = await models.Bookable.find({ _id: { $in: ids }, deleted: false }).lean<BookableDoc[]>();
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

function refusal(reason: Exclude<SlotCheck, { ok: true }>['reason'], offering: Side) {
  switch (reason) {
    case 'closed':
      return invalid(`The ${offering} is closed on that day. Please choose another date.`);
    case 'not-a-slot':
      return invalid('That time is not one of the available times of that day. Please choose a time from the schedule.');
    case 'past':
      return invalid('That time has already passed. Please choose a later time.');
    case 'full':
      return conflict(SLOT_FULL_MESSAGE);
  }
}

/**
 * A copy of this request (same key) may hold seats and be about to store the appointment:
 * wait for it to finish rather than answer 409 to a retry whose first attempt succeeded.
 */
async function copyInFlight(models: BookingModels, id: Types.ObjectId): Promise<AppointmentDoc | null> {
  const deadline = Date.now() + TWIN_WAIT_MS;
  while (Date.now() < deadline) {
    const stored = await models.Appointment.findById(id).lean<AppointmentDoc>();
    if (stored) return stored;
    if (!(await models.Seat.exists({ appointmentId: id }))) return null;
    await new Promise((r) => setTimeout(r, 50));
  }
  return null;
}

const isActive = (status: AppointmentStatus) => status !== 'cancelled';

export function mountAppointments(app: Express, deps: AppointmentDeps): void {
  const { models } = deps;

  bind(app, create, async ({ body, req, res }) => {
    const key = idempotencyKeyOf(req);
    const retry = key ? { id: new Types.ObjectId(appointmentIdForKey(key)), fingerprint: requestFingerprint(body) } : null;
    const id = retry?.id ?? new Types.ObjectId();
    if (retry) {
      const first = await models.Appointment.findById(id).lean<AppointmentDoc>();
      if (first) return firstAnswer(first, retry.fingerprint);
    }

    const [items, day] = await Promise.all([chosenItems(models, body.treatments, body.offeringType), readDay(models, body.offeringType, body.preferredDate)]);
    const now = deps.now();
    // The same slot function as the slots the visitor chose from; the seats then settle races.
    const check = checkSlot(planDay({ ...day, durationMinutes: bookingDuration(items), now }), body.preferredTime);
    const claim = check.ok ? await claimSeats(models, { offering: body.offeringType, start: check.slot.start, end: check.slot.end, appointmentId: id, capacity: day.capacity }) : null;
    if (!check.ok || !claim?.ok) {
      const full = check.ok || check.reason === 'full';
      // Full may mean full of this very booking: a copy of the request that got there first.
      const first = retry && full ? await copyInFlight(models, id) : null;
      if (retry && first) return firstAnswer(first, retry.fingerprint);
      throw refusal(check.ok ? 'full' : check.reason, body.offeringType);
    }
    const { start, end } = check.slot;

    const booked = items.map((b) => ({ id: b._id, name: b.name }));
    const fields = {
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
      seats: claim.seats,
      requestHash: retry?.fingerprint ?? null,
      createdAt: now,
      updatedAt: now,
    };
    const event = appointmentCreated(
      {
        appointmentId: String(id),
        firstName: fields.firstName,
        lastName: fields.lastName,
        email: fields.email,
        contact: fields.contact,
        offeringType: body.offeringType,
        items: booked,
        preferredDate: fields.preferredDate,
        preferredTime: fields.preferredTime,
        createdAt: now.toISOString(),
      },
      res.locals.requestId as string | undefined,
    );
    try {
      // createdAt comes from the business clock, like the slot check, not from mongoose.
      await new models.Appointment({ ...fields, outbox: [event] }).save({ timestamps: false });
    } catch (err) {
      await releaseSeats(models, claim.seats, id);
      // A copy of this request (same key) stored it first.
      const first = retry && isDuplicateKey(err) ? await models.Appointment.findById(id).lean<AppointmentDoc>() : null;
      if (retry && first) return firstAnswer(first, retry.fingerprint);
      throw err;
    }
    deps.relay.publishDocument(models.Appointment, id);
    return toAppointment({ ...fields, outbox: [] });
  });

  bind(app, list, async () => {
    const docs = await models.Appointment.find({ deletedAt: null }, { outbox: 0, seats: 0 }).sort({ createdAt: -1, _id: -1 }).lean<AppointmentDoc[]>();
    return docs.map(toAppointment);
  });

  bind(app, update, async ({ params, body }) => {
    const current = await models.Appointment.findOne({ _id: params.id, deletedAt: null }).lean<AppointmentDoc>();
    if (!current) throw notFound('Appointment not found');
    const status = body.status ?? current.status;
    const set = { status, ...(body.adminComment !== undefined ? { adminComment: body.adminComment } : {}) };
    // Each write is guarded by the state it starts from, so a concurrent cancel or un-cancel
    // cannot leave seats held by a cancelled appointment or missing for an active one.
    const whileActive = { _id: current._id, deletedAt: null, status: { $ne: 'cancelled' as const } };
    const whileCancelled = { _id: current._id, deletedAt: null, status: 'cancelled' as const };
    let done: boolean;

    if (isActive(current.status) === isActive(status)) {
      done = (await models.Appointment.updateOne(isActive(status) ? whileActive : whileCancelled, { $set: set })).matchedCount === 1;
    } else if (!isActive(status)) {
      // Cancelling gives the seats back, so the time can be booked again.
      const before = await models.Appointment.findOneAndUpdate(whileActive, { $set: { ...set, seats: [] } }, { returnDocument: 'before' }).lean<AppointmentDoc>();
      if (before) await releaseSeats(models, before.seats, before._id);
      done = before !== null;
    } else {
      // Un-cancelling takes seats again, which fails when the time has filled up meanwhile.
      let seats: string[] = [];
      if (current.startTime && current.endTime && current.offeringType !== 'both') {
        const capacity = await capacityOf(models, current.offeringType);
        const claim = await claimSeats(models, { offering: current.offeringType, start: current.startTime, end: current.endTime, appointmentId: current._id, capacity });
        if (!claim.ok) throw conflict(STAYS_CANCELLED);
        seats = claim.seats;
      }
      done = (await models.Appointment.updateOne(whileCancelled, { $set: { ...set, seats } })).matchedCount === 1;
      if (!done) await releaseSeats(models, seats, current._id);
    }
    if (!done) throw conflict(CHANGED_MEANWHILE);
    const updated = await models.Appointment.findOne({ _id: current._id, deletedAt: null }).lean<AppointmentDoc>();
    if (!updated) throw notFound('Appointment not found');
    return toAppointment(updated);
  });

  const deleteAppointment = async ({ params }: { params: { id: string } }) => {
    const before = await models.Appointment.findOneAndUpdate({ _id: params.id, deletedAt: null }, { $set: { deletedAt: new Date(), seats: [] } }, { returnDocument: 'before' }).lean<AppointmentDoc>();
    if (!before) throw notFound('Appointment not found');
    await releaseSeats(models, before.seats, before._id);
    // Kept as a tombstone while its created event still waits in the outbox; the relay removes it then.
    await models.Appointment.deleteOne({ _id: before._id, outbox: { $size: 0 } });
    return { message: 'Appointment deleted' };
  };
  bind(app, remove, deleteAppointment);
  bind(app, removeOlder, deleteAppointment);
}
