import { Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's Prometheus registry (prom-client): services, the bus and the kit's middleware
 * all write to it, and the metrics listener renders it in the text exposition format.
 */
export const metricsRegistry = new Registry();

export const counter = <L extends string>(name: string, help: string, labelNames: readonly L[]) =>
  new Counter<L>({ name, help, labelNames, registers: [metricsRegistry] });

export const histogram = <L extends string>(name: string, help: string, labelNames: readonly L[]) =>
  new Histogram<L>({ name, help, labelNames, registers: [metricsRegistry] });

/**
 * A gauge read when scraped: `collect` runs each of its sources (a bus's queues, say) then;
 * a source that cannot read (the broker away) leaves its last values.
 */
export function collectedGauge<L extends string>(name: string, help: string, labelNames: readonly L[]) {
  const sources = new Set<(gauge: Gauge<L>) => Promise<void>>();
  const gauge: Gauge<L> = new Gauge<L>({
    name,
    help,
    labelNames,
    registers: [metricsRegistry],
    async collect() {
      for (const source of sources) await source(gauge).catch(() => undefined);
    },
  });
  return { gauge, addSource: (source: (gauge: Gauge<L>) => Promise<void>) => sources.add(source) };
}

/** The current value of one labelled series of a metric (tests, health pages). */
export async function metricValue(name: string, labels: Record<string, string>): Promise<number> {
  const metric = metricsRegistry.getSingleMetric(name);
  if (!metric) return 0;
  const { values } = await metric.get();
  const match = values.find((v) => Object.entries(labels).every(([k, value]) => String((v.labels as Record<string, unknown>)[k]) === value));
  return match?.value ?? 0;
}
