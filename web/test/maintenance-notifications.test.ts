import type { Mail, NotificationSettings } from '@bb/contracts';
import { ApiError } from '../src/shared/api/request';
import {
  attemptsText,
  canResend,
  mailsInFlight,
  mailTiming,
  notificationForm,
  notificationProblems,
  notificationRequests,
  serverFieldErrors,
} from '../src/maintenance/domain/notifications';

const stored: NotificationSettings = {
  offeringType: 'clinic',
  staffAlertEmail: '',
  senderName: 'Lumière Clinic',
  senderEmail: 'clinic@lumiere.ph',
  reminderLeadHours: 24,
  enabled: { confirmation: true, reschedule: true, cancellation: true, reminder: true, 'staff-alert': false },
};
const form = notificationForm(stored, { changeCutoffHours: 12, maxReschedulesPerBooking: 3 });

describe('the Notifications form', () => {
  it('shows the stored mail settings and the cut-off and move limit of the booking settings, numbers as typed text', () => {
    expect(form).toEqual({
      staffAlertEmail: '',
      senderName: 'Lumière Clinic',
      senderEmail: 'clinic@lumiere.ph',
      reminderLeadHours: '24',
      changeCutoffHours: '12',
      maxReschedulesPerBooking: '3',
      enabled: stored.enabled,
    });
  });

  it('saves as two writes, fractions of hours kept', () => {
    expect(notificationRequests({ ...form, reminderLeadHours: '1.5', changeCutoffHours: ' 48 ', maxReschedulesPerBooking: '0' })).toEqual({
      notifications: { staffAlertEmail: '', senderName: 'Lumière Clinic', senderEmail: 'clinic@lumiere.ph', reminderLeadHours: 1.5, enabled: stored.enabled },
      booking: { changeCutoffHours: 48, maxReschedulesPerBooking: 0 },
    });
  });

  it('finds nothing wrong with what is stored', () => {
    expect(notificationProblems(form)).toEqual({});
  });

  it("names every field's problem in the contract's words, a blank number being no number rather than 0", () => {
    const problems = notificationProblems({
      ...form,
      senderName: ' ',
      senderEmail: 'clinic',
      staffAlertEmail: 'staff@',
      reminderLeadHours: '',
      changeCutoffHours: '',
      maxReschedulesPerBooking: '',
    });
    expect(Object.keys(problems).sort()).toEqual([
      'changeCutoffHours',
      'maxReschedulesPerBooking',
      'reminderLeadHours',
      'senderEmail',
      'senderName',
      'staffAlertEmail',
    ]);
    expect(problems.maxReschedulesPerBooking).toBe('maxReschedulesPerBooking must be a whole number from 0 to 20');
    expect(notificationProblems({ ...form, maxReschedulesPerBooking: '21' }).maxReschedulesPerBooking).toMatch(/from 0 to 20/);
    expect(problems.senderName).toBe('senderName is required');
    expect(problems.changeCutoffHours).toBe('changeCutoffHours must be a whole number of hours from 0 to 720');
    expect(problems.reminderLeadHours).toMatch(/^reminderLeadHours must be a number of hours/);
    expect(notificationProblems({ ...form, changeCutoffHours: '1.5' }).changeCutoffHours).toMatch(/whole number/);
  });

  it("puts the server's validation details under their fields, from either write", () => {
    const mail = new ApiError(400, { message: 'senderEmail is required', details: [{ path: 'senderEmail', message: 'senderEmail is required' }] }, '');
    const booking = new ApiError(
      400,
      {
        message: 'x',
        details: [
          { path: 'changeCutoffHours', message: 'too many hours' },
          { path: '', message: 'whole body' },
        ],
      },
      '',
    );
    expect(serverFieldErrors([mail, booking, new Error('offline')])).toEqual({ senderEmail: 'senderEmail is required', changeCutoffHours: 'too many hours' });
  });
});

describe("an appointment's mails", () => {
  const mail = (over: Partial<Mail>): Mail => ({
    id: 'm1',
    kind: 'confirmation',
    appointmentId: 'a1',
    offeringType: 'clinic',
    recipient: 'ana@example.ph',
    subject: 'Your appointment',
    status: 'sent',
    attempts: 1,
    lastResponse: '250 OK',
    outcome: 'Accepted by the mail server',
    messageId: '<m1@lumiere.ph>',
    dueAt: '2026-03-01T02:00:00.000Z',
    sentAt: '2026-03-01T02:00:05.000Z',
    createdAt: '2026-03-01T02:00:00.000Z',
    resendOf: null,
    ...over,
  });

  it('say when they went, in Manila time, or what became of them', () => {
    expect(mailTiming(mail({}))).toBe('Sent Mar 1, 2026, 10:00 AM');
    expect(mailTiming(mail({ status: 'queued', sentAt: null, dueAt: '2026-03-09T01:30:00.000Z' }))).toBe('Due Mar 9, 2026, 9:30 AM');
    expect(mailTiming(mail({ status: 'failed', sentAt: null }))).toBe('Not delivered');
    expect(mailTiming(mail({ status: 'cancelled', sentAt: null }))).toMatch(/^Not sent/);
    expect([attemptsText(1), attemptsText(3)]).toEqual(['1 attempt', '3 attempts']);
  });

  it('are looked at again only while one is due and not yet sent', () => {
    const now = new Date('2026-03-01T02:00:10.000Z');
    expect(mailsInFlight([mail({})], now)).toBe(false);
    expect(mailsInFlight([mail({}), mail({ status: 'queued', dueAt: '2026-03-01T02:00:09.000Z' })], now)).toBe(true);
    expect(mailsInFlight([mail({ kind: 'reminder', status: 'queued', dueAt: '2026-03-08T02:00:00.000Z' })], now)).toBe(false);
  });

  it('can be sent again unless already on their way', () => {
    expect([canResend(mail({})), canResend(mail({ status: 'failed' })), canResend(mail({ status: 'queued' }))]).toEqual([true, true, false]);
  });
});
