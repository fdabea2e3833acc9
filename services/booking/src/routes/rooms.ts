import type { Express } from 'express';
import { roomRoutes } from '@bb/contracts';
import { bind, notFound } from '@bb/service-kit';
import type { BookingDeps } from '../deps';
import { createRoom, listRooms, removeRoom, updateRoom } from '../store/resources';

const { list, create, update, remove } = roomRoutes;
const NOT_FOUND = 'Room or equipment not found';

export function mountRooms(app: Express, { models, schedule, bus }: BookingDeps): void {
  bind(app, list, ({ query }) => listRooms(models, query.offeringType));

  bind(app, create, async ({ body }) => {
    const room = await createRoom(models, body);
    await schedule.scheduleSaved(bus, room.offeringType);
    return room;
  });

  bind(app, update, async ({ params, body }) => {
    const room = await updateRoom(models, params.id, body);
    if (!room) throw notFound(NOT_FOUND);
    await schedule.scheduleSaved(bus, room.offeringType);
    return room;
  });

  bind(app, remove, async ({ params }) => {
    const room = await removeRoom(models, params.id);
    if (!room) throw notFound(NOT_FOUND);
    await schedule.scheduleSaved(bus, room.offeringType);
    return { message: `${room.name} removed` };
  });
}
