/**
 * A small Prometheus registry (text exposition format 0.0.4): counters, gauges and
 * histograms with labels. No I/O; the /metrics route renders it.
 */
type Labels = Record<string, string>;

// Runs twice per request: plain code-unit order, not localeCompare (ICU), is enough for a map key.
const key = (labels: Labels) => JSON.stringify(Object.entries(labels).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
const escapeValue = (v: string) => v.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');
const renderLabels = (labels: Labels, extra: Labels = {}) => {
  const all = { ...labels, ...extra };
  const parts = Object.entries(all).map(([k, v]) => `${k}="${escapeValue(v)}"`);
  return parts.length ? `{${parts.join(',')}}` : '';
};

abstract class Metric {
  constructor(
    readonly name: string,
    readonly help: string,
    readonly type: 'counter' | 'gauge' | 'histogram',
  ) {}
  abstract lines(): string[];
  render(): string {
    return [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} ${this.type}`, ...this.lines()].join('\n');
  }
}

export class Counter extends Metric {
  private readonly values = new Map<string, { labels: Labels; value: number }>();
  constructor(name: string, help: string) {
    super(name, help, 'counter');
  }
  inc(labels: Labels = {}, by = 1): void {
    const k = key(labels);
    const entry = this.values.get(k) ?? { labels, value: 0 };
    entry.value += by;
    this.values.set(k, entry);
  }
  get(labels: Labels = {}): number {
    return this.values.get(key(labels))?.value ?? 0;
  }
  lines(): string[] {
    return [...this.values.values()].map(({ labels, value }) => `${this.name}${renderLabels(labels)} ${value}`);
  }
}

export class Gauge extends Metric {
  private readonly values = new Map<string, { labels: Labels; value: number }>();
  constructor(name: string, help: string) {
    super(name, help, 'gauge');
  }
  set(labels: Labels, value: number): void {
    this.values.set(key(labels), { labels, value });
  }
  lines(): string[] {
    return [...this.values.values()].map(({ labels, value }) => `${this.name}${renderLabels(labels)} ${value}`);
  }
}

export const DEFAULT_SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export class Histogram extends Metric {
  private readonly values = new Map<string, { labels: Labels; counts: number[]; sum: number; count: number }>();
  constructor(
    name: string,
    help: string,
    private readonly buckets = DEFAULT_SECONDS_BUCKETS,
  ) {
    super(name, help, 'histogram');
  }
  observe(labels: Labels, value: number): void {
    const k = key(labels);
    const entry = this.values.get(k) ?? { labels, counts: this.buckets.map(() => 0), sum: 0, count: 0 };
    this.buckets.forEach((upper, i) => {
      if (value <= upper) entry.counts[i] += 1;
    });
    entry.sum += value;
    entry.count += 1;
    this.values.set(k, entry);
  }
  lines(): string[] {
    const out: string[] = [];
    for (const { labels, counts, sum, count } of this.values.values()) {
      this.buckets.forEach((upper, i) => out.push(`${this.name}_bucket${renderLabels(labels, { le: String(upper) })} ${counts[i]}`));
      out.push(`${this.name}_bucket${renderLabels(labels, { le: '+Inf' })} ${count}`);
      out.push(`${this.name}_sum${renderLabels(labels)} ${Math.round(sum * 1e6) / 1e6}`);
      out.push(`${this.name}_count${renderLabels(labels)} ${count}`);
    }
    return out;
  }
}

export class MetricsRegistry {
  private readonly metrics = new Map<string, Metric>();
  private readonly collectors: (() => Promise<void> | void)[] = [];

  counter(name: string, help: string): Counter {
    return this.register(name, () => new Counter(name, help)) as Counter;
  }
  gauge(name: string, help: string): Gauge {
    return this.register(name, () => new Gauge(name, help)) as Gauge;
  }
  histogram(name: string, help: string, buckets?: number[]): Histogram {
    return this.register(name, () => new Histogram(name, help, buckets)) as Histogram;
  }
  /** Runs before each render, e.g. to read queue depths. */
  onCollect(collect: () => Promise<void> | void): void {
    this.collectors.push(collect);
  }

  async render(): Promise<string> {
    for (const collect of this.collectors) {
      try {
        await collect();
      } catch {
        // A collector that cannot read (broker away) leaves its last values.
      }
    }
    return `${[...this.metrics.values()].map((m) => m.render()).join('\n')}\n`;
  }

  private register(name: string, create: () => Metric): Metric {
    let metric = this.metrics.get(name);
    if (!metric) {
      metric = create();
      this.metrics.set(name, metric);
    }
    return metric;
  }
}

/** One registry per process: services, the bus and the kit's middleware all write to it. */
export const metrics = new MetricsRegistry();
