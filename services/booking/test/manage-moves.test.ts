import {
  appointmentReference,
  MANAGE_MESSAGES,
  SLOT_FULL_MESSAGE,
  slotsRangeResponseSchema,
  slotsResponseSchema,
  type SlotsRangeResponse,
  type SlotsResponse,
} from '@bb/contracts';
import { DAY_MS } from '@bb/service-kit';
import { CHANGED_MEANWHILE } from '../src/store/appointment-changes';
import { asAdmin, bookingRequest, call, monday, placedAt } from './support/booking';
import { flipped, startManageApp, UNKNOWN_TOKEN } from './support/manage';

const app = startManageApp('manage-moves');
const { book, view, cancel, reschedule, setCutoff, setMoveLimit, stored, blocksOf, setClock } = app;

describe('moving an appointment through the link', () => {
  it('moves it to a free slot of another day with the same duration, claiming new places and freeing the old ones', async () => {
    const made = await book({ preferredDate: monday(6), preferredTime: '10:00', treatments: ['facial', 'peel'] });
    expect(await blocksOf(made.id)).toEqual([`${monday(6)}T10:00`, `${monday(6)}T10:30`, `${monday(6)}T11:00`]);
    const res = await reschedule(made.token, monday(7), '2:00 PM');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      ...placedAt(monday(7), '14:00'),
      status: 'pending',
      changeable: true,
    });
    const after = await stored(made.id);
    expect(after).toMatchObject({ preferredDate: monday(7), preferredTime: '14:00', revision: 1 });
    expect(await blocksOf(made.id)).toEqual([`${monday(7)}T14:00`, `${monday(7)}T14:30`, `${monday(7)}T15:00`]);
    expect(after?.blocks).toEqual(await blocksOf(made.id));
    // The old time is free again; the new one is taken.
    expect((await book({ preferredDate: monday(6), preferredTime: '10:00' })).status).toBe('pending');
    expect((await call(app.booking.url, 'POST', '/api/appointments', bookingRequest({ preferredDate: monday(7), preferredTime: '14:00' }))).status).toBe(409);
  });

  it('moves it by half an hour at capacity 1, keeping the place of the block both times cover', async () => {
    const made = await book({ preferredDate: monday(8), preferredTime: '10:00' });
    const [tenOClock, halfPast] = await blocksOf(made.id);
    expect((await reschedule(made.token, monday(8), '10:30')).status).toBe(200);
    const moved = await blocksOf(made.id);
    expect(moved).toEqual([halfPast, `${monday(8)}T11:00`]);
    expect((await stored(made.id))?.blocks).toEqual(moved);
    expect((await reschedule(made.token, monday(8), '10:00')).status).toBe(200);
    expect(await blocksOf(made.id)).toEqual([tenOClock, halfPast]);
    expect((await stored(made.id))?.revision).toBe(2);
  });

  it('refuses a move as a booking would, and the appointment keeps its time and places', async () => {
    const made = await book({ preferredDate: monday(9), preferredTime: '10:00' });
    await book({ preferredDate: monday(9), preferredTime: '13:00', firstName: 'Bea' });
    const blocks = await blocksOf(made.id);
    const refusals: [string, string, number, string | RegExp][] = [
      ['2030-03-17', '10:00', 400, /closed/], // a Sunday
      [monday(9), '10:10', 400, /not one of the available times/],
      [monday(9), '16:30', 400, /not one of the available times/], // would end after closing
      [monday(9), '12:30', 409, SLOT_FULL_MESSAGE], // its second half overlaps Bea at 13:00
      [monday(9), '10:00', 400, MANAGE_MESSAGES.sameTime],
      ['', '10:00', 400, 'Please select a preferred date for your appointment.'],
      [monday(9), 'soon', 400, 'Please select a preferred time for your appointment.'],
    ];
    for (const [date, time, status, message] of refusals) {
      const res = await reschedule(made.token, date, time);
      expect([date, time, res.status]).toEqual([date, time, status]);
      expect(res.body.message).toMatch(message);
    }
    // Cut-off 0 at 09:10 in Manila: the appointment (10:00) may still move, but not into the past.
    await setCutoff(0);
    try {
      setClock(new Date(`${monday(9)}T01:10:00.000Z`));
      const past = await reschedule(made.token, monday(9), '09:00');
      expect(past.status).toBe(400);
      expect(past.body.message).toMatch(/already passed/);
      setClock(new Date(`${monday(9)}T01:30:00.000Z`)); // 09:30: a slot starting now is past too
      expect((await reschedule(made.token, monday(9), '09:30')).body.message).toMatch(/already passed/);
    } finally {
      await setCutoff(24);
    }
    expect(await stored(made.id)).toMatchObject({ preferredDate: monday(9), preferredTime: '10:00', revision: 0 });
    expect(await blocksOf(made.id)).toEqual(blocks);
  });
});

