// What the compose tests read: docker-compose.yml and its test harness as parsed YAML, the
// values of .env.example, compose's interpolation, and each Node process's config schema.
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { PROCESS_CONFIG_FILES } from './processes';

export const root = path.resolve(__dirname, '..', '..', '..');
export const present = Object.entries(PROCESS_CONFIG_FILES).filter(([, file]) => fs.existsSync(path.join(root, file)));

export interface ComposeService {
  image?: string;
  environment?: Record<string, string>;
  build?: { args?: Record<string, string> };
  ports?: string[];
  expose?: string[];
  profiles?: string[];
  cap_drop?: string[];
  security_opt?: string[];
  read_only?: boolean;
  deploy?: { resources?: { limits?: { cpus?: string; memory?: string } } };
  depends_on?: Record<string, { condition?: string }>;
  volumes?: string[];
  healthcheck?: { test?: string[] };
  extends?: { file?: string; service: string };
  command?: string[];
}
export interface Compose {
  services: Record<string, ComposeService>;
}
const readCompose = (file: string) => parse(fs.readFileSync(path.join(root, file), 'utf8'), { merge: true }) as Compose;
export const compose = readCompose('docker-compose.yml');
export const harness = readCompose('docker-compose.test.yml');
export const example = Object.fromEntries(
  fs
    .readFileSync(path.join(root, '.env.example'), 'utf8')
    .split('\n')
    .filter((line) => /^[A-Z0-9_]+=/.test(line))
    .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
);

/** Resolves ${VAR}, ${VAR:-default} and ${VAR:?message} the way compose does, from .env.example (or the values given). */
export const interpolate = (value: string, values: Record<string, string> = example) =>
  String(value).replace(
    /\$\{([A-Z0-9_]+)(?::([-?])([^}]*))?\}/g,
    (_, name: string, op: string | undefined, arg: string) => values[name] ?? (op === '-' ? arg : ''),
  );
