import { randomUUID } from 'node:crypto';
import type { EventData, PrivacyService } from '@bb/contracts';
import { EventBus } from '../src/bus/event-bus';
import { silentLogger, testAmqpUrl, uniqueName, waitFor } from './helpers';

type Answered = EventData<'privacy.access.answered'>;
type Completed = EventData<'privacy.erasure.completed'>;

/**
 * Auth's side of the customers' rights events, for a service under test: asks it (as auth does)
 * and waits for its answer to that very request.
 */
export async function privacyProbe(exchange: string, service: PrivacyService) {
  const answers = new Map<string, Answered>();
  const completions = new Map<string, Completed>();
  const bus = new EventBus({ url: testAmqpUrl(), exchange, source: 'auth', logger: silentLogger() });
  bus.subscribe(uniqueName('privacy_access'), ['privacy.access.answered'], async ({ data }) => {
    if (data.service === service) answers.set(data.requestId, data);
  });
  bus.subscribe(uniqueName('privacy_erasure'), ['privacy.erasure.completed'], async ({ data }) => {
    if (data.service === service) completions.set(data.requestId, data);
  });
  await bus.start();
  return {
    async access(subject: { email?: string; phone?: string }): Promise<Answered['records']> {
      const requestId = randomUUID();
      await bus.publish('privacy.access.requested', { requestId, ...subject });
      return (await waitFor(`${service}'s access answer`, () => answers.get(requestId))).records;
    },
    async erase(subject: { email?: string; phone?: string }): Promise<Completed['counts']> {
      const requestId = randomUUID();
      await bus.publish('privacy.erasure.requested', { requestId, ...subject });
      return (await waitFor(`${service}'s erasure answer`, () => completions.get(requestId))).counts;
    },
    /** Publishes the retention setting as auth does. */
    retention: (value: { chatMonths: number | null; customerMonths: number | null }, version: number) =>
      bus.publish('privacy.retention.changed', { ...value, version }),
    close: () => bus.close(),
  };
}
