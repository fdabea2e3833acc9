import { api, commandLedger, mailpit, waitFor } from '@bb/service-kit/testing';
import { booked, mailSettings, mailsTo, rescheduled, startNotifications, uniqueAddress, type NotificationsHarness } from './harness';
import { depositRequested, paid } from './support/deposit-events';

// Database commands per mail operation, on the service's own connection. The poll is set an
// hour apart, and so is the outbox relay's periodic pass, so only the operation (and the
// sending it sets off) counts.
let svc: NotificationsHarness;
const ledger = commandLedger(() => svc.replicas[0].ctx.conn);

beforeAll(async () => {
  svc = await startNotifications('notif_budget', { env: { MAIL_POLL_INTERVAL_MS: '3600000', OUTBOX_SWEEP_INTERVAL_MS: '3600000' } });
  await ledger.settle();
});
afterAll(async () => {
  console.log(ledger.report());
  await svc.close();
});

describe('database commands per mail operation', () => {
  it('a booking, its reschedule, the mail log and a settings save', async () => {
    const email = uniqueAddress('budget');
    const data = booked(email);
    const created = await ledger.measure('booking: copy, settings, confirmation queued and sent, reminder planned', async () => {
      await svc.publisher.publish('booking.appointment.created', data);
      await mailsTo(mailpit, email, /request received/i);
      await waitFor(
        'the confirmation recorded',
        async () => (await svc.models.Mail.countDocuments({ appointmentId: data.appointmentId, status: 'sent' })) === 1,
      );
    });
    expect(created.length).toBeLessThanOrEqual(BUDGET.created);

    const moved = await ledger.measure('reschedule: copy, settings, notice queued and sent, reminder moved', async () => {
      await svc.publisher.publish('booking.appointment.rescheduled', rescheduled(data, new Date(Date.parse(data.startTime) + 3_600_000)));
      await mailsTo(mailpit, email, /rescheduled/i);
      await waitFor('the notice recorded', async () => (await svc.models.Mail.countDocuments({ appointmentId: data.appointmentId, status: 'sent' })) === 2);
    });
    expect(moved.length).toBeLessThanOrEqual(BUDGET.rescheduled);

    const log = await ledger.measure('mail log of an appointment', async () =>
      expect((await api(svc.url, `/api/appointments/${data.appointmentId}/mails`, { token: svc.token })).status).toBe(200),
    );
    expect(log.length).toBeLessThanOrEqual(BUDGET.log);

    const settings = mailSettings('clinic');
    const save = await ledger.measure('settings saved, lead time unchanged', async () =>
      expect((await api(svc.url, '/api/notification-settings/clinic', { method: 'PUT', token: svc.token, body: settings })).status).toBe(200),
    );
    expect(save.length).toBeLessThanOrEqual(BUDGET.saveSettings);
  });
});

describe('database commands per deposit mail', () => {
  it('a payment request and its payment', async () => {
    const data = depositRequested(uniqueAddress('budget-deposit'));
    const sentCount = () => svc.models.Mail.countDocuments({ appointmentId: data.appointmentId, status: 'sent' });
    const requested = await ledger.measure('deposit requested: the count, the record, settings, request queued and sent, reminder queued', async () => {
      await svc.publisher.publish('booking.deposit.requested', data);
      await mailsTo(mailpit, data.customerEmail, /pay your deposit/i);
      await waitFor('the request recorded', async () => (await sentCount()) === 1);
    });
    expect(requested.length).toBeLessThanOrEqual(BUDGET.depositRequested);

    const receipt = await ledger.measure('paid: the record closed, the reminder dropped, settings, receipt queued and sent', async () => {
      await svc.publisher.publish('payments.payment.paid', paid(data));
      await mailsTo(mailpit, data.customerEmail, /^Receipt/);
      await waitFor('the receipt recorded', async () => (await sentCount()) === 2);
    });
    expect(receipt.length).toBeLessThanOrEqual(BUDGET.paid);
  });
});

/**
 * The most each operation may send. A booking: the copy's upsert, the settings, the
 * confirmation's insert, the reminder's look-up and insert and the copy's revision read after
 * it (a newer event may have dropped reminders meanwhile); the sender's claim and its record,
 * and two claims that find nothing more (the worker that sent, and the second worker a
 * successful claim calls up in case more is due). A reschedule reads the appointment's
 * notices before inserting its own (a notice still open takes the move in instead) and
 * re-plans the queued reminder with one update instead of inserting one.
 * Issue 30: a settings save (4) reads the settings it replaces (the audit entry names what
 * changed) and writes them with the entry, which the relay then leases and releases.
 * Issue 31: a payment request (9) counts its address, writes the deposit record, reads the
 * settings, inserts the request and its reminder, and reads the record again (a payment handled
 * meanwhile drops both), besides the sending; a payment (7) closes the record, drops what is
 * queued in one update, reads the settings and inserts the receipt.
 */
const BUDGET = { created: 10, rescheduled: 11, log: 1, saveSettings: 4, depositRequested: 10, paid: 8 };
