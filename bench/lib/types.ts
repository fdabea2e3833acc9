/** What every benchmark returns; scripts/bench.mjs writes them to bench/results/. */
export interface BenchRow {
  scenario: string;
  target: string;
  requestsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
  requests: number;
  /** Database commands the service sent per request during the load (mongodb_commands_total). */
  dbCommandsPerRequest?: number;
  /**
   * Rows PostgreSQL read per request (seq_tup_read + idx_tup_fetch of the stack's databases in
   * pg_stat_user_tables, background passes included), on FerretDB only: flat when every read is
   * served by an index, growing with what is stored otherwise.
   */
  dbRowsReadPerRequest?: number;
  /** What was stored when it ran (scripts/bench.mjs sets it for the benchmarks run once per data set). */
  dataSet?: string;
}

export interface BenchResult {
  name: string;
  description: string;
  rows: BenchRow[];
  /** Derived figures the issue asks for (ratios, targets met). */
  summary: Record<string, number | string | boolean>;
  /** Set by scripts/bench.mjs on the results of benchmarks run once per data set. */
  dataSet?: string;
}

export interface BenchContext {
  env: Record<string, string | undefined>;
  gatewayUrl: string;
  /**
   * Process id of each running component (gateway, auth, booking-2…) and, when the launcher
   * started them, of the storage servers (ferretdb, postgresql, rabbitmq, minio, mailpit): the
   * first process of each, whose descendants are that server's too.
   */
  pids: Record<string, number>;
  /**
   * For a benchmark that exports `eachDataSet = true`: the data set of this run, 'empty' (what the
   * run stored before it) or 'year' (bench/lib/year-of-data.ts stored on top); null otherwise.
   */
  dataSet: 'empty' | 'year' | null;
  /** Seconds per measured run (shortened with BENCH_SECONDS for a quick look). */
  seconds: number;
  log: (message: string) => void;
  /**
   * Stops the stack's Node processes and starts the scaled stack (two of every process behind
   * nginx, a three-node broker cluster) on the same storage servers; answers its entry point.
   * Only the last benchmark may call it.
   */
  scaleOut: () => Promise<{ gatewayUrl: string; env: Record<string, string | undefined> }>;
}
