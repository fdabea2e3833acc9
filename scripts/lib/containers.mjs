// The launchers' Docker path, for machines where a Docker engine answers: the servers
// docker-compose.yml runs, in the images it pins, started through testcontainers. It is
// imported only here and only then, so the local path never loads it. Testcontainers' reaper
// removes the containers when this process ends, however it ends.

/** The images docker-compose.yml pins (tests/ops/compose.test.ts keeps the two in step). */
export const CONTAINER_IMAGES = {
  mongo: 'mongo:7.0.14',
  rabbitmq: 'rabbitmq:3.13.7-alpine',
  minio: 'minio/minio:RELEASE.2024-10-13T13-34-11Z',
  mailpit: 'axllent/mailpit:v1.27.11',
};

const STARTUP_TIMEOUT_MS = 120000;

/** Starts the four servers; answers the connection settings startInfrastructure returns. */
export async function startContainers({ s3AccessKey, s3SecretKey }) {
  const { GenericContainer, Wait } = await import('testcontainers');
  const { MongoDBContainer } = await import('@testcontainers/mongodb');
  const { RabbitMQContainer } = await import('@testcontainers/rabbitmq');
  const [mongo, rabbit, minio, mail] = await Promise.all([
    // A replica set of one member, as MongoDBContainer starts it (so retryable writes work).
    new MongoDBContainer(CONTAINER_IMAGES.mongo).withStartupTimeout(STARTUP_TIMEOUT_MS).start(),
    new RabbitMQContainer(CONTAINER_IMAGES.rabbitmq).withStartupTimeout(STARTUP_TIMEOUT_MS).start(),
    new GenericContainer(CONTAINER_IMAGES.minio)
      .withCommand(['server', '/data'])
      .withEnvironment({ MINIO_ROOT_USER: s3AccessKey, MINIO_ROOT_PASSWORD: s3SecretKey, MINIO_UPDATE: 'off', MINIO_BROWSER: 'off' })
      .withExposedPorts(9000)
      .withWaitStrategy(Wait.forHttp('/minio/health/live', 9000))
      .withStartupTimeout(STARTUP_TIMEOUT_MS)
      .start(),
    new GenericContainer(CONTAINER_IMAGES.mailpit)
      .withExposedPorts(1025, 8025)
      .withWaitStrategy(Wait.forHttp('/livez', 8025))
      .withStartupTimeout(STARTUP_TIMEOUT_MS)
      .start(),
  ]);
  const at = (container, port) => `${container.getHost()}:${container.getMappedPort(port)}`;
  return {
    // The member calls itself by the container's host name, unknown out here: directConnection
    // keeps the driver on the mapped port instead of the replica set's own address for it.
    MONGO_URL: `mongodb://${at(mongo, 27017)}/?directConnection=true`,
    AMQP_URL: `amqp://guest:guest@${at(rabbit, 5672)}`,
    S3_ENDPOINT: `http://${at(minio, 9000)}`,
    S3_ACCESS_KEY: s3AccessKey,
    S3_SECRET_KEY: s3SecretKey,
    SMTP_URL: `smtp://${at(mail, 1025)}`,
    MAILPIT_URL: `http://${at(mail, 8025)}`,
  };
}
