import type { Side } from '@bb/contracts';

export type MenuKey =
  | 'packages'
  | 'portfolio'
  | 'news'
  | 'treatments'
  | 'results'
  | 'staff'
  | 'resources'
  | 'appointments'
  | 'email-subscribers'
  | 'settings'
  | 'notifications'
  | 'chat'
  | 'chat-api'
  | 'reports'
  | 'privacy';

export interface MenuEntry {
  key: MenuKey;
  label: string;
  /** Route under /maintenance. */
  path: string;
  description: string;
  /** News, treatments and results exist only on the clinic side. */
  clinicOnly?: boolean;
}

const entry = (key: MenuKey, label: string, description: string, clinicOnly = false): MenuEntry => ({
  key,
  label,
  path: `/maintenance/${key}`,
  description,
  clinicOnly,
});

/** The spec's menu order, with treatments and results beside the other clinic content and the mails beside the settings. */
export const MENU: readonly MenuEntry[] = [
  entry('packages', 'Packages', 'Prices, durations and features of what can be booked'),
  entry('portfolio', 'Portfolio', 'Showcase images on the public page'),
  entry('news', 'News', 'Articles and announcements', true),
  entry('treatments', 'Treatments', 'Clinic treatments and what to expect', true),
  entry('results', 'Results', 'Before and after photos', true),
  entry('staff', 'Staff', 'Team members shown to visitors'),
  entry('resources', 'Resources', 'Practitioners’ skills, hours and leave; rooms and equipment'),
  entry('appointments', 'Appointments', 'Bookings as a list, a weekly calendar or by practitioner'),
  entry('email-subscribers', 'Email List', 'Subscribers and CSV export'),
  entry('settings', 'Settings', 'Office hours and sessions per slot'),
  entry('notifications', 'Notifications', 'Appointment mails, reminders and newsletter opt-in'),
  entry('chat', 'Chat', 'Answer visitors in real time'),
  entry('chat-api', 'Chat API', 'Connect a chat bot by webhook'),
  entry('reports', 'Reports', 'Appointment statistics and export'),
  entry('privacy', 'Privacy', 'A person’s copy of their data, erasure and retention'),
];

export const menuFor = (side: Side) => MENU.filter((m) => side === 'clinic' || !m.clinicOnly);
