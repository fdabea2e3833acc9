// Booking through the gateway: a customer books, the slot turns unavailable at capacity 1,
// staff list and cancel the appointment, and the slot is free again.
import { randomUUID } from 'node:crypto';
import type { Appointment, OfficeHours, Settings, SlotsResponse } from '@bb/contracts';
import { clockTime, type EventBus, manilaDateInDays } from '@bb/service-kit';
import { uniquePhone, waitFor } from '@bb/service-kit/testing';
import { adminLogin, announceTreatment, api } from './support';

const treatmentId = `system-${randomUUID()}`;
let token: string;
let catalog: EventBus;
let originalCapacity: number;

beforeAll(async () => {
  token = await adminLogin();
  // A 90-minute treatment, announced on the bus as the catalog announces one.
  catalog = await announceTreatment({ id: treatmentId, name: 'System Test Facial', defaultDuration: 90 });
  originalCapacity = (await api<Settings>('/api/settings/clinic', { token })).body.maxSessionsPerSlot;
  await api('/api/settings/clinic', { method: 'PUT', token, body: { maxSessionsPerSlot: 1 } });
});
afterAll(async () => {
  await api('/api/settings/clinic', { method: 'PUT', token, body: { maxSessionsPerSlot: originalCapacity } });
  await catalog.close();
});

const minutes = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/**
 * A far-future open clinic day (1 to 9 years ahead, inside the test stack's horizon), random so no
 * other test shares its slots (and its opening free: other files pick far days at random too),
 * and how many 90-minute slots it has.
 */
async function openDay(): Promise<{ date: string; opening: string; slotsOf90Minutes: number }> {
  const hours = (await api<OfficeHours[]>('/api/office-hours/clinic')).body;
  for (;;) {
    const date = manilaDateInDays(400 + Math.floor(Math.random() * 3000));
    const day = hours.find((h) => h.dayOfWeek === new Date(`${date}T00:00:00Z`).getUTCDay());
    const open = day?.isActive ? minutes(day.endTime) - minutes(day.startTime) : 0;
    if (!day || open < 120) continue;
    const opening = day.startTime.slice(0, 5);
    if (await availabilityAt(date, opening)) return { date, opening, slotsOf90Minutes: Math.floor((open - 90) / 30) + 1 };
  }
}

const slotsOf = (date: string) => api<SlotsResponse>(`/api/available-slots?offeringType=clinic&date=${date}&treatmentId=${encodeURIComponent(treatmentId)}`);
const availabilityAt = async (date: string, time: string) => (await slotsOf(date)).body.slots.find((s) => s.time === time)?.available;

describe('booking through the gateway', () => {
  it('books a slot, shows it taken at capacity 1, and frees it when staff cancel', async () => {
    const { date, opening, slotsOf90Minutes } = await openDay();
    // Booking knows the treatment once the catalog event is in: until then it counts 60 minutes.
    await waitFor('the treatment in booking', async () => (await slotsOf(date)).body.slots.length === slotsOf90Minutes);
    expect(await availabilityAt(date, opening)).toBe(true);

    const booked = await api<Appointment>('/api/appointments', {
      method: 'POST',
      body: {
        firstName: 'Sys',
        lastName: 'Test',
        email: 'sys@example.com',
        contact: '0917 123 4567',
        preferredDate: date,
        preferredTime: opening,
        treatments: [treatmentId],
        offeringType: 'clinic',
      },
    });
    expect(booked.status).toBe(201);
    expect(new Date(booked.body.endTime ?? '').getTime() - new Date(booked.body.startTime ?? '').getTime()).toBe(90 * 60000);
    expect(await availabilityAt(date, opening)).toBe(false);

    const again = await api('/api/appointments', {
      method: 'POST',
      body: {
        firstName: 'Other',
        lastName: 'Person',
        email: 'o@example.com',
        contact: '0917 000 0000',
        preferredDate: date,
        preferredTime: opening,
        treatments: [treatmentId],
        offeringType: 'clinic',
      },
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/fully booked/);

    expect((await api('/api/appointments')).status).toBe(401);
    const listed = await api<Appointment[]>('/api/appointments', { token });
    expect(listed.status).toBe(200);
    expect(listed.body.find((a) => a.id === booked.body.id)).toMatchObject({ status: 'pending', preferredDate: date, preferredTime: opening });

    const cancelled = await api<Appointment>(`/api/appointments/${booked.body.id}`, {
      method: 'PATCH',
      token,
      body: { status: 'cancelled', adminComment: 'System test' },
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('cancelled');
    expect(await availabilityAt(date, opening)).toBe(true);

    expect((await api(`/api/appointments/${booked.body.id}`, { method: 'DELETE', token })).status).toBe(200);
  });

  it('gives one slot to exactly one of fifty racing visitors, across both booking processes behind the gateway', async () => {
    const replicas = (process.env.BOOKING_REPLICA_METRICS_URLS ?? '').split(',').filter(Boolean);
    expect(replicas.length).toBeGreaterThanOrEqual(2);
    const bookingPosts = async (metricsUrl: string) => {
      const text = await (await fetch(metricsUrl)).text();
      return text
        .split('\n')
        .filter((line) => line.startsWith('http_requests_total{') && line.includes('method="POST"') && line.includes('route="/api/appointments"'))
        .reduce((sum, line) => sum + Number(line.split(' ').pop()), 0);
    };
    const before = await Promise.all(replicas.map(bookingPosts));

    const { date, opening, slotsOf90Minutes } = await openDay();
    await waitFor('the treatment in booking', async () => (await slotsOf(date)).body.slots.length === slotsOf90Minutes);
    for (const time of [opening, clockTime(minutes(opening) + 120)]) {
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          api<Appointment>('/api/appointments', {
            method: 'POST',
            body: {
              firstName: 'Racer',
              lastName: `No ${i}`,
              email: `racer-${i}@example.com`,
              contact: uniquePhone(),
              preferredDate: date,
              preferredTime: time,
              treatments: [treatmentId],
              offeringType: 'clinic',
            },
          }),
        ),
      );
      expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
      expect(answers.filter((a) => a.status === 409)).toHaveLength(49);
    }
    // Other files book the same far-off days at the same time: count only this test's treatment.
    const stored = (await api<Appointment[]>('/api/appointments', { token })).body.filter(
      (a) => a.preferredDate === date && a.status !== 'cancelled' && a.treatments.includes(treatmentId),
    );
    expect(stored).toHaveLength(2);

    // Both processes took part: each answered some of the hundred.
    const after = await Promise.all(replicas.map(bookingPosts));
    expect(after.map((n, i) => n - before[i]).every((n) => n >= 20)).toBe(true);
  });
});
