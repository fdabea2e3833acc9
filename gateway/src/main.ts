import http from 'node:http';
import { RevocationList, EventBus, baseEnvShape, busEnvShape, closeServer, connectMongo, createLogger, exitOnSignals, loadConfig, mongoEnvShape, mongoIsUp, serveMetrics } from '@bb/service-kit';
import { buildGateway } from './app';
import { gatewayEnvShape } from './config';
import { loginLimit } from './limits/login-limit';
import { publicPostLimit } from './limits/public-post-limit';

async function main() {
  const config = loadConfig({ ...baseEnvShape, ...mongoEnvShape, ...busEnvShape, ...gatewayEnvShape });
  const logger = createLogger('gateway', config.LOG_LEVEL);
  const conn = await connectMongo(config.MONGO_URL, logger);
  const bus = new EventBus({ url: config.AMQP_URL, exchange: config.BUS_EXCHANGE, source: 'gateway', logger });
  const revocations = new RevocationList(conn, logger);
  await revocations.start(bus, 'gateway');
  await bus.start();
  const login = loginLimit(conn, { failuresPerMinute: config.LOGIN_FAILURES_PER_MINUTE, freePerUsername: config.LOGIN_ATTEMPTS_PER_USERNAME, backoffCapSeconds: config.LOGIN_BACKOFF_MAX_SECONDS }, logger);
  const publicPosts = publicPostLimit(conn, config.PUBLIC_POSTS_PER_MINUTE, logger);
  const listener = buildGateway({
    config,
    logger,
    limits: { login, publicPosts },
    isRevoked: (jti) => revocations.isRevoked(jti),
    revoke: (jti, exp) => revocations.add(jti, exp),
    isReady: () => mongoIsUp(conn) && bus.isConsuming,
  });
  const server = http.createServer({ keepAliveTimeout: 65000 }, listener);
  await new Promise<void>((resolve) => server.listen(config.PORT, config.HOST, resolve));
  const metricsServer = await serveMetrics(config.METRICS_PORT, config.METRICS_HOST, logger);
  logger.info({ host: config.HOST, port: config.PORT }, 'gateway listening');
  exitOnSignals(logger, async () => {
    await closeServer(server);
    if (metricsServer) await closeServer(metricsServer);
    login.stop();
    publicPosts.stop();
    await bus.close();
    revocations.stop();
    await conn.close();
  });
}

void main();