describe('the times an appointment can move to', () => {
  /** Wednesdays and Thursdays after monday(n): days the clinic is open that no other test here books. */
  const midweek = (n: number, plus: 2 | 3) => new Date(Date.parse(`${monday(n)}T00:00:00Z`) + plus * DAY_MS).toISOString().slice(0, 10);
  const movable = (token: string, query: string) =>
    call<SlotsResponse & SlotsRangeResponse>(app.booking.url, 'GET', `/api/manage/${token}/available-slots?${query}`);
  const publicSlots = (query: string) => call<SlotsResponse & SlotsRangeResponse>(app.booking.url, 'GET', `/api/available-slots?offeringType=clinic&${query}`);
  const at = (answer: SlotsResponse, time: string) => answer.slots.find((s) => s.time === time);

  it("counts the appointment's own places as free: a move by half an hour shows as available at capacity 1, and the move is taken", async () => {
    const date = midweek(4, 2);
    const made = await book({ preferredDate: date, preferredTime: '10:00' });
    await book({ preferredDate: date, preferredTime: '11:30', firstName: 'Bea' });
    // The public schedule, for the same 60 minutes: 10:30 overlaps the appointment itself.
    expect(at((await publicSlots(`date=${date}&treatmentId=facial`)).body, '10:30')).toEqual({ time: '10:30', available: false, full: true, reason: 'full' });

    const res = await movable(made.token, `date=${date}`);
    expect(res.status).toBe(200);
    expect(slotsResponseSchema.strict().parse(res.body)).toEqual(res.body);
    expect(at(res.body, '09:30')).toEqual({ time: '09:30', available: true });
    expect(at(res.body, '10:30')).toEqual({ time: '10:30', available: true });
    // Its own time answers like any other; the page marks it as the visitor's.
    expect(at(res.body, '10:00')).toEqual({ time: '10:00', available: true });
    // Bea's places are not its own: 11:00 to 12:00 would overlap her.
    expect(at(res.body, '11:00')).toEqual({ time: '11:00', available: false, full: true, reason: 'full' });
    expect(at(res.body, '11:30')).toEqual({ time: '11:30', available: false, full: true, reason: 'full' });
    expect((await reschedule(made.token, date, '10:30')).status).toBe(200);
  });

  it("answers a range day by day as the public slots do, for the appointment's own length and offering", async () => {
    const date = midweek(5, 2);
    const next = midweek(5, 3);
    const made = await book({ preferredDate: date, preferredTime: '13:00', treatments: ['facial', 'peel'] });
    const res = await movable(made.token, `from=${date}&to=${next}`);
    expect(res.status).toBe(200);
    const days = slotsRangeResponseSchema.parse(res.body).days;
    expect(days.map((d) => d.date)).toEqual([date, next]);
    // 90 minutes: the last start is 15:30 on a day closing at 17:00.
    expect(days[0].slots.at(-1)?.time).toBe('15:30');
    expect(days[0].slots.every((s) => s.available)).toBe(true);
    // A day the appointment is not on answers exactly as the public schedule does for the same items.
    const { date: _date, closed: _closed, ...other } = days[1];
    expect(other).toEqual((await publicSlots(`date=${next}&treatmentId=facial&treatmentId=peel`)).body);
    // And one date answers as the spec's single-date call.
    expect((await movable(made.token, `date=${next}`)).body).toEqual(other);
  });

  it('follows the link rules, refuses what a move would refuse, changes nothing and is never cached', async () => {
    const date = midweek(6, 2);
    const made = await book({ preferredDate: date, preferredTime: '10:00' });
    expect((await movable(UNKNOWN_TOKEN, `date=${date}`)).body.message).toBe(MANAGE_MESSAGES.badLink);
    expect((await movable(UNKNOWN_TOKEN, `date=${date}`)).status).toBe(404);
    expect((await movable('short', `date=${date}`)).status).toBe(400);
    expect((await movable(flipped(made.token, 31), `date=${date}`)).status).toBe(404);
    for (const query of ['', 'date=tomorrow', `date=${date}&from=${date}&to=${date}`, `from=${date}`])
      expect((await movable(made.token, query)).status).toBe(400);
    const raw = await fetch(`${app.booking.url}/api/manage/${made.token}/available-slots?date=${date}`);
    expect(raw.headers.get('cache-control')).toBe('no-store');
    expect(await stored(made.id)).toMatchObject({ preferredTime: '10:00', revision: 0 });

    await setMoveLimit(0);
    try {
      const none = await movable(made.token, `date=${date}`);
      expect([none.status, none.body.message]).toEqual([409, MANAGE_MESSAGES.movesUsed(0)]);
    } finally {
      await setMoveLimit(3);
    }
    // Inside the cut-off (24 hours before 10:00).
    setClock(new Date(Date.parse(`${date}T02:00:00.000Z`) - 24 * 3600_000));
    expect((await movable(made.token, `date=${date}`)).body.message).toBe(MANAGE_MESSAGES.cutoff(24));
    setClock(null);
    await cancel(made.token);
    const cancelled = await movable(made.token, `date=${date}`);
    expect([cancelled.status, cancelled.body.message]).toEqual([409, MANAGE_MESSAGES.cancelled]);
    // Long after it: the link has expired.
    setClock(new Date(Date.parse(`${date}T03:00:00.000Z`) + 31 * DAY_MS));
    expect((await movable(made.token, `date=${date}`)).status).toBe(410);
  });
});

