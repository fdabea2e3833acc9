// A booking process of its own, sharing a database with others, for the race tests: wired by
// the service's own wire() and printing {"url": …} once it listens. Its queues have a prefix
// of their own, so it never competes with the stack's booking service for events.
import { createLogger, listen, loadConfig, openContext, startParts, kitEnvShape } from '@bb/service-kit';
import { bookingEnvShape } from '../../src/config';
import { wire } from '../../src/wire';

async function main() {
  const config = loadConfig({ ...kitEnvShape, ...bookingEnvShape });
  // The business clock of the test that started it (TEST_NOW), so it books what the test's own process books.
  const now = process.env.BOOKING_TEST_NOW ? new Date(process.env.BOOKING_TEST_NOW) : null;
  const ctx = await openContext('booking', config, createLogger('booking-instance', 'warn'), now ? () => now : undefined);
  const setup = await wire(ctx);
  await startParts(ctx, setup);
  const server = await listen(setup.app, 0, '127.0.0.1');
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('not listening on a port');
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${address.port}` })}\n`);
  process.on('SIGTERM', () => {
    server.close();
    void ctx.conn.close().then(() => process.exit(0));
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
