// What another service hears on an exchange, kept for a test to read.
import type { Envelope, EventData, EventType } from '@bb/contracts';
import { EventBus } from '../src/bus/event-bus';
import { silentLogger, testAmqpUrl, uniqueName } from './helpers';

export interface Listener<T extends EventType> {
  received: Envelope<EventData<T>>[];
  close: () => Promise<void>;
}

/** A consumer on `exchange` (as the service `source` would be) keeping every event of `types` it hears, in arrival order. */
export async function listenOn<T extends EventType>(exchange: string, types: T[], source: string): Promise<Listener<T>> {
  const received: Envelope<EventData<T>>[] = [];
  const bus = new EventBus({ url: testAmqpUrl(), exchange, source, logger: silentLogger() });
  bus.subscribe(uniqueName(`${source}_listen`), types, async (event) => {
    received.push(event);
  });
  await bus.start();
  return { received, close: () => bus.close() };
}
