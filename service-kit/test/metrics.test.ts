import { collectedGauge, counter, histogram, metricsRegistry, metricValue } from '../src/metrics/registry';

// The names and text format the dashboards read; prom-client does the rendering.
describe('metrics registry', () => {
  it('renders counters with labels in the Prometheus text format', async () => {
    const c = counter('things_total', 'Things', ['kind']);
    c.inc({ kind: 'a' });
    c.inc({ kind: 'a' }, 2);
    c.inc({ kind: 'b"x' });
    const text = await metricsRegistry.metrics();
    expect(text).toContain('# TYPE things_total counter');
    expect(text).toContain('things_total{kind="a"} 3');
    expect(text).toContain('things_total{kind="b\\"x"} 1');
    expect(await metricValue('things_total', { kind: 'a' })).toBe(3);
    expect(metricsRegistry.contentType).toMatch(/^text\/plain; version=0\.0\.4/);
  });

  it('keeps cumulative histogram buckets (the default seconds buckets), sum and count', async () => {
    const h = histogram('latency_seconds', 'Latency', ['route']);
    for (const seconds of [0.004, 0.5, 3]) h.observe({ route: '/x' }, seconds);
    const text = await metricsRegistry.metrics();
    expect(text).toContain('latency_seconds_bucket{le="0.005",route="/x"} 1');
    expect(text).toContain('latency_seconds_bucket{le="1",route="/x"} 2');
    expect(text).toContain('latency_seconds_bucket{le="10",route="/x"} 3');
    expect(text).toContain('latency_seconds_bucket{le="+Inf",route="/x"} 3');
    expect(text).toContain('latency_seconds_sum{route="/x"} 3.504');
    expect(text).toContain('latency_seconds_count{route="/x"} 3');
  });

  it('reads a collected gauge when scraped, and survives a source that fails', async () => {
    const { addSource } = collectedGauge('queue_depth_test', 'Depth', ['queue']);
    addSource(async () => {
      throw new Error('broker away');
    });
    let depth = 4;
    addSource(async (gauge) => gauge.set({ queue: 'a' }, depth));
    expect(await metricsRegistry.metrics()).toContain('queue_depth_test{queue="a"} 4');
    depth = 9;
    expect(await metricsRegistry.metrics()).toContain('queue_depth_test{queue="a"} 9');
  });
});
