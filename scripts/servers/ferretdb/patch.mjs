// Our changes to FerretDB's source before it is built: the Go files in the folders beside this
// one join the packages of the same name, and a few lines of FerretDB's own files call them.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { insertBefore } from '../go-build.mjs';

/** The Go files the launcher adds to FerretDB's source, one folder per Go package they join. */
const ADDITIONS = path.dirname(fileURLToPath(import.meta.url));

/** Copies our Go file into a package of FerretDB's source. */
function addGoFile(srcDir, pkgDir, file) {
  fs.copyFileSync(path.join(ADDITIONS, path.basename(pkgDir), file), path.join(srcDir, pkgDir, file));
}

/** Applies both changes below to FerretDB's source in `dir`. */
export function patchFerretDb(dir) {
  lockWritesPerCollection(dir);
  indexPushdowns(dir);
}

/**
 * FerretDB v1 runs update, findAndModify and delete as a query followed by a separate write,
 * so concurrent conditional updates lose writes (50 writers on a counter capped at 7 gave 17
 * winners). MongoDB makes each single-document write atomic, and our code relies on that; a
 * lock per collection around these read-modify-write commands gives FerretDB the same
 * semantics. Per collection, not per process: a scan of one service's mail log must not hold
 * up another's booking (issue 25).
 */
function lockWritesPerCollection(dir) {
  addGoFile(dir, 'internal/handler', 'bb_write_lock.go');
  const handler = (file) => path.join(dir, 'internal', 'handler', file);
  const lock = '\tdefer lockCollection(params.DB, params.Collection)()\n';
  for (const [file, signature] of [
    ['msg_update.go', 'func (h *Handler) updateDocument('],
    ['msg_findandmodify.go', 'func (h *Handler) findAndModifyDocument('],
  ]) {
    const source = fs.readFileSync(handler(file), 'utf8');
    const at = source.indexOf(signature);
    const bodyStart = at === -1 ? -1 : source.indexOf('{\n', at) + 2;
    if (at === -1 || bodyStart < 2) throw new Error(`cannot patch ${file}: ${signature} not found`);
    fs.writeFileSync(handler(file), source.slice(0, bodyStart) + lock + source.slice(bodyStart));
  }
  const call = '\t\td, err = h.execDelete(connCtx, c, &p)\n';
  insertBefore(handler('msg_delete.go'), call, '\t\tunlock := lockCollection(params.DB, params.Collection)\n');
  insertBefore(handler('msg_delete.go'), '\n\t\tdeleted += d\n', '\t\tunlock()\n');
}

/**
 * FerretDB v1 hands PostgreSQL an equality as jsonb containment (`_jsonb->'status' @> '"queued"'`),
 * which the btree expression indexes it creates cannot serve: every query read the whole
 * collection, `_id` lookups included, so a poller cost O(stored documents) forever (issue 25).
 * Beside each index it makes, a GIN index of the same fields serves containment; `$in` of
 * plain values goes down as an OR of containments. Both checked with EXPLAIN in
 * tests/ops/ferretdb-pushdown.test.ts. FerretDB sends field names as statement parameters, so
 * the launcher's PostgreSQL plans every statement with its parameters (plan_cache_mode).
 */
function indexPushdowns(dir) {
  addGoFile(dir, 'internal/backends/postgresql/metadata', 'bb_containment_indexes.go');
  addGoFile(dir, 'internal/backends/postgresql', 'bb_pushdown.go');
  const registry = path.join(dir, 'internal', 'backends', 'postgresql', 'metadata', 'registry.go');
  insertBefore(
    registry,
    '\t\tcreated = append(created, index.Name)\n',
    '\t\tif err = bbCreateContainmentIndexes(ctx, p, dbName, c.TableName, &index); err != nil {\n\t\t\t_ = r.indexesDrop(ctx, p, dbName, collectionName, created)\n\t\t\treturn lazyerrors.Error(err)\n\t\t}\n\n',
  );
  insertBefore(
    registry,
    '\t\tc.Indexes = slices.Delete(c.Indexes, i, i+1)\n',
    '\t\tif err := bbDropContainmentIndexes(ctx, p, dbName, &c.Indexes[i]); err != nil {\n\t\t\treturn lazyerrors.Error(err)\n\t\t}\n\n',
  );
  insertBefore(
    path.join(dir, 'internal', 'backends', 'postgresql', 'query.go'),
    '\t\t\t\tdefault:\n\t\t\t\t\t// $gt and $lt\n',
    '\t\t\t\tcase "$in":\n\t\t\t\t\tif f, a := bbFilterIn(p, key, v, keyOperator); f != "" {\n\t\t\t\t\t\tfilters = append(filters, f)\n\t\t\t\t\t\targs = append(args, a...)\n\t\t\t\t\t}\n\n',
  );
}
