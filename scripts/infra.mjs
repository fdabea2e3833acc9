#!/usr/bin/env node
// Starts only the infrastructure and keeps it running, printing the environment to use:
// handy for running one test file with `npx jest <file>` while developing.
import fs from 'node:fs';
import path from 'node:path';
import { startInfrastructure } from './lib/infra.mjs';
import { stopAllOnExit, usePidFile } from './lib/processes.mjs';
import { repoRoot } from './lib/stack.mjs';

const dataDir = path.join(repoRoot, '.data', process.argv[2] ?? 'dev-infra');
usePidFile(path.join(repoRoot, '.data', 'pids'), 'infra');
stopAllOnExit();
const infra = await startInfrastructure({ dataDir, logDir: path.join(dataDir, 'logs') });
const lines = Object.entries(infra.env)
  .map(([k, v]) => `export ${k}='${v}'`)
  .join('\n');
fs.writeFileSync(path.join(dataDir, 'env.sh'), `${lines}\n`);
console.log(`${lines}\n\n[infra] written to ${path.join(dataDir, 'env.sh')}; Ctrl-C stops everything`);
