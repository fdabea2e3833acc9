// The appointment and settings the mail tests render from, shared by the domain test files.
import { type AppointmentFacts, type NotificationSettings } from '@bb/contracts';
import { type AppointmentMailInput } from '../../src/domain/appointment-mails';
import { defaultSettings } from '../../src/domain/settings';

export const PUBLIC_URL = 'https://booking.example.com/';

const appointment = (over: Partial<AppointmentFacts> = {}): AppointmentFacts => ({
  appointmentId: '665f1c2e9b1d4a0012abcd34',
  revision: 0,
  firstName: 'Ana',
  lastName: 'Cruz',
  email: 'ana@example.com',
  contact: '+63 917 123 4567',
  offeringType: 'clinic',
  items: [{ id: 't1', name: 'Hydrating Facial' }],
  preferredDate: '2026-12-01',
  preferredTime: '10:00',
  // 10:00 to 11:00 in Manila.
  startTime: '2026-12-01T02:00:00.000Z',
  endTime: '2026-12-01T03:00:00.000Z',
  status: 'pending',
  ...over,
});

export const clinic: NotificationSettings = { ...defaultSettings('clinic'), staffAlertEmail: 'front-desk@example.com' };
export const input = (kind: 'confirmation' | 'reminder' | 'staff-alert', over: Partial<AppointmentFacts> = {}): AppointmentMailInput => ({
  kind,
  appointment: appointment(over),
  manageToken: 'tok_123-abc',
  settings: clinic,
  publicUrl: PUBLIC_URL,
});

/** Every href of an HTML part. */
export const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1].replace(/&amp;/g, '&'));
