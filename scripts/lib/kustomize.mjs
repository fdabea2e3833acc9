// The tools the Kubernetes manifest test needs, fetched from the Go module proxy on first use:
// kustomize built into the cache, and the operators' CRDs read from their modules.
import fs from 'node:fs';
import path from 'node:path';
import { buildGoBinary } from './infra.mjs';
import { run } from './processes.mjs';

export const KUSTOMIZE_VERSION = 'v5.7.1';

/** The operators whose resources the manifests use, and where each module keeps its CRD. */
export const OPERATOR_CRDS = {
  RabbitmqCluster: { module: 'github.com/rabbitmq/cluster-operator/v2', version: 'v2.16.0', file: 'config/crd/bases/rabbitmq.com_rabbitmqclusters.yaml' },
  MongoDBCommunity: { module: 'github.com/mongodb/mongodb-kubernetes-operator', version: 'v0.13.0', file: 'config/crd/bases/mongodbcommunity.mongodb.com_mongodbcommunity.yaml' },
};

export function ensureKustomize() {
  return buildGoBinary({ name: 'kustomize', module: 'sigs.k8s.io/kustomize/kustomize/v5', version: KUSTOMIZE_VERSION, pkg: '.' });
}

/** The CRD YAML of an operator (a key of OPERATOR_CRDS), from its module in Go's module cache. */
export function operatorCrd(kind) {
  const { module, version, file } = OPERATOR_CRDS[kind];
  const env = { ...process.env, GOFLAGS: '-mod=mod', GOTOOLCHAIN: 'local' };
  const info = JSON.parse(run('go', ['mod', 'download', '-json', `${module}@${version}`], { env, quiet: true }));
  if (info.Error) throw new Error(`go mod download ${module}@${version}: ${info.Error}`);
  return fs.readFileSync(path.join(info.Dir, file), 'utf8');
}
