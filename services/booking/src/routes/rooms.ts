import type { Express } from 'express';
import { roomRoutes } from '@bb/contracts';
import { auditBy, bind, notFound } from '@bb/service-kit';
import type { BookingDeps } from '../deps';
import { createRoom, listRooms, removeRoom, updateRoom } from '../store/resources';
import { noteSettingChange } from '../store/setting-audit';

const { list, create, update, remove } = roomRoutes;
const NOT_FOUND = 'Room or equipment not found';

export function mountRooms(app: Express, deps: BookingDeps): void {
  const { models, schedule, bus } = deps;
  bind(app, list, ({ query }) => listRooms(models, query.offeringType));

  bind(app, create, async (input) => {
    const room = await createRoom(models, input.body);
    await noteSettingChange(deps, auditBy(input), { subject: `room ${room.name} (${room.offeringType})`, after: `created, count ${room.count}` });
    await schedule.scheduleSaved(bus, room.offeringType);
    return room;
  });

  bind(app, update, async (input) => {
    const room = await updateRoom(models, input.params.id, input.body);
    if (!room) throw notFound(NOT_FOUND);
    await noteSettingChange(deps, auditBy(input), {
      subject: `room ${room.name} (${room.offeringType})`,
      after: `changed ${Object.keys(input.body).join(', ')}`,
    });
    await schedule.scheduleSaved(bus, room.offeringType);
    return room;
  });

  bind(app, remove, async (input) => {
    const room = await removeRoom(models, input.params.id);
    if (!room) throw notFound(NOT_FOUND);
    await noteSettingChange(deps, auditBy(input), { subject: `room ${room.name} (${room.offeringType})`, after: 'removed' });
    await schedule.scheduleSaved(bus, room.offeringType);
    return { message: `${room.name} removed` };
  });
}
