import type { ApiError, EventData, Practitioner, PublicPractitioner, Requirement, Room } from '@bb/contracts';
import { EventBus } from '@bb/service-kit';
import { adminToken, silentLogger, testAmqpUrl, testMongoUrl, uniqueName, waitFor } from '@bb/service-kit/testing';
import { applyStaffChange } from '../src/events/practitioners';
import { createModels } from '../src/models';
import { toPractitioner, type PractitionerDoc } from '../src/models/practitioner';
import { ScheduleCopy } from '../src/store/schedule-copy';
import { addBookable, asAdmin, call, startBooking, type BookingUnderTest } from './support/booking';
import { settle } from './support/event-apps';

// Two replicas of booking on one database and one exchange, and the catalog's side of the bus.
let booking: BookingUnderTest;
let replica: BookingUnderTest;
let catalog: EventBus;
const exchange = uniqueName('resources_ex');

beforeAll(async () => {
  const mongoUrl = testMongoUrl('resources');
  const env = { BUS_EXCHANGE: exchange };
  booking = await startBooking('resources', { mongoUrl, env });
  replica = await startBooking('resources', { mongoUrl, env });
  catalog = new EventBus({ url: testAmqpUrl(), exchange, source: 'catalog', logger: silentLogger() });
  await catalog.start();
  await addBookable(booking.models, { id: 'facial', name: 'Hydra Facial' });
  await addBookable(booking.models, { id: 'laser', name: 'Laser Facial' });
  await addBookable(booking.models, { id: 'consult', name: 'Consultation' });
  await addBookable(booking.models, { id: 'newborn', name: 'Newborn Shoot', kind: 'package', offeringType: 'studio' });
  await addBookable(booking.models, { id: 'gone', name: 'Retired Peel', deleted: true });
});
afterAll(async () => {
  await catalog.close();
  await booking.conn.dropDatabase();
  await replica.close();
  await booking.close();
});

const staffChange = (id: string, version: number, over: Partial<EventData<'catalog.staff.changed'>> = {}): EventData<'catalog.staff.changed'> => ({
  id,
  name: `${id} v${version}`,
  imageUrl: '',
  offeringType: 'clinic',
  deleted: false,
  version,
  ...over,
});
const stored = (id: string) => booking.models.Practitioner.findById(id).lean<PractitionerDoc>();
const put = (id: string, body: unknown, headers: Record<string, string> = asAdmin) =>
  call<Practitioner>(booking.url, 'PUT', `/api/practitioners/${id}`, body, headers);
const available = (query: string, url = booking.url) => call<PublicPractitioner[]>(url, 'GET', `/api/available-practitioners?${query}`);
const names = (res: { body: PublicPractitioner[] }) => res.body.map((p) => p.name);
/** A refusal's message and the messages of its details, as one text. */
const said = (body: Partial<ApiError>) => [body.message, ...(body.details ?? []).map((d) => `${d.path}: ${d.message}`)].join(' | ');
const CLOSED_WEEK = Array.from({ length: 7 }, (_, weekday) => ({ weekday, isActive: false, startTime: '09:00', endTime: '17:00' }));

