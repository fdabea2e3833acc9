import type { Appointment, ConversationSummary, OfficeHours } from '@bb/contracts';

/** A booked appointment with every field filled; tests override what they check. */
export const appointment = (over: Partial<Appointment> = {}): Appointment => ({
  id: 'a1',
  firstName: 'Maria',
  lastName: 'Santos',
  gender: 'female',
  age: 31,
  email: 'maria@example.com',
  contact: '+63 917 123 4567',
  preferredDate: '2026-03-10',
  preferredTime: '10:00',
  startTime: null,
  endTime: null,
  offeringType: 'clinic',
  treatments: ['t1'],
  notes: '',
  status: 'pending',
  adminComment: '',
  createdAt: '2026-03-01T00:00:00.000Z',
  updatedAt: '2026-03-01T00:00:00.000Z',
  payment: null,
  attendance: null,
  ...over,
});

export const conversation = (over: Partial<ConversationSummary> = {}): ConversationSummary => ({
  id: 'c1',
  customerName: 'Ana',
  customerEmail: 'ana@example.com',
  offeringType: 'clinic',
  createdAt: '2026-03-01T00:00:00.000Z',
  updatedAt: '2026-03-01T00:00:00.000Z',
  messageCount: 1,
  lastMessageAt: '2026-03-01T00:00:00.000Z',
  lastSenderType: 'customer',
  lastSenderName: 'Ana',
  lastMessagePreview: 'Hello',
  ...over,
});

export const hours = (dayOfWeek: number, startTime: string, endTime: string, isActive = true): OfficeHours => ({
  dayOfWeek,
  startTime,
  endTime,
  isActive,
  offeringType: 'clinic',
});
