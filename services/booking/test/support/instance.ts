// A booking app in a process of its own, sharing a database with others, for the race tests:
// prints {"url": …} once it listens. It neither consumes nor relays events: the race is about
// the database, and a consumer would compete for queues with the stack's booking service.
import { EventBus, OutboxRelay, RevocationList, connectMongo, createLogger, listen } from '@bb/service-kit';
import { buildApp } from '../../src/app';
import { createModels } from '../../src/models';

async function main() {
  const logger = createLogger('booking-instance', 'warn');
  const env = (name: string) => process.env[name] ?? '';
  const conn = await connectMongo(env('MONGO_URL'), logger);
  const models = createModels(conn);
  const relay = new OutboxRelay({ bus: new EventBus({ url: env('AMQP_URL'), exchange: env('BUS_EXCHANGE'), source: 'booking', logger }), logger });
  const revocations = new RevocationList(conn, logger);
  const app = buildApp({ logger, models, relay, jwtSecret: env('JWT_SECRET'), isRevoked: (jti) => revocations.isRevoked(jti), isReady: () => true });
  const server = await listen(app, 0, '127.0.0.1');
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('not listening on a port');
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${address.port}` })}\n`);
  process.on('SIGTERM', () => {
    server.close();
    void conn.close().then(() => process.exit(0));
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
