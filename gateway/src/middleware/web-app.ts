import fs from 'node:fs';
import path from 'node:path';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';

const IMMUTABLE = { immutable: true, maxAge: '365d' } as const;

/**
 * Hashed assets in the encoding the browser prefers, from the .br / .gz copies the web build
 * writes beside them (a phone downloads a quarter of the bytes; nothing is compressed per request).
 */
function precompressedAssets(assetsDir: string) {
  return (req: Request, res: Response, next: NextFunction) => {
    const accepted = String(req.headers['accept-encoding'] ?? '');
    const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
    const file = path.join(assetsDir, path.normalize(req.path));
    const copy = `${file}.${encoding === 'br' ? 'br' : 'gz'}`;
    res.vary('Accept-Encoding');
    if (!encoding || !file.startsWith(assetsDir + path.sep) || !fs.existsSync(copy)) {
      next();
      return;
    }
    res.type(path.extname(file));
    res.setHeader('Content-Encoding', encoding);
    res.sendFile(copy, IMMUTABLE, (err) => err && next(err));
  };
}

/**
 * The built web app: hashed assets cached for a year, index.html never cached, and every
 * other non-API GET answered with index.html so client-side routes survive a reload.
 */
export function serveWebApp(app: Express, distDir: string): void {
  const indexFile = path.resolve(distDir, 'index.html');
  const assetsDir = path.resolve(distDir, 'assets');
  app.use('/assets', precompressedAssets(assetsDir), express.static(assetsDir, { ...IMMUTABLE, index: false, fallthrough: false }));
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
