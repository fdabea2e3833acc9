import {
  appointmentRoutes,
  auditRoutes,
  authRoutes,
  chatRoutes,
  depositRoutes,
  mayCall,
  newsRoutes,
  notificationRoutes,
  packageRoutes,
  paymentRoutes,
  portfolioRoutes,
  practitionerRoutes,
  privacyRoutes,
  reportRoutes,
  resultRoutes,
  scheduleRoutes,
  staffRoutes,
  subscriberRoutes,
  treatmentRoutes,
  webhookRoutes,
  type RouteDef,
  type Side,
  type StaffRole,
} from '@bb/contracts';

export type MenuKey =
  | 'packages'
  | 'portfolio'
  | 'news'
  | 'treatments'
  | 'results'
  | 'staff'
  | 'resources'
  | 'appointments'
  | 'payments'
  | 'email-subscribers'
  | 'settings'
  | 'deposits'
  | 'notifications'
  | 'chat'
  | 'chat-api'
  | 'reports'
  | 'users'
  | 'audit'
  | 'privacy';

export interface MenuEntry {
  key: MenuKey;
  label: string;
  /** Route under /maintenance. */
  path: string;
  description: string;
  /** The API route the screen is about: a role that may not call it does not see the screen. */
  route: RouteDef;
  /** News, treatments and results exist only on the clinic side. */
  clinicOnly?: boolean;
}

const entry = (key: MenuKey, label: string, description: string, route: RouteDef, clinicOnly = false): MenuEntry => ({
  key,
  label,
  path: `/maintenance/${key}`,
  description,
  route,
  clinicOnly,
});

/** The spec's menu order, with treatments and results beside the other clinic content, payments beside the appointments, and deposits and the mails beside the settings. */
export const MENU: readonly MenuEntry[] = [
  entry('packages', 'Packages', 'Prices, durations and features of what can be booked', packageRoutes.create),
  entry('portfolio', 'Portfolio', 'Showcase images on the public page', portfolioRoutes.create),
  entry('news', 'News', 'Articles and announcements', newsRoutes.create, true),
  entry('treatments', 'Treatments', 'Clinic treatments and what to expect', treatmentRoutes.create, true),
  entry('results', 'Results', 'Before and after photos', resultRoutes.create, true),
  entry('staff', 'Staff', 'Team members shown to visitors', staffRoutes.create),
  entry('resources', 'Resources', 'Practitioners’ skills, hours and leave; rooms and equipment', practitionerRoutes.update),
  entry('appointments', 'Appointments', 'Bookings as a list, a weekly calendar or by practitioner', appointmentRoutes.list),
  entry('payments', 'Payments', 'Deposits paid, transfers to confirm, refunds', paymentRoutes.list),
  entry('email-subscribers', 'Email List', 'Subscribers and CSV export', subscriberRoutes.list),
  entry('settings', 'Settings', 'Office hours and sessions per slot', scheduleRoutes.settings),
  entry('deposits', 'Deposits', 'What bookings pay ahead, the hold while they pay, the no-show rule', depositRoutes.savePolicy),
  entry('notifications', 'Notifications', 'Appointment mails, reminders and newsletter opt-in', notificationRoutes.settings),
  entry('chat', 'Chat', 'Answer visitors in real time', chatRoutes.list),
  entry('chat-api', 'Chat API', 'Connect a chat bot by webhook', webhookRoutes.read),
  entry('reports', 'Reports', 'Appointment statistics and export', reportRoutes.appointments),
  entry('privacy', 'Privacy', 'A person’s copy of their data, erasure and retention', privacyRoutes.list),
  entry('users', 'Users', 'Staff accounts, roles and two-factor sign-in', authRoutes.listUsers),
  entry('audit', 'Audit', 'Who did what and when: sign-ins, changes and exports', auditRoutes.list),
];

/** The menu of a side, less the screens the role may not use. */
export const menuFor = (side: Side, role: StaffRole) => MENU.filter((m) => (side === 'clinic' || !m.clinicOnly) && mayCall(m.route, role));

/** The screen of a menu entry, by its key. */
export const menuEntry = (key: MenuKey): MenuEntry => MENU.find((m) => m.key === key) as MenuEntry;
