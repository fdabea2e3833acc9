import type { BookedAppointment, OfficeHours, SlotsResponse } from '@bb/contracts';
import { EventBus } from '@bb/service-kit';
import { silentLogger, startHarness, testAmqpUrl, testMongoUrl, uniqueName, waitFor, type Harness } from '@bb/service-kit/testing';
import { bookingEnvShape, type BookingConfig } from '../src/config';
import { wire } from '../src/wire';
import { asAdmin, bookingRequest, call, monday, TEST_NOW } from './support/booking';

// Two replicas of booking on one database and one exchange, as in production: what one saves
// or hears, the other answers from its in-memory copy at once, without waiting for a reload.
const replicas: Harness<BookingConfig>[] = [];
let catalog: EventBus;
const exchange = uniqueName('copy_ex');

beforeAll(async () => {
  const mongoUrl = testMongoUrl('copy');
  const env = { BUS_EXCHANGE: exchange, BUS_QUEUE_PREFIX: `${uniqueName('copy')}.` };
  for (let i = 0; i < 2; i++) replicas.push(await startHarness('booking', bookingEnvShape, wire, { label: 'copy', mongoUrl, env, now: () => TEST_NOW }));
  catalog = new EventBus({ url: testAmqpUrl(), exchange, source: 'catalog', logger: silentLogger() });
  await catalog.start();
});
afterAll(async () => {
  await catalog.close();
  await replicas[0].ctx.conn.dropDatabase();
  for (const replica of replicas) await replica.close();
});

const [a, b] = [() => replicas[0].url, () => replicas[1].url];
const capacityAt = async (url: string) =>
  (await call<{ maxSessionsPerSlot: number }>(url, 'GET', '/api/settings/clinic', undefined, asAdmin)).body.maxSessionsPerSlot;
const slotsAt = async (url: string, item: string, date = monday(0)) =>
  (await call<SlotsResponse>(url, 'GET', `/api/available-slots?offeringType=clinic&date=${date}&treatmentId=${item}`)).body;

describe('the schedule copy of each replica', () => {
  it('takes capacity saved on another replica', async () => {
    expect(await capacityAt(b())).toBe(1);
    expect((await call(a(), 'PUT', '/api/settings/clinic', { maxSessionsPerSlot: 3 }, asAdmin)).status).toBe(200);
    // The saving replica answers from its copy at once.
    expect(await capacityAt(a())).toBe(3);
    await waitFor('replica b has the new capacity', async () => (await capacityAt(b())) === 3, 5000);
  });

  it('takes office hours saved on another replica', async () => {
    expect((await slotsAt(b(), 'unknown')).slots.length).toBeGreaterThan(0);
    const closedMonday: OfficeHours = { offeringType: 'clinic', dayOfWeek: 1, startTime: '09:00', endTime: '17:00', isActive: false };
    expect((await call(a(), 'POST', '/api/office-hours/bulk', { offeringType: 'clinic', hours: [closedMonday] }, asAdmin)).status).toBe(200);
    await waitFor('replica b sees Monday closed', async () => (await slotsAt(b(), 'unknown')).slots.length === 0, 5000);
    expect((await call<OfficeHours[]>(b(), 'GET', '/api/office-hours/clinic')).body[1].isActive).toBe(false);
  });

  it('takes a catalog change on every replica, newest version first', async () => {
    const tuesday = new Date(Date.parse(`${monday(0)}T00:00:00Z`) + 86400000).toISOString().slice(0, 10);
    const change = (version: number, defaultDuration: number) =>
      catalog.publish('catalog.bookable.changed', {
        id: 'album',
        kind: 'package',
        name: `Album v${version}`,
        defaultDuration,
        offeringType: 'clinic',
        deleted: false,
        version,
      });
    // Eight hours fit once in 09:00–17:00; half an hour sixteen times.
    await change(1, 480);
    for (const url of [a(), b()]) await waitFor('eight hours', async () => (await slotsAt(url, 'album', tuesday)).slots.length === 1, 5000);
    await change(3, 30);
    await change(2, 480);
    for (const url of [a(), b()]) await waitFor('half an hour', async () => (await slotsAt(url, 'album', tuesday)).slots.length === 16, 5000);
    await new Promise((r) => setTimeout(r, 500));
    for (const url of [a(), b()]) expect((await slotsAt(url, 'album', tuesday)).slots).toHaveLength(16);
  });

  it('takes a deposit policy and deposit settings saved on another replica for the next booking', async () => {
    // A Tuesday: Mondays were closed above.
    await catalog.publish('catalog.bookable.changed', {
      id: 'lift',
      kind: 'treatment',
      name: 'Lift',
      defaultDuration: 30,
      offeringType: 'clinic',
      deleted: false,
      version: 1,
      priceCentavos: 400_000,
    });
    for (const url of [a(), b()]) await waitFor('the lift is known', async () => (await slotsAt(url, 'lift', '2030-01-22')).slots.length > 0, 5000);
    expect((await call(a(), 'PUT', '/api/deposit-policies/lift', { kind: 'full' }, asAdmin)).status).toBe(200);
    expect((await call(a(), 'PUT', '/api/deposit-settings/clinic', { holdMinutes: 45 }, asAdmin)).status).toBe(200);
    const made = await call<BookedAppointment>(
      b(),
      'POST',
      '/api/appointments',
      bookingRequest({ preferredDate: '2030-01-22', preferredTime: '09:00', treatments: ['lift'] }),
    );
    expect(made.status).toBe(201);
    expect(made.body.payment).toMatchObject({ state: 'awaiting', amount: 400_000, purpose: 'full' });
    expect(Date.parse(made.body.payment!.holdExpiresAt) - Date.parse(made.body.createdAt)).toBe(45 * 60_000);
  });
});
