import type { NextFunction, Request, Response } from 'express';
import { invalid } from '../errors';

/**
 * How deep a parsed body may nest (objects and arrays inside each other). The deepest body
 * of the API is three levels; a limit this far above it bounds the work of every walk after
 * this one (zod, mongoose, the logger) without ever refusing a real request.
 */
export const MAX_INPUT_DEPTH = 32;
/**
 * How many values (objects, arrays, strings, numbers…) a parsed body may hold; a year of
 * date overrides, the largest real body, is about 2,500.
 */
export const MAX_INPUT_VALUES = 10_000;

export interface InputProblem {
  kind: 'too-deep' | 'too-many' | 'unstorable';
  /** Where: `items[2].name`, `query`, `(body)`. */
  at: string;
}

/** UTF-16 halves without their other half. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/** NUL, and broken UTF-16 pairs: no database stores them as text (PostgreSQL refuses them, found by schemathesis). */
const unstorable = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

/** A value met on the walk, with the way back to its parent to name its place only when needed. */
interface Visit {
  value: unknown;
  depth: number;
  parent: Visit | null;
  key: string | number | null;
}

function pathOf(visit: Visit, root: string): string {
  const parts: string[] = [];
  for (let v: Visit | null = visit; v && v.key !== null; v = v.parent) parts.push(typeof v.key === 'number' ? `[${v.key}]` : `.${v.key}`);
  const path = root + parts.reverse().join('');
  return (path.startsWith('.') ? path.slice(1) : path) || '(body)';
}

/**
 * The first thing wrong with a parsed JSON value (a body, a query), in document order: nested
 * deeper than MAX_INPUT_DEPTH, more than MAX_INPUT_VALUES values, or text (keys included) no
 * database can store. A loop over a stack of its own, never recursion: no input, however
 * deep, can overflow the call stack here.
 */
export function inputProblem(value: unknown, root = '', limits = { depth: MAX_INPUT_DEPTH, values: MAX_INPUT_VALUES }): InputProblem | null {
  const stack: Visit[] = [{ value, depth: 0, parent: null, key: null }];
  let visited = 0;
  while (stack.length > 0) {
    const visit = stack.pop()!;
    visited += 1;
    const item = visit.value;
    if (typeof item === 'string') {
      if (unstorable(item)) return { kind: 'unstorable', at: pathOf(visit, root) };
      continue;
    }
    if (item === null || typeof item !== 'object') continue;
    const depth = visit.depth + 1;
    if (depth > limits.depth) return { kind: 'too-deep', at: pathOf(visit, root) };
    const keys = Array.isArray(item) ? null : Object.keys(item);
    // Everything on the stack will be visited: a container that would take the count over the
    // limit is refused before its children are pushed, so the stack never outgrows the limit.
    if (visited + stack.length + (keys ?? (item as unknown[])).length > limits.values) return { kind: 'too-many', at: pathOf(visit, root) };
    if (!keys) {
      const list = item as unknown[];
      for (let i = list.length - 1; i >= 0; i--) stack.push({ value: list[i], depth, parent: visit, key: i });
      continue;
    }
    for (const key of keys) if (unstorable(key)) return { kind: 'unstorable', at: pathOf({ value: null, depth, parent: visit, key }, root) };
    for (let i = keys.length - 1; i >= 0; i--) stack.push({ value: (item as Record<string, unknown>)[keys[i]], depth, parent: visit, key: keys[i] });
  }
  return null;
}

const decodedPath = (path: string) => {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
};

const describe = (problem: InputProblem, what: string): string => {
  if (problem.kind === 'too-deep') return `${what} is nested too deeply (more than ${MAX_INPUT_DEPTH} levels)`;
  if (problem.kind === 'too-many') return `${what} holds too many values (more than ${MAX_INPUT_VALUES})`;
  return `Text may not contain a NUL character or a broken UTF-16 pair (at ${problem.at})`;
};

/**
 * Refuses, with 400 before any handler, a request whose parsed body or query nests too deeply,
 * holds too many values, or carries text no database can store (naming where). Runs right
 * after the JSON parser, so nothing else walks a body this has not walked.
 */
export function refuseUnsafeInput(req: Request, _res: Response, next: NextFunction): void {
  const inBody = inputProblem(req.body);
  const problem = inBody ?? inputProblem(req.query, 'query') ?? (unstorable(decodedPath(req.path)) ? { kind: 'unstorable' as const, at: 'path' } : null);
  if (!problem) return next();
  const message = describe(problem, inBody ? 'Request body' : 'Query');
  throw problem.kind === 'unstorable' ? invalid(message, [{ path: problem.at, message: 'Unsupported character' }]) : invalid(message);
}
