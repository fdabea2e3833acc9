import { randomBytes } from 'node:crypto';
import { appointmentReference, MANAGE_MESSAGES } from '@bb/contracts';
import { DAY_MS } from '@bb/service-kit';
import { manageTokenHash } from '../src/domain/manage-link';
import { asAdmin, call, FACIAL_AND_PEEL, monday, placedAt } from './support/booking';
import { flipped, startManageApp, UNKNOWN_TOKEN } from './support/manage';

const app = startManageApp('manage');
const { book, view, cancel, reschedule, setCutoff, calendarFile, stored, blocksOf, setClock } = app;

describe('the manage link', () => {
  it('shows the customer their appointment, with the deadline for changes, and is never cached', async () => {
    const made = await book({
      preferredDate: monday(0),
      preferredTime: '10:00',
      treatments: ['facial', 'peel'],
      email: 'ana@example.com',
      contact: '0917 000 0000',
    });
    const res = await view(made.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      reference: appointmentReference(made.id),
      firstName: 'Ana',
      lastName: 'Reyes',
      email: 'ana@example.com',
      contact: '0917 000 0000',
      offeringType: 'clinic',
      items: FACIAL_AND_PEEL,
      ...placedAt(monday(0), '10:00'),
      status: 'pending',
      changeable: true,
      changeClosedReason: null,
      // 24 hours before 10:00 in Manila.
      changeDeadline: '2030-01-06T02:00:00.000Z',
      reschedulesLeft: 3,
    });
    const raw = await fetch(`${app.booking.url}/api/manage/${made.token}`);
    expect(raw.headers.get('cache-control')).toBe('no-store');
  });

  it('answers an unknown token 404 and a malformed one 400, both as JSON with the link message', async () => {
    for (const [token, status] of [
      [UNKNOWN_TOKEN, 404],
      ['short', 400],
      ['A'.repeat(33), 400],
      [`${'A'.repeat(31)}.`, 400],
    ] as const) {
      for (const res of [
        await view(token),
        await cancel(token),
        await reschedule(token, monday(1), '10:00'),
        await call(app.booking.url, 'GET', `/api/manage/${token}/calendar.ics`),
      ]) {
        expect(res.status).toBe(status);
        expect(res.body.message).toBe(MANAGE_MESSAGES.badLink);
      }
    }
  });

  it('is reached only by the exact routes: other methods and paths change nothing', async () => {
    const made = await book({ preferredDate: monday(1), preferredTime: '10:00' });
    expect((await call(app.booking.url, 'GET', `/api/manage/${made.token}/cancel`)).status).toBe(405);
    expect((await call(app.booking.url, 'POST', `/api/manage/${made.token}`)).status).toBe(405);
    expect((await call(app.booking.url, 'DELETE', `/api/manage/${made.token}`)).status).toBe(405);
    expect((await call(app.booking.url, 'POST', `/api/manage/${made.token}/cancel/now`)).status).toBe(404);
    expect((await call(app.booking.url, 'POST', `/api/manage/${made.token}/${made.token}/cancel`)).status).toBe(404);
    expect((await stored(made.id))?.status).toBe('pending');
  });

  it('answers a token with one character changed as a link that is not valid (404), and changes nothing', async () => {
    const made = await book({ preferredDate: monday(1), preferredTime: '12:00' });
    // In the id part, and in the part that proves it.
    for (const token of [flipped(made.token, 3), flipped(made.token, 31)]) {
      for (const res of [await view(token), await cancel(token), await reschedule(token, monday(1), '14:00'), await calendarFile(token)]) {
        expect(res.status).toBe(404);
        expect(res.body.message).toBe(MANAGE_MESSAGES.badLink);
      }
    }
    expect(await stored(made.id)).toMatchObject({ status: 'pending', preferredTime: '12:00', revision: 0 });
  });

  it('still opens the link of an appointment booked before tokens were derived from the id: by the hash it stored', async () => {
    const made = await book({ preferredDate: monday(1), preferredTime: '14:00' });
    const legacy = randomBytes(24).toString('base64url');
    await app.booking.models.Appointment.updateOne({ _id: made.id }, { $set: { manageTokenHash: manageTokenHash(legacy) } });
    const res = await view(legacy);
    expect(res.status).toBe(200);
    expect(res.body.reference).toBe(appointmentReference(made.id));
    expect((await calendarFile(legacy)).status).toBe(200);
    expect((await reschedule(legacy, monday(1), '15:00')).status).toBe(200);
    expect((await cancel(legacy)).body.status).toBe('cancelled');
    expect((await view(flipped(legacy, 10))).status).toBe(404);
  });
});

