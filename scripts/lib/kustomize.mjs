// The tools the Kubernetes manifest test needs, fetched from the Go module proxy on first use:
// kustomize built into the cache, and the operators' CRDs read from their modules.
import fs from 'node:fs';
import path from 'node:path';
import { buildGoBinary } from '../servers/go-build.mjs';
import { run } from './processes.mjs';

export const KUSTOMIZE_VERSION = 'v5.7.1';

/** The operators whose resources the manifests use, and where each module keeps its CRD. */
export const OPERATOR_CRDS = {
  RabbitmqCluster: { module: 'github.com/rabbitmq/cluster-operator/v2', version: 'v2.16.0', file: 'config/crd/bases/rabbitmq.com_rabbitmqclusters.yaml' },
  MongoDBCommunity: {
    module: 'github.com/mongodb/mongodb-kubernetes-operator',
    version: 'v0.13.0',
    file: 'config/crd/bases/mongodbcommunity.mongodb.com_mongodbcommunity.yaml',
  },
};

export function ensureKustomize() {
  return buildGoBinary({ name: 'kustomize', module: 'sigs.k8s.io/kustomize/kustomize/v5', version: KUSTOMIZE_VERSION, pkg: '.' });
}

/** The path of an operator's CRD YAML (a key of OPERATOR_CRDS), in Go's module cache. */
export function operatorCrdFile(kind) {
  const { module, version, file } = OPERATOR_CRDS[kind];
  const env = { ...process.env, GOFLAGS: '-mod=mod', GOTOOLCHAIN: 'local' };
  const info = JSON.parse(run('go', ['mod', 'download', '-json', `${module}@${version}`], { env, quiet: true }));
  if (info.Error) throw new Error(`go mod download ${module}@${version}: ${info.Error}`);
  const crd = path.join(info.Dir, file);
  if (!fs.existsSync(crd)) throw new Error(`${module}@${version} has no ${file}`);
  return crd;
}

// `node scripts/lib/kustomize.mjs` prints the tools' paths as JSON (the jest test runs it so).
if (import.meta.url === `file://${process.argv[1]}`) {
  // Build progress goes to stderr, so stdout is only the JSON.
  console.log = console.error;
  const crds = Object.fromEntries(Object.keys(OPERATOR_CRDS).map((kind) => [kind, operatorCrdFile(kind)]));
  process.stdout.write(JSON.stringify({ kustomize: ensureKustomize(), crds }));
}
