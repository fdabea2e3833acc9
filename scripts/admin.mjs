#!/usr/bin/env node
// `npm run admin -- set-password <username>` (or `reset-two-factor <username>`): the auth service's account tool, against the
// stack `npm start` is running (or the database MONGO_URL names, e.g. bb_auth of production).
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { mongoUrlFor } from './lib/mongo-url.mjs';
import { useProjectNode } from './lib/node-runtime.mjs';
import { build, ensureDependencies, repoRoot } from './lib/stack.mjs';

await useProjectNode();

const cli = path.join(repoRoot, 'services', 'auth', 'dist', 'admin-cli.js');

function authDatabaseUrl() {
  if (process.env.MONGO_URL) return process.env.MONGO_URL;
  const file = path.join(repoRoot, '.data', 'start', 'running.json');
  const running = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : null;
  let alive = false;
  try {
    alive = running !== null && process.kill(running.pid, 0);
  } catch {
    alive = false;
  }
  if (!alive) {
    console.error('[admin] npm start is not running: start it first, or set MONGO_URL to the auth database (mongodb://host:port/bb_auth)');
    process.exit(69);
  }
  return mongoUrlFor(running.mongoUrl, `${running.dbPrefix}_auth`);
}

const url = authDatabaseUrl();
ensureDependencies();
if (!fs.existsSync(cli)) build();
const result = spawnSync(process.execPath, [cli, ...process.argv.slice(2)], { stdio: 'inherit', env: { ...process.env, MONGO_URL: url } });
process.exit(result.status ?? 1);
