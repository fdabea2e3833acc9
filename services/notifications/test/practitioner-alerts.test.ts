import { buildEnvelope } from '@bb/service-kit';
import { api, mailpit, waitFor } from '@bb/service-kit/testing';
import { MAIL_QUEUES } from '../src/events/mail-events';
import { booked, clinicMailsInFile, mailsTo, mailSettings, uniqueAddress } from './harness';

// The staff alert of a booking with a practitioner goes to the practitioner's address (as the
// event carries it) as well as the offering's: one mail per address, never two to one mailbox,
// and only while the offering's staff alert switch is on.

const file = clinicMailsInFile('notif_practitioner');
const { staff } = file;

const drained = () =>
  waitFor('queues drained', async () => {
    const depths = await Promise.all(Object.values(MAIL_QUEUES).map((q) => file.svc.replicas[0].ctx.bus.queueDepth(q)));
    return depths.every((d) => d === 0);
  });
/** The recipients of the appointment's staff alerts once `count` of them are sent, sorted. */
const staffAlertsSent = (appointmentId: string, count: number) =>
  waitFor(`${count} staff alerts sent`, async () => {
    const alerts = (await file.svc.mailLog(appointmentId)).filter((m) => m.kind === 'staff-alert');
    return alerts.length === count && alerts.every((m) => m.status === 'sent') && alerts.map((m) => m.recipient).sort();
  });

describe("staff alerts to the appointment's practitioner", () => {
  it("alerts the practitioner's address and the offering's, one mail each, and nothing twice when the event comes again", async () => {
    const nurse = uniqueAddress('nurse');
    const data = booked(uniqueAddress('customer'), { practitioner: { id: 'ana', name: 'Ana' }, practitionerAlertEmail: nurse });
    const event = buildEnvelope('booking', 'booking.appointment.created', data);
    await file.svc.publisher.publishEnvelope(event);
    expect(await staffAlertsSent(data.appointmentId, 2)).toEqual([nurse, staff].sort());
    const [alert] = await mailsTo(mailpit, nurse, /^New booking: Ana Cruz/);
    expect(alert.To.map((to) => to.Address)).toEqual([nurse]);

    await file.svc.publisher.publishEnvelope(event);
    await drained();
    await new Promise((r) => setTimeout(r, 500));
    expect(await mailpit.messagesTo(nurse)).toHaveLength(1);
    expect((await file.svc.mailLog(data.appointmentId)).filter((m) => m.kind === 'staff-alert')).toHaveLength(2);
  });

  it("sends one alert when the practitioner's address is the offering's (in any letter case)", async () => {
    const data = booked(uniqueAddress('customer'), { practitioner: { id: 'ana', name: 'Ana' }, practitionerAlertEmail: staff.toUpperCase() });
    await file.svc.publisher.publish('booking.appointment.created', data);
    await mailsTo(mailpit, data.email, /request received/i);
    await drained();
    expect(await staffAlertsSent(data.appointmentId, 1)).toEqual([staff]);
  });

  it('alerts the practitioner alone when the offering has no alert address, and nobody while the switch is off', async () => {
    const nurse = uniqueAddress('studio-nurse');
    const saveStudio = (off: 'staff-alert'[]) =>
      api(file.svc.url, '/api/notification-settings/studio', { method: 'PUT', token: file.svc.token, body: mailSettings('studio', { off }) });
    expect((await saveStudio([])).status).toBe(200);
    const alone = booked(uniqueAddress('customer'), { offeringType: 'studio', practitioner: { id: 'bea', name: 'Bea' }, practitionerAlertEmail: nurse });
    await file.svc.publisher.publish('booking.appointment.created', alone);
    expect(await staffAlertsSent(alone.appointmentId, 1)).toEqual([nurse]);

    expect((await saveStudio(['staff-alert'])).status).toBe(200);
    const off = booked(uniqueAddress('customer'), { offeringType: 'studio', practitioner: { id: 'bea', name: 'Bea' }, practitionerAlertEmail: nurse });
    await file.svc.publisher.publish('booking.appointment.created', off);
    await mailsTo(mailpit, off.email, /request received/i);
    await drained();
    expect((await file.svc.mailLog(off.appointmentId)).map((m) => m.kind).sort()).toEqual(['confirmation', 'reminder']);
    expect(await mailpit.messagesTo(nurse)).toHaveLength(1);
  });
});
