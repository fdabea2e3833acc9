import type { Express } from 'express';

/**
 * Liveness (the process answers) and readiness (what it depends on is up), for every process.
 * Readiness names the process kind, so a launcher can tell it reached the process it started.
 */
export function healthRoutes(app: Express, isReady: () => boolean, service: string): void {
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', (_req, res) => {
    const ready = isReady();
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'not ready', service });
  });
}
