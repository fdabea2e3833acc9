// The subscribers service stopped while customers book: their events wait in its durable
// queue, and once it is started again every one of them is on the list.
import { randomUUID } from 'node:crypto';
import type { Subscriber } from '@bb/contracts';
import { EventBus } from '@bb/service-kit';
import { adminToken, requireEnv, silentLogger, uniquePhone, waitFor } from '@bb/service-kit/testing';

const control = (component: string, action: 'stop' | 'start') =>
  fetch(`${requireEnv('BB_STACK_CONTROL_URL')}/components/${component}/${action}`, { method: 'POST' }).then((res) => {
    if (res.status !== 204) throw new Error(`${action} ${component}: HTTP ${res.status}`);
  });

const listed = async (emails: Set<string>) => {
  const res = await fetch(`${requireEnv('GATEWAY_URL')}/api/email-subscribers`, {
    headers: { authorization: `Bearer ${adminToken({ secret: requireEnv('JWT_SECRET') })}` },
  });
  if (res.status !== 200) return 0;
  return ((await res.json()) as Subscriber[]).filter((s) => emails.has(s.email)).length;
};

describe('subscribers service stopped, then started', () => {
  let booking: EventBus;
  beforeAll(async () => {
    booking = new EventBus({ url: requireEnv('AMQP_URL'), exchange: 'bb.events', source: 'booking', logger: silentLogger() });
    await booking.start();
  });
  afterAll(async () => {
    await booking.close();
    // Leave the stack as it was found even when the test failed half-way.
    await control('subscribers', 'start').catch(() => undefined);
  });

  it('captures all 100 bookings made while it was down', async () => {
    await control('subscribers', 'stop');
    const run = randomUUID().slice(0, 8);
    const emails = new Set(Array.from({ length: 100 }, (_, i) => `down-${run}-${i}@example.com`));
    for (const email of emails) {
      await booking.publish('booking.appointment.created', {
        appointmentId: randomUUID(),
        revision: 0,
        firstName: 'Offline',
        lastName: 'Customer',
        email,
        contact: uniquePhone(),
        offeringType: 'studio',
        items: [{ id: 'p1', name: 'Portrait session' }],
        preferredDate: '2030-01-07',
        preferredTime: '14:00',
        startTime: '2030-01-07T06:00:00.000Z',
        endTime: '2030-01-07T07:00:00.000Z',
        status: 'pending',
        createdAt: new Date().toISOString(),
      });
    }
    await control('subscribers', 'start');
    await waitFor('all 100 on the list', async () => (await listed(emails)) === 100, 30_000, 250);
  });
});
