import { POLICY_MESSAGES, type BookedAppointment } from '@bb/contracts';
import { addBookable, asAdmin, bookingRequest, call, expectLedgerMatches, monday } from './support/booking';
import { twoProcessesOn } from './support/processes';

// One contact booking many times at once, spread over two booking processes on one database:
// the per-contact cap must hold as capacity does, whatever the interleaving.
const CAP = 5;

const app = twoProcessesOn('contact_cap', async (booking) => {
  await addBookable(booking.models, { id: 'facial', defaultDuration: 60 });
  // Saved before the processes start: they read the settings then (their buses are their own).
  expect((await call(booking.url, 'PUT', '/api/settings/clinic', { maxUpcomingPerContact: CAP, maxSessionsPerSlot: 10 }, asAdmin)).status).toBe(200);
});
const { processes } = app;

const TIMES = ['09:00', '10:00', '11:00', '13:00', '14:00', '15:00', '16:00'];

/** One booking of the contact at each time, all sent at once, alternating between the two processes. */
const burst = (date: string, contactOf: (i: number) => { email: string; contact: string }) =>
  Promise.all(
    TIMES.map((preferredTime, i) =>
      call<BookedAppointment>(processes[i % 2].url, 'POST', '/api/appointments', bookingRequest({ preferredDate: date, preferredTime, ...contactOf(i) })),
    ),
  );

describe('the per-contact cap under a burst of one contact on two processes', () => {
  it('lets exactly the cap through of seven bookings sent at once, and keeps no place or count of the others', async () => {
    const date = monday(1);
    const answers = await burst(date, () => ({ email: 'burst@example.com', contact: '0917 100 0001' }));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(CAP);
    for (const refused of answers.filter((a) => a.status !== 201)) expect([refused.status, refused.body.message]).toEqual([400, POLICY_MESSAGES.cap(CAP)]);

    const stored = await app.booking.models.Appointment.find({ preferredDate: date, deletedAt: null }).lean();
    expect(stored).toHaveLength(CAP);
    // Each is counted under the mailbox and under the number, and nothing else is counted.
    expect(stored.every((a) => a.contactCounts?.length === 2)).toBe(true);
    const counts = await app.booking.models.ContactCount.find().lean();
    expect(counts.map((c) => [c.n, Object.keys(c.h).sort()])).toEqual(Array(2).fill([CAP, stored.map((a) => `a${String(a._id)}`).sort()]));
    expect(counts.map((c) => c._id).sort()).toEqual([...new Set(stored.flatMap((a) => a.contactCounts ?? []))].sort());
    await expectLedgerMatches(app.booking.models);

    // Cancelling takes it out of the counts: one more goes through, then none.
    expect((await call(app.booking.url, 'PATCH', `/api/appointments/${String(stored[0]._id)}`, { status: 'cancelled' }, asAdmin)).status).toBe(200);
    expect((await app.booking.models.Appointment.findById(stored[0]._id).lean())?.contactCounts).toEqual([]);
    expect((await app.booking.models.ContactCount.find().lean()).map((c) => c.n)).toEqual([CAP - 1, CAP - 1]);
    const again = await call(
      processes[0].url,
      'POST',
      '/api/appointments',
      bookingRequest({ preferredDate: monday(2), preferredTime: '09:00', email: 'burst@example.com', contact: '0917 100 0001' }),
    );
    expect(again.status).toBe(201);
    const over = await call(
      processes[1].url,
      'POST',
      '/api/appointments',
      bookingRequest({ preferredDate: monday(2), preferredTime: '10:00', email: 'burst@example.com', contact: '0917 100 0001' }),
    );
    expect([over.status, over.body.message]).toEqual([400, POLICY_MESSAGES.cap(CAP)]);
  });

  it('counts +tags of one mailbox, and one number written as 0917… or +63 917…, as one contact', async () => {
    const byMailbox = await burst(monday(3), (i) => ({ email: `Tagged+${i}@Example.com`, contact: `0917 200 ${String(i).padStart(4, '0')}` }));
    expect(byMailbox.filter((a) => a.status === 201)).toHaveLength(CAP);
    expect(byMailbox.filter((a) => a.status === 400).map((a) => a.body.message)).toEqual([POLICY_MESSAGES.cap(CAP), POLICY_MESSAGES.cap(CAP)]);

    const written = ['0917 300 0003', '+63 917 300 0003', '+63 (917) 300-0003', '09173000003', '639173000003', '(0917) 300 0003', '+639173000003'];
    const byNumber = await burst(monday(4), (i) => ({ email: `number-${i}@example.com`, contact: written[i] }));
    expect(byNumber.filter((a) => a.status === 201)).toHaveLength(CAP);
    expect(byNumber.filter((a) => a.status === 400).map((a) => a.body.message)).toEqual([POLICY_MESSAGES.cap(CAP), POLICY_MESSAGES.cap(CAP)]);
  });
});