describe('practitioners: booking’s copy of the catalog staff', () => {
  it('applies catalog.staff.changed by version and never touches booking’s own fields', async () => {
    await catalog.publish('catalog.staff.changed', staffChange('ana', 2, { name: 'Ana Reyes', imageUrl: '/api/uploads/ana.png' }));
    await waitFor('ana copied', async () => (await stored('ana'))?.version === 2);
    const first = await stored('ana');
    expect(first && toPractitioner(first)).toEqual({
      id: 'ana',
      name: 'Ana Reyes',
      imageUrl: '/api/uploads/ana.png',
      offeringType: 'clinic',
      skills: [],
      hours: CLOSED_WEEK,
      leave: [],
      email: null,
      bookable: false,
    });
    expect(first?.deleted).toBe(false);

    const edited = await put('ana', {
      skills: ['facial'],
      bookable: true,
      email: 'ana@example.com',
      hours: [{ weekday: 1, isActive: true, startTime: '10:00', endTime: '16:00' }],
    });
    expect(edited.status).toBe(200);
    await catalog.publish('catalog.staff.changed', staffChange('ana', 1, { name: 'Ana (old)' }));
    await catalog.publish('catalog.staff.changed', staffChange('ana', 2, { name: 'Ana (repeated)' }));
    await catalog.publish('catalog.staff.changed', staffChange('ana', 3, { name: 'Ana Reyes-Cruz', offeringType: 'both' }));
    await waitFor('v3 copied', async () => (await stored('ana'))?.version === 3);
    await settle();
    const ana = await stored('ana');
    expect(ana).toMatchObject({ name: 'Ana Reyes-Cruz', offeringType: 'both', version: 3, skills: ['facial'], bookable: true, email: 'ana@example.com' });
    expect(ana?.hours[1]).toEqual({ weekday: 1, isActive: true, startTime: '10:00', endTime: '16:00' });

    await catalog.publish('catalog.staff.changed', staffChange('ana', 4, { name: 'Ana Reyes-Cruz', offeringType: 'both', deleted: true }));
    await waitFor('deleted', async () => (await stored('ana'))?.deleted === true);
    expect(await stored('ana')).toMatchObject({ skills: ['facial'], bookable: true });
    expect((await put('ana', { bookable: false })).status).toBe(404);
    expect((await call<Practitioner[]>(booking.url, 'GET', '/api/practitioners', undefined, asAdmin)).body.map((p) => p.id)).not.toContain('ana');
  });

  it('are edited field by field: hours replace only the weekdays sent, leave is kept in date order', async () => {
    await applyStaffChange(booking.models.Practitioner, staffChange('ben', 1, { name: 'Ben Santos' }));
    expect((await put('ben', { hours: [{ weekday: 2, isActive: true, startTime: '08:00', endTime: '12:00:00' }] })).status).toBe(200);
    // A day off sent without times keeps the ones it had.
    const res = await put('ben', {
      hours: [{ weekday: 2, isActive: false, startTime: '', endTime: null }],
      leave: [
        { from: '2030-03-10', to: '2030-03-14', note: 'Holiday' },
        { from: '2030-02-01', to: '2030-02-01' },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: 'ben',
      name: 'Ben Santos',
      imageUrl: '',
      offeringType: 'clinic',
      skills: [],
      hours: CLOSED_WEEK.map((day) => (day.weekday === 2 ? { weekday: 2, isActive: false, startTime: '08:00', endTime: '12:00' } : day)),
      leave: [
        { from: '2030-02-01', to: '2030-02-01', note: '' },
        { from: '2030-03-10', to: '2030-03-14', note: 'Holiday' },
      ],
      email: null,
      bookable: false,
    });
    expect((await put('ben', { email: 'ben@example.com' })).body.email).toBe('ben@example.com');
    expect((await put('ben', { email: null })).body).toMatchObject({ email: null, leave: res.body.leave, hours: res.body.hours });
    const list = await call<Practitioner[]>(booking.url, 'GET', '/api/practitioners', undefined, asAdmin);
    expect(list.status).toBe(200);
    expect(list.body.find((p) => p.id === 'ben')).toEqual({ ...res.body, email: null });
  });

  it.each([
    ['give at least one of skills, hours, leave, email, bookable', {}],
    ['skills lists no treatment or package with the id "nope", "gone"', { skills: ['facial', 'nope', 'gone'] }],
    ['skills must be a list of treatment or package ids', { skills: 'facial' }],
    ['skills may list at most 200 items', { skills: Array.from({ length: 201 }, (_, i) => `s${i}`) }],
    ['weekday must be 0 (Sunday) to 6 (Saturday)', { hours: [{ weekday: 7, isActive: false }] }],
    ['an open day needs startTime and endTime', { hours: [{ weekday: 1, isActive: true, startTime: '09:00' }] }],
    ['endTime must be after startTime', { hours: [{ weekday: 1, isActive: true, startTime: '12:00', endTime: '09:00' }] }],
    ['times must be HH:mm or HH:mm:ss', { hours: [{ weekday: 1, isActive: true, startTime: '9am', endTime: '17:00' }] }],
    [
      'each weekday may appear once',
      {
        hours: [
          { weekday: 1, isActive: false },
          { weekday: 1, isActive: false },
        ],
      },
    ],
    ['leave must not end (to) before it starts (from)', { leave: [{ from: '2030-03-10', to: '2030-03-09' }] }],
    ['date must be a real calendar date as yyyy-MM-dd', { leave: [{ from: '2030-02-30', to: '2030-03-09' }] }],
    ['leave may list at most 100 entries', { leave: Array.from({ length: 101 }, () => ({ from: '2030-03-01', to: '2030-03-01' })) }],
    ['note must be at most 120 characters', { leave: [{ from: '2030-03-01', to: '2030-03-01', note: 'x'.repeat(121) }] }],
    ['email must be an e-mail address, or null for none', { email: 'ben at example' }],
    ['Please enter one email address only', { email: 'a@example.com, b@example.com' }],
    ['bookable must be true or false', { bookable: 'yes' }],
  ])('refuses a body with a 400 saying “%s”, changing nothing', async (message, body) => {
    await applyStaffChange(booking.models.Practitioner, staffChange('cy', 1, { name: 'Cy Lim' }));
    const before = await stored('cy');
    const res = await put('cy', body);
    expect(res.status).toBe(400);
    expect(said(res.body)).toContain(message);
    expect(await stored('cy')).toEqual(before);
  });

  it('answers 404 for a staff member booking does not know, and 401 without a staff token', async () => {
    expect((await put('nobody', { bookable: true })).status).toBe(404);
    expect((await put('ben', { bookable: true }, {})).status).toBe(401);
    expect((await put('ben', { bookable: true }, { authorization: `Bearer ${adminToken({ secret: 'another-secret-0123456789abcdef0123' })}` })).status).toBe(
      401,
    );
    expect((await call(booking.url, 'GET', '/api/practitioners')).status).toBe(401);
    expect((await stored('ben'))?.bookable).toBe(false);
  });
});

describe('the public list of practitioners', () => {
  beforeAll(async () => {
    const people: [string, string, EventData<'catalog.staff.changed'>['offeringType'], string[], boolean][] = [
      ['p-zoe', 'Zoe Tan', 'clinic', ['facial', 'laser'], true],
      ['p-abe', 'Abe Cruz', 'both', ['facial'], true],
      ['p-mia', 'Mia Go', 'clinic', ['laser'], true],
      ['p-off', 'Aaron Off', 'clinic', ['facial', 'laser'], false],
      ['p-studio', 'Sam Studio', 'studio', ['newborn'], true],
    ];
    for (const [id, name, offeringType, skills, bookable] of people) {
      await applyStaffChange(booking.models.Practitioner, staffChange(id, 1, { name, offeringType, imageUrl: `/api/uploads/${id}.png` }));
      expect((await put(id, { skills, bookable })).status).toBe(200);
    }
    expect((await call(booking.url, 'PUT', '/api/requirements/facial', { practitioner: true, rooms: [] }, asAdmin)).status).toBe(200);
    expect((await call(booking.url, 'PUT', '/api/requirements/laser', { practitioner: true, rooms: [] }, asAdmin)).status).toBe(200);
    expect((await call(booking.url, 'PUT', '/api/requirements/consult', { practitioner: false, rooms: [] }, asAdmin)).status).toBe(200);
  });

  it('names those of the offering (or both) who take bookings and perform every chosen item that needs one, by name', async () => {
    const both = await available('offeringType=clinic&treatmentId=facial&treatmentId=laser');
    expect(both.status).toBe(200);
    expect(both.body).toEqual([{ id: 'p-zoe', name: 'Zoe Tan', imageUrl: '/api/uploads/p-zoe.png' }]);
    expect(names(await available('offeringType=clinic&treatmentId=facial'))).toEqual(['Abe Cruz', 'Zoe Tan']);
    expect(names(await available('offeringType=clinic&treatmentId=laser&treatmentId=consult'))).toEqual(['Mia Go', 'Zoe Tan']);
    // Nothing chosen needs a practitioner: no one to choose, whoever takes bookings.
    expect(names(await available('offeringType=clinic&treatmentId=consult'))).toEqual([]);
    expect(names(await available('offeringType=clinic'))).toEqual([]);
    expect(names(await available('offeringType=studio&treatmentId=facial'))).toEqual(['Abe Cruz']);
  });

  it('refuses a bad query with a 400', async () => {
    const res = await available('offeringType=both');
    expect(res.status).toBe(400);
    expect((await available('treatmentId=facial')).status).toBe(400);
    expect((await available(`offeringType=clinic&treatmentId=${'x'.repeat(101)}`)).status).toBe(400);
  });

  it('is the same on the other replica once the write is announced', async () => {
    await waitFor(
      'replica sees Zoe',
      async () => names(await available('offeringType=clinic&treatmentId=facial&treatmentId=laser', replica.url)).join() === 'Zoe Tan',
      5000,
    );
    expect((await put('p-mia', { skills: ['laser', 'facial'] })).status).toBe(200);
    await waitFor(
      'replica sees Mia qualified',
      async () => names(await available('offeringType=clinic&treatmentId=facial&treatmentId=laser', replica.url)).join() === 'Mia Go,Zoe Tan',
      5000,
    );
    // A catalog change reaches every replica's copy by the event itself, keeping booking's fields.
    await catalog.publish('catalog.staff.changed', staffChange('p-mia', 2, { name: 'Mia Go-Lim', imageUrl: '/api/uploads/p-mia.png' }));
    for (const url of [booking.url, replica.url])
      await waitFor(
        'renamed',
        async () => names(await available('offeringType=clinic&treatmentId=facial&treatmentId=laser', url)).join() === 'Mia Go-Lim,Zoe Tan',
        5000,
      );
    await catalog.publish('catalog.staff.changed', staffChange('p-mia', 3, { name: 'Mia Go-Lim', deleted: true }));
    for (const url of [booking.url, replica.url])
      await waitFor('gone', async () => names(await available('offeringType=clinic&treatmentId=laser', url)).join() === 'Zoe Tan', 5000);
  });
});

describe('rooms and equipment', () => {
  const create = (body: unknown, headers: Record<string, string> = asAdmin) => call<Room>(booking.url, 'POST', '/api/rooms', body, headers);
  const list = (query = '', url = booking.url) => call<Room[]>(url, 'GET', `/api/rooms${query}`, undefined, asAdmin);

  it('are created with a slug of their name as id, unique, and listed by offering and name', async () => {
    const laser = await create({ offeringType: 'clinic', name: ' Laser Machine ', kind: 'equipment', count: 1 });
    expect(laser.status).toBe(201);
    expect(laser.body).toEqual({ id: 'laser-machine', offeringType: 'clinic', name: 'Laser Machine', kind: 'equipment', count: 1 });
    expect((await create({ offeringType: 'clinic', name: 'Treatment room', kind: 'room', count: 3 })).body.id).toBe('treatment-room');
    expect((await create({ offeringType: 'studio', name: 'Studio A', kind: 'room', count: 1 })).body.id).toBe('studio-a');
    const twin = await create({ offeringType: 'studio', name: 'laser  machine!', kind: 'room', count: 2 });
    expect(twin.status).toBe(409);
    expect(twin.body.message).toContain('"laser-machine" exists already');
    expect((await list('?offeringType=clinic')).body.map((r) => r.id)).toEqual(['laser-machine', 'treatment-room']);
    expect((await list()).body.map((r) => r.id)).toEqual(['laser-machine', 'studio-a', 'treatment-room']);
    await waitFor('replica lists them', async () => (await list('', replica.url)).body.length === 3, 5000);
  });

  it.each([
    ['name is required', { offeringType: 'clinic', name: '', kind: 'room', count: 1 }],
    ['name must contain a letter or a digit', { offeringType: 'clinic', name: '!!!', kind: 'room', count: 1 }],
    ['name must be at most 100 characters', { offeringType: 'clinic', name: 'x'.repeat(101), kind: 'room', count: 1 }],
    ['offeringType', { offeringType: 'both', name: 'Hall', kind: 'room', count: 1 }],
    ['kind must be room or equipment', { offeringType: 'clinic', name: 'Hall', kind: 'chair', count: 1 }],
    ['count must be a whole number from 1 to 20', { offeringType: 'clinic', name: 'Hall', kind: 'room', count: 0 }],
    ['count must be a whole number from 1 to 20', { offeringType: 'clinic', name: 'Hall', kind: 'room', count: 21 }],
    ['count must be a whole number from 1 to 20', { offeringType: 'clinic', name: 'Hall', kind: 'room', count: 1.5 }],
  ])('refuses to create a room with a 400 saying “%s”', async (message, body) => {
    const res = await create(body);
    expect(res.status).toBe(400);
    expect(said(res.body)).toContain(message);
    expect(await booking.models.Room.exists({ name: 'Hall' })).toBeNull();
  });

  it('are changed in name, kind and count under the same id; 404 for none, 401 without a token', async () => {
    const res = await call<Room>(booking.url, 'PUT', '/api/rooms/treatment-room', { name: 'Treatment Suite', count: 2 }, asAdmin);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: 'treatment-room', offeringType: 'clinic', name: 'Treatment Suite', kind: 'room', count: 2 });
    expect((await call(booking.url, 'PUT', '/api/rooms/treatment-room', {}, asAdmin)).body.message).toContain('give at least one of name, kind, count');
    expect((await call(booking.url, 'PUT', '/api/rooms/treatment-room', { count: 50 }, asAdmin)).status).toBe(400);
    expect((await call(booking.url, 'PUT', '/api/rooms/nothing', { count: 2 }, asAdmin)).status).toBe(404);
    expect((await call(booking.url, 'DELETE', '/api/rooms/nothing', undefined, asAdmin)).status).toBe(404);
    expect((await create({ offeringType: 'clinic', name: 'Spare', kind: 'room', count: 1 }, {})).status).toBe(401);
    expect((await call(booking.url, 'PUT', '/api/rooms/treatment-room', { count: 3 })).status).toBe(401);
    expect((await call(booking.url, 'DELETE', '/api/rooms/treatment-room')).status).toBe(401);
    expect((await call(booking.url, 'GET', '/api/rooms')).status).toBe(401);
    expect((await booking.models.Room.findById('treatment-room').lean())?.count).toBe(2);
  });

  it('are not removed while a treatment or package needs them (409 naming the items)', async () => {
    expect(
      (await call(booking.url, 'PUT', '/api/requirements/laser', { practitioner: true, rooms: ['laser-machine', 'treatment-room'] }, asAdmin)).status,
    ).toBe(200);
    expect((await call(booking.url, 'PUT', '/api/requirements/facial', { practitioner: true, rooms: ['treatment-room'] }, asAdmin)).status).toBe(200);
    const refused = await call(booking.url, 'DELETE', '/api/rooms/treatment-room', undefined, asAdmin);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Treatment Suite is needed by Hydra Facial, Laser Facial: change their requirements first.');
    expect(await booking.models.Room.exists({ _id: 'treatment-room' })).not.toBeNull();

    expect((await call(booking.url, 'PUT', '/api/requirements/facial', { practitioner: true, rooms: [] }, asAdmin)).status).toBe(200);
    expect((await call(booking.url, 'PUT', '/api/requirements/laser', { practitioner: true, rooms: ['laser-machine'] }, asAdmin)).status).toBe(200);
    const removed = await call(booking.url, 'DELETE', '/api/rooms/treatment-room', undefined, asAdmin);
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ message: 'Treatment Suite removed' });
    await waitFor('replica no longer lists it', async () => !(await list('', replica.url)).body.some((r) => r.id === 'treatment-room'), 5000);
  });
});

