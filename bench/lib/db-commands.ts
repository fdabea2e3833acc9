import type { BenchContext, BenchRow } from './types';

/** Commands every replica of a service has sent its database so far (mongodb_commands_total, summed). */
export async function databaseCommands(ctx: BenchContext, service: string): Promise<number> {
  const urls = (ctx.env[`${service.toUpperCase()}_REPLICA_METRICS_URLS`] ?? '').split(',').filter(Boolean);
  let total = 0;
  for (const url of urls) {
    const text = await (await fetch(url)).text();
    for (const match of text.matchAll(/^mongodb_commands_total\{[^}]*\} (\S+)$/gm)) total += Number(match[1]);
  }
  return total;
}

/**
 * Runs a measured load and adds its database commands per request to the row: the figure that
 * carries from this machine to any database. Background passes during the load count too.
 */
export async function countingCommands<R extends { row: BenchRow }>(ctx: BenchContext, service: string, work: () => Promise<R>): Promise<R> {
  const before = await databaseCommands(ctx, service);
  const result = await work();
  const sent = (await databaseCommands(ctx, service)) - before;
  result.row.dbCommandsPerRequest = Math.round((sent / Math.max(result.row.requests, 1)) * 100) / 100;
  return result;
}
