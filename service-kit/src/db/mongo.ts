import mongoose, { type Connection } from 'mongoose';
import type { Logger } from '../logger';
import { counter } from '../metrics/registry';

/**
 * Every command the process sends its database, by name: round trips are what an operation
 * costs on any database, and their number carries from a laptop to a MongoDB cluster.
 */
const databaseCommands = counter('mongodb_commands_total', 'Commands sent to the database, by command name.', ['command']);

/**
 * Opens the service's own database, retrying until it answers (the database may start after
 * the service in compose or during a restart). Models are created on the returned connection.
 */
export async function connectMongo(url: string, logger: Logger, { attempts = 60, delayMs = 1000 } = {}): Promise<Connection> {
  for (let attempt = 1; ; attempt++) {
    const conn = mongoose.createConnection(url, {
      serverSelectionTimeoutMS: 5000,
      maxPoolSize: 20,
      autoIndex: true,
      // commandStarted events: the count above, and the tests' per-operation budgets.
      monitorCommands: true,
    });
    conn.getClient().on('commandStarted', (event) => databaseCommands.inc({ command: event.commandName }));
    try {
      await conn.asPromise();
      logger.info({ db: conn.name }, 'connected to database');
      return conn;
    } catch (err) {
      await conn.close().catch(() => undefined);
      if (attempt >= attempts) throw err;
      logger.warn({ err: (err as Error).message, attempt }, 'database not reachable, retrying');
      await new Promise((r) => setTimeout(r, delayMs));
    }
  }
}

/** True while the driver has a usable connection: readiness. */
export const mongoIsUp = (conn: Connection) => conn.readyState === 1;

/** Builds every model's indexes before serving, so a unique rule holds from the first request. */
export async function syncIndexes(conn: Connection): Promise<void> {
  for (const model of Object.values(conn.models)) await model.createIndexes();
}

/** MongoDB's duplicate key error: a unique index (or `_id`) refused the write, someone else holds that key. */
export const DUPLICATE_KEY_ERROR = 11000;
export const isDuplicateKey = (err: unknown): boolean => (err as { code?: unknown } | null)?.code === DUPLICATE_KEY_ERROR;