describe('requirements', () => {
  const save = (id: string, body: unknown, headers: Record<string, string> = asAdmin) =>
    call<Requirement>(booking.url, 'PUT', `/api/requirements/${id}`, body, headers);

  it('replace what an item needs and are listed', async () => {
    const res = await save('newborn', { practitioner: false, rooms: ['studio-a'] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ bookableId: 'newborn', practitioner: false, rooms: ['studio-a'] });
    const list = await call<Requirement[]>(booking.url, 'GET', '/api/requirements', undefined, asAdmin);
    expect(list.status).toBe(200);
    expect(list.body.find((r) => r.bookableId === 'newborn')).toEqual(res.body);
    expect(list.body.map((r) => r.bookableId)).toEqual([...list.body.map((r) => r.bookableId)].sort());
  });

  it.each([
    ['rooms lists no room or equipment with the id "ghost"', { practitioner: true, rooms: ['laser-machine', 'ghost'] }],
    ['Studio A belongs to the studio, not the clinic', { practitioner: true, rooms: ['studio-a'] }],
    ['each room or equipment may appear once', { practitioner: true, rooms: ['laser-machine', 'laser-machine'] }],
    ['practitioner must be true or false', { practitioner: 'yes', rooms: [] }],
    ['rooms must be a list of room or equipment ids', { practitioner: true }],
    ['rooms may list at most 10 ids', { practitioner: true, rooms: Array.from({ length: 11 }, (_, i) => `r${i}`) }],
  ])('refuse a body with a 400 saying “%s”, changing nothing', async (message, body) => {
    const before = await booking.models.Requirement.findById('laser').lean();
    const res = await save('laser', body);
    expect(res.status).toBe(400);
    expect(said(res.body)).toContain(message);
    expect(await booking.models.Requirement.findById('laser').lean()).toEqual(before);
  });

  it('answer 404 for an item booking does not know (or deleted), 401 without a token', async () => {
    expect((await save('unknown-item', { practitioner: true, rooms: [] })).status).toBe(404);
    expect((await save('gone', { practitioner: true, rooms: [] })).status).toBe(404);
    expect(await booking.models.Requirement.exists({ _id: { $in: ['unknown-item', 'gone'] } })).toBeNull();
    expect((await save('laser', { practitioner: false, rooms: [] }, {})).status).toBe(401);
    expect((await call(booking.url, 'GET', '/api/requirements')).status).toBe(401);
  });
});

