// The one interface of the local servers in this folder (postgres-ferretdb, minio, mailpit,
// rabbitmq, nginx, paymongo): each module exports `start(options)` answering a RunningServer,
// and, when it runs a binary, an `ensure…()` that finds, installs or builds it first (start
// calls it). The PayMongo double is a Node script of this repository: nothing to ensure.

export interface StartOptions {
  /** The run's data directory: each server keeps its data in a folder of its own under it. */
  dataDir: string;
  /** Where each server's log file goes. */
  logDir: string;
}

export interface RunningServer {
  /** The settings the processes that use it need (MONGO_URL, AMQP_URL, …). */
  env: Record<string, string>;
  /** The first process of each server started, by server (the idle benchmark reads their CPU time). */
  pids: Record<string, number>;
  /** Stops every process it started. */
  stop(): Promise<void>;
}
