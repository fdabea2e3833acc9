import { randomUUID } from 'node:crypto';
import { eventSchemas, type Envelope, type EventData, type EventType } from '@bb/contracts';

/** The one way an event is made: a new id, now, its source, and data checked against the contract. */
export function buildEnvelope<T extends EventType>(source: string, type: T, data: EventData<T>, correlationId?: string): Envelope<EventData<T>> {
  return {
    id: randomUUID(),
    type,
    occurredAt: new Date().toISOString(),
    source,
    ...(correlationId ? { correlationId } : {}),
    data: eventSchemas[type].parse(data) as EventData<T>,
  };
}
