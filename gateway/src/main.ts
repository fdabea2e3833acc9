import http from 'node:http';
import { RevocationList, EventBus, baseEnvShape, busEnvShape, closeServer, connectMongo, createLogger, exitOnSignals, loadConfig, mongoEnvShape, mongoIsUp } from '@bb/service-kit';
import { buildGateway } from './app';
import { gatewayEnvShape } from './config';

async function main() {
  const config = loadConfig({ ...baseEnvShape, ...mongoEnvShape, ...busEnvShape, ...gatewayEnvShape });
  const logger = createLogger('gateway', config.LOG_LEVEL);
  const conn = await connectMongo(config.MONGO_URL, logger);
  const bus = new EventBus({ url: config.AMQP_URL, exchange: config.BUS_EXCHANGE, source: 'gateway', logger });
  const revocations = new RevocationList(conn, logger);
  await revocations.start(bus, 'gateway.revocations');
  await bus.start();
  const listener = buildGateway({
    config,
    logger,
    isRevoked: (jti) => revocations.isRevoked(jti),
    revoke: (jti, exp) => revocations.add(jti, exp),
    isReady: () => mongoIsUp(conn) && bus.isConnected,
  });
  const server = http.createServer({ keepAliveTimeout: 65000 }, listener);
  await new Promise<void>((resolve) => server.listen(config.PORT, resolve));
  logger.info({ port: config.PORT }, 'gateway listening');
  exitOnSignals(logger, async () => {
    await closeServer(server);
    await bus.close();
    revocations.stop();
    await conn.close();
  });
}

void main();