describe('an old link', () => {
  it('answers 410 with its own message from 30 days after the appointment ended, for every use, and changes nothing', async () => {
    const made = await book({ preferredDate: monday(11), preferredTime: '10:00' });
    const end = new Date(`${monday(11)}T03:00:00.000Z`).getTime(); // 11:00 in Manila
    setClock(new Date(end + 30 * DAY_MS - 1));
    expect((await view(made.token)).status).toBe(200);
    expect((await calendarFile(made.token)).status).toBe(200);
    for (const days of [30, 31]) {
      setClock(new Date(end + days * DAY_MS));
      for (const res of [await view(made.token), await cancel(made.token), await reschedule(made.token, monday(12), '10:00'), await calendarFile(made.token)]) {
        expect(res.status).toBe(410);
        expect(res.body.message).toBe(MANAGE_MESSAGES.expired);
      }
    }
    expect(await stored(made.id)).toMatchObject({ status: 'pending', preferredDate: monday(11), revision: 0 });
    // A legacy link ages the same way.
    const legacy = randomBytes(24).toString('base64url');
    await app.booking.models.Appointment.updateOne({ _id: made.id }, { $set: { manageTokenHash: manageTokenHash(legacy) } });
    expect((await view(legacy)).status).toBe(410);
  });
});

describe('cancelling through the link', () => {
  it('frees the places and keeps the link, which shows the cancelled appointment; cancelling again answers it again', async () => {
    const slot = { preferredDate: monday(2), preferredTime: '10:00' };
    const made = await book(slot);
    const res = await cancel(made.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'cancelled', changeable: false, changeClosedReason: MANAGE_MESSAGES.cancelled });
    expect(await blocksOf(made.id)).toEqual([]);
    expect((await app.booking.models.Ledger.findById(`clinic|${monday(2).slice(0, 7)}`).lean())?.b?.[`${monday(2).slice(8)}T1000`]).toBe(0);
    expect((await stored(made.id))?.revision).toBe(1);
    expect((await view(made.token)).body.status).toBe('cancelled');
    const again = await cancel(made.token);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(res.body);
    expect((await stored(made.id))?.revision).toBe(1);
    expect((await book(slot)).status).toBe('pending');
  });

  it('cannot move a cancelled appointment', async () => {
    const made = await book({ preferredDate: monday(2), preferredTime: '13:00' });
    await cancel(made.token);
    const res = await reschedule(made.token, monday(2), '14:00');
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(MANAGE_MESSAGES.cancelled);
  });

  it('cannot change an appointment that is done or has started', async () => {
    const done = await book({ preferredDate: monday(3), preferredTime: '09:00' });
    expect((await call(app.booking.url, 'PATCH', `/api/appointments/${done.id}`, { status: 'done' }, asAdmin)).status).toBe(200);
    for (const res of [await cancel(done.token), await reschedule(done.token, monday(3), '11:00')]) {
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(MANAGE_MESSAGES.done);
    }
    expect((await view(done.token)).body).toMatchObject({ changeable: false, changeClosedReason: MANAGE_MESSAGES.done });

    const started = await book({ preferredDate: monday(3), preferredTime: '13:00' });
    setClock(new Date(`${monday(3)}T05:00:00.000Z`)); // 13:00 in Manila: it starts now
    for (const res of [await cancel(started.token), await reschedule(started.token, monday(4), '11:00')]) {
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(MANAGE_MESSAGES.past);
    }
    expect((await stored(started.id))?.status).toBe('pending');
  });
});

describe('the change cut-off', () => {
  it('closes changes 24 hours before the start unless staff set another: at the deadline a change is refused, just before it is taken', async () => {
    const made = await book({ preferredDate: monday(5), preferredTime: '10:00' });
    const deadline = new Date(`${monday(5)}T02:00:00.000Z`).getTime() - 24 * 3600_000;
    setClock(new Date(deadline));
    expect((await view(made.token)).body).toMatchObject({
      changeable: false,
      changeClosedReason: MANAGE_MESSAGES.cutoff(24),
      changeDeadline: new Date(deadline).toISOString(),
    });
    for (const res of [await cancel(made.token), await reschedule(made.token, monday(5), '14:00')]) {
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(MANAGE_MESSAGES.cutoff(24));
    }
    setClock(new Date(deadline - 1));
    expect((await view(made.token)).body.changeable).toBe(true);
    expect((await reschedule(made.token, monday(5), '14:00')).status).toBe(200);

    expect((await setCutoff(48)).status).toBe(200);
    try {
      const res = await cancel(made.token);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(MANAGE_MESSAGES.cutoff(48));
      // 0: changes stay open until the start itself.
      expect((await setCutoff(0)).status).toBe(200);
      setClock(new Date(new Date(`${monday(5)}T06:00:00.000Z`).getTime() - 1)); // just before 14:00 in Manila
      expect((await view(made.token)).body).toMatchObject({ changeable: true, changeDeadline: `${monday(5)}T06:00:00.000Z` });
      expect((await cancel(made.token)).status).toBe(200);
    } finally {
      await setCutoff(24);
    }
  });
});
