import type { Logger } from './logger';

/**
 * A background pass run every `intervalMs` (sweeps, repairs): never two at once in one
 * process (a pass still running skips the tick), a failure logged and retried at the next
 * tick, and stop() waits for the pass in progress so shutdown does not cut it.
 */
export class PeriodicTask {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly what: string,
    private readonly pass: () => Promise<void>,
    private readonly intervalMs: number,
    private readonly logger: Logger,
  ) {}

  start(): void {
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.pass()
        .catch((err: unknown) => this.logger.warn({ err: (err as Error).message }, `${this.what} failed`))
        .finally(() => {
          this.running = null;
        });
    }, this.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }
}
