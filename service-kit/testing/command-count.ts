import type { Connection, mongo } from 'mongoose';

/** A command the database was sent: its name and the collection it was about. */
export interface SentCommand {
  name: string;
  collection: string;
}

/**
 * The database commands a connection sends while `work` runs and until it has then been quiet
 * for `quietMs`, so what a request leaves to the background (its outbox event, say) counts too.
 * A count is the same on any machine, unlike a time: budgets of it may be asserted.
 */
export async function commandsDuring(conn: Connection, work: () => Promise<unknown>, quietMs = 300): Promise<SentCommand[]> {
  const seen: (SentCommand & { at: number })[] = [];
  const listener = (event: mongo.CommandStartedEvent) => {
    const target = (event.command as Record<string, unknown>)[event.commandName];
    seen.push({ name: event.commandName, collection: typeof target === 'string' ? target : '', at: Date.now() });
  };
  const client = conn.getClient();
  client.on('commandStarted', listener);
  const startedAt = Date.now();
  try {
    await work();
    for (;;) {
      const wait = Math.max(seen.at(-1)?.at ?? startedAt, startedAt) + quietMs - Date.now();
      if (wait <= 0) break;
      await new Promise((r) => setTimeout(r, wait));
    }
  } finally {
    client.off('commandStarted', listener);
  }
  return seen.map(({ name, collection }) => ({ name, collection }));
}

/** `find day_sheets` style lines, for a failure message that says what was sent. */
export const describeCommands = (commands: SentCommand[]) => commands.map((c) => `${c.name} ${c.collection}`.trim());

/**
 * A budget test's record: measures each operation's commands on the connection (read when
 * measuring, as harnesses start in beforeAll) and reports them all, for the test log.
 */
export function commandLedger(conn: () => Connection) {
  const counted = new Map<string, SentCommand[]>();
  return {
    async measure(operation: string, work: () => Promise<unknown>): Promise<SentCommand[]> {
      const commands = await commandsDuring(conn(), work);
      counted.set(operation, commands);
      return commands;
    },
    /** Runs unmeasured work (none: only waits) until the connection has been quiet, so what it leaves to the background is over. */
    settle: (work: () => Promise<unknown> = async () => undefined) => commandsDuring(conn(), work, 500),
    report: () =>
      `database commands per operation:\n${[...counted].map(([operation, c]) => `  ${operation} ${c.length}: ${describeCommands(c).join(', ')}`).join('\n')}`,
  };
}