describe('the schedule copy of another process', () => {
  it('holds the rooms, requirements and practitioners written elsewhere once the write is announced', async () => {
    const bus = new EventBus({ url: testAmqpUrl(), exchange, source: 'booking', logger: silentLogger(), queuePrefix: `${uniqueName('copy')}.` });
    await bus.start();
    const copy = new ScheduleCopy(createModels(replica.conn), silentLogger());
    await copy.start(bus);
    try {
      expect(copy.rooms('clinic').map((r) => r._id)).toEqual(['laser-machine']);
      expect(copy.rooms('studio').map((r) => r._id)).toEqual(['studio-a']);
      expect(copy.requirement('laser')).toMatchObject({ practitioner: true, rooms: ['laser-machine'] });
      expect(copy.requirement('unknown-item')).toBeNull();
      expect(copy.practitioners('studio').map((p) => p.name)).toEqual(['Abe Cruz', 'Sam Studio']);
      expect(copy.practitioner('p-zoe')).toMatchObject({ name: 'Zoe Tan', skills: ['facial', 'laser'], bookable: true });
      expect(copy.practitioner('nobody')).toBeNull();

      expect((await call(booking.url, 'POST', '/api/rooms', { offeringType: 'clinic', name: 'Consult Room', kind: 'room', count: 2 }, asAdmin)).status).toBe(
        201,
      );
      expect((await call(booking.url, 'PUT', '/api/requirements/consult', { practitioner: false, rooms: ['consult-room'] }, asAdmin)).status).toBe(200);
      expect((await put('p-zoe', { bookable: false })).status).toBe(200);
      await waitFor('the copy has the new room', () => copy.rooms('clinic').some((r) => r._id === 'consult-room'), 5000);
      await waitFor('the copy has the requirement', () => copy.requirement('consult')?.rooms.join() === 'consult-room', 5000);
      await waitFor('Zoe takes no bookings', () => !copy.practitioners('clinic').some((p) => p._id === 'p-zoe'), 5000);
      expect(copy.rooms('clinic').map((r) => r.name)).toEqual(['Consult Room', 'Laser Machine']);
      expect(copy.practitioner('p-zoe')).toMatchObject({ bookable: false, skills: ['facial', 'laser'] });
    } finally {
      copy.stop();
      await bus.close();
    }
  });
});