describe('the limit of moves per appointment', () => {
  /** Tuesdays to Fridays after monday(n): days the clinic is open. */
  const weekday = (n: number, plus: number) => new Date(Date.parse(`${monday(n)}T00:00:00Z`) + plus * DAY_MS).toISOString().slice(0, 10);

  it('lets the customer move an appointment three times, refuses the fourth with what to do instead, and says how many are left', async () => {
    const made = await book({ preferredDate: weekday(0, 1), preferredTime: '10:00' });
    for (const [i, time] of ['11:00', '12:00', '13:00'].entries()) {
      const moved = await reschedule(made.token, weekday(0, 1), time);
      expect(moved.status).toBe(200);
      expect(moved.body.reschedulesLeft).toBe(2 - i);
    }
    const fourth = await reschedule(made.token, weekday(0, 1), '14:00');
    expect(fourth.status).toBe(409);
    expect(fourth.body.message).toBe(MANAGE_MESSAGES.movesUsed(3));
    expect(fourth.body.message).toMatch(/contact us/);
    expect((await view(made.token)).body).toMatchObject({ preferredTime: '13:00', reschedulesLeft: 0, changeable: true });
    expect(await stored(made.id)).toMatchObject({ preferredTime: '13:00', customerMoves: 3, revision: 3 });
    // Staff are not limited: they still change it (a status), and raising the limit gives the customer a move again.
    expect((await call(app.booking.url, 'PATCH', `/api/appointments/${made.id}`, { status: 'done' }, asAdmin)).status).toBe(200);
    expect((await call(app.booking.url, 'PATCH', `/api/appointments/${made.id}`, { status: 'pending' }, asAdmin)).status).toBe(200);
    expect((await setMoveLimit(4)).status).toBe(200);
    try {
      expect((await view(made.token)).body.reschedulesLeft).toBe(1);
      expect((await reschedule(made.token, weekday(0, 1), '14:00')).status).toBe(200);
      expect((await reschedule(made.token, weekday(0, 1), '15:00')).body.message).toBe(MANAGE_MESSAGES.movesUsed(4));
    } finally {
      await setMoveLimit(3);
    }
    // Cancelling is never limited.
    expect((await cancel(made.token)).body.status).toBe('cancelled');
  });

  it('at 0 offers no move online, but cancelling still', async () => {
    const made = await book({ preferredDate: weekday(0, 2), preferredTime: '10:00' });
    expect((await setMoveLimit(0)).status).toBe(200);
    try {
      expect((await view(made.token)).body.reschedulesLeft).toBe(0);
      const res = await reschedule(made.token, weekday(0, 2), '11:00');
      expect([res.status, res.body.message]).toEqual([409, MANAGE_MESSAGES.movesUsed(0)]);
      expect(await stored(made.id)).toMatchObject({ preferredTime: '10:00', revision: 0 });
      expect((await cancel(made.token)).status).toBe(200);
    } finally {
      await setMoveLimit(3);
    }
  });

  it('lets only one of two moves sent at once for the last move left through', async () => {
    const made = await book({ preferredDate: weekday(0, 3), preferredTime: '09:00' });
    expect((await reschedule(made.token, weekday(0, 3), '10:00')).status).toBe(200);
    expect((await reschedule(made.token, weekday(0, 3), '11:00')).status).toBe(200);
    const answers = await Promise.all([reschedule(made.token, weekday(0, 3), '13:00'), reschedule(made.token, weekday(0, 3), '15:00')]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const lost = answers.find((a) => a.status === 409);
    expect([CHANGED_MEANWHILE, MANAGE_MESSAGES.movesUsed(3)]).toContain(lost?.body.message);
    const won = answers.find((a) => a.status === 200)?.body;
    const doc = await stored(made.id);
    expect(doc).toMatchObject({ preferredTime: won?.preferredTime, customerMoves: 3, revision: 3 });
    expect(await blocksOf(made.id)).toEqual([...(doc?.blocks ?? [])].sort());
    expect(await blocksOf(made.id)).toHaveLength(2);
    expect((await reschedule(made.token, weekday(0, 3), '16:00')).body.message).toBe(MANAGE_MESSAGES.movesUsed(3));
  });
});

describe('the calendar file', () => {
  it('is the appointment as an iCalendar download named by its reference, replaced by each change', async () => {
    const made = await book({ preferredDate: monday(10), preferredTime: '10:00', treatments: ['facial', 'peel'] });
    const ics = async () => fetch(`${app.booking.url}/api/manage/${made.token}/calendar.ics`);
    const res = await ics();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="appointment-${appointmentReference(made.id)}.ics"`);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const text = await res.text();
    expect(text).toContain('METHOD:PUBLISH');
    expect(text).toContain(`UID:appointment-${made.id}@beauty-booking`);
    expect(text).toContain('SEQUENCE:0');
    expect(text).toContain('DTSTART;TZID=Asia/Manila:20300318T100000');
    expect(text).toContain('DTEND;TZID=Asia/Manila:20300318T113000');
    expect(text).toContain('SUMMARY:Hydra Facial\\, Chemical Peel at the clinic');
    // Pending: a request the business has yet to confirm.
    expect(text).toContain('STATUS:TENTATIVE');

    await reschedule(made.token, monday(10), '13:00');
    await cancel(made.token);
    const changed = await (await ics()).text();
    expect(changed).toContain('SEQUENCE:2');
    expect(changed).toContain('DTSTART;TZID=Asia/Manila:20300318T130000');
    expect(changed).toContain('STATUS:CANCELLED');
  });
});
