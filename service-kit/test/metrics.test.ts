import { MetricsRegistry } from '../src/metrics/registry';

describe('metrics registry', () => {
  it('renders counters and gauges with labels in the Prometheus text format', async () => {
    const registry = new MetricsRegistry();
    const c = registry.counter('things_total', 'Things');
    c.inc({ kind: 'a' });
    c.inc({ kind: 'a' }, 2);
    c.inc({ kind: 'b"x' });
    registry.gauge('depth', 'Depth').set({ queue: 'q' }, 7);
    const text = await registry.render();
    expect(text).toContain('# TYPE things_total counter');
    expect(text).toContain('things_total{kind="a"} 3');
    expect(text).toContain('things_total{kind="b\\"x"} 1');
    expect(text).toContain('depth{queue="q"} 7');
  });

  it('keeps cumulative histogram buckets, sum and count', async () => {
    const registry = new MetricsRegistry();
    const h = registry.histogram('latency_seconds', 'Latency', [0.1, 1]);
    h.observe({ route: '/x' }, 0.05);
    h.observe({ route: '/x' }, 0.5);
    h.observe({ route: '/x' }, 3);
    const text = await registry.render();
    expect(text).toContain('latency_seconds_bucket{route="/x",le="0.1"} 1');
    expect(text).toContain('latency_seconds_bucket{route="/x",le="1"} 2');
    expect(text).toContain('latency_seconds_bucket{route="/x",le="+Inf"} 3');
    expect(text).toContain('latency_seconds_sum{route="/x"} 3.55');
    expect(text).toContain('latency_seconds_count{route="/x"} 3');
  });

  it('runs collectors before rendering and survives one that fails', async () => {
    const registry = new MetricsRegistry();
    const g = registry.gauge('queue_depth', 'Depth');
    registry.onCollect(() => {
      throw new Error('broker away');
    });
    registry.onCollect(() => g.set({ queue: 'a' }, 4));
    expect(await registry.render()).toContain('queue_depth{queue="a"} 4');
  });
});
