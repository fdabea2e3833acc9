import fs from 'node:fs';
import path from 'node:path';
import express, { type Express, type Request, type Response } from 'express';

/**
 * The built web app: hashed assets cached for a year, index.html never cached, and every
 * other non-API GET answered with index.html so client-side routes survive a reload.
 */
export function serveWebApp(app: Express, distDir: string): void {
  const indexFile = path.resolve(distDir, 'index.html');
  app.use(
    '/assets',
    express.static(path.resolve(distDir, 'assets'), { immutable: true, maxAge: '365d', index: false, fallthrough: false }),
  );
  app.use(express.static(path.resolve(distDir), { index: false, maxAge: '1h' }));
  app.get(/^\/(?!api\/).*/, (_req: Request, res: Response) => {
    if (!fs.existsSync(indexFile)) {
      res.status(404).json({ message: 'The web app is not built: run npm run build' });
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(indexFile);
  });
}
