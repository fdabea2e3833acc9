// deploy/kubernetes rendered by kustomize (built from the Go module proxy on first use) and
// checked offline: the Kubernetes 1.27 API schemas (kubernetes-models 4.5, generated from
// Kubernetes v1.27.1), the operators' CRD schemas from their Go modules, and what would let a
// process reach more than its own data.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';
import { parse, parseAllDocuments } from 'yaml';
import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { Ingress, NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, Secret, Service } from 'kubernetes-models/v1';
import { PROCESS_CONFIG_FILES as processes } from './processes';

const root = path.resolve(__dirname, '..', '..', '..');
const manifests = path.join(root, 'deploy', 'kubernetes');

export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string };
  spec?: Record<string, unknown>;
  data?: Record<string, string>;
}
export interface Tools {
  kustomize: string;
  crds: Record<string, string>;
}

/** The models of every built-in kind the manifests use; a kind missing here fails the test. */
const builtIn: Record<string, new (data: object) => { validate(): void }> = {
  'apps/v1/Deployment': Deployment,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'networking.k8s.io/v1/Ingress': Ingress,
  'networking.k8s.io/v1/NetworkPolicy': NetworkPolicy,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'v1/ConfigMap': ConfigMap,
  'v1/Secret': Secret,
  'v1/Service': Service,
};

export function loadTools(): Tools {
  // The first run builds kustomize (about a minute); later runs find it in the cache.
  const result = spawnSync(process.execPath, [path.join(root, 'scripts', 'lib', 'kustomize.mjs')], { encoding: 'utf8', timeout: 600000 });
  if (result.status !== 0) throw new Error(`scripts/lib/kustomize.mjs failed:\n${result.stderr}`);
  return JSON.parse(result.stdout) as Tools;
}

/** The API server's strict field validation: an object schema accepts only the fields it names. */
function strict(schema: Record<string, unknown>): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (Array.isArray(value)) copy[key] = value.map((item: unknown) => (item && typeof item === 'object' ? strict(item as Record<string, unknown>) : item));
    else if (value && typeof value === 'object') copy[key] = strict(value as Record<string, unknown>);
    else copy[key] = value;
  }
  if (schema.properties && schema.additionalProperties === undefined && !schema['x-kubernetes-preserve-unknown-fields']) copy.additionalProperties = false;
  return copy;
}

interface Crd {
  spec: { group: string; names: { kind: string }; versions: { name: string; schema: { openAPIV3Schema: Record<string, unknown> } }[] };
}

export function crdValidators(files: Record<string, string>): Record<string, ValidateFunction> {
  // Formats (int64, date-time…) are the API server's business; types and fields are checked.
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
  const validators: Record<string, ValidateFunction> = {};
  for (const file of Object.values(files)) {
    const crd = parse(fs.readFileSync(file, 'utf8')) as Crd;
    for (const version of crd.spec.versions) {
      validators[`${crd.spec.group}/${version.name}/${crd.spec.names.kind}`] = ajv.compile(strict(version.schema.openAPIV3Schema));
    }
  }
  return validators;
}

/** Renders an overlay of a copy of deploy/kubernetes, with the example secrets filled in. */
export function render(tools: Tools, tree: string, overlay: string): K8sObject[] {
  const result = spawnSync(tools.kustomize, ['build', path.join(tree, 'overlays', overlay)], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`kustomize build ${overlay} failed:\n${result.stderr}`);
  return parseAllDocuments(result.stdout).map((doc) => doc.toJS() as K8sObject);
}

export function copyWithExampleSecrets(): string {
  const tree = fs.mkdtempSync(path.join(os.tmpdir(), 'bb-k8s-'));
  fs.cpSync(manifests, tree, { recursive: true });
  for (const overlay of fs.readdirSync(path.join(tree, 'overlays'))) {
    const dir = path.join(tree, 'overlays', overlay);
    for (const example of fs.readdirSync(dir).filter((file) => file.endsWith('.env.example'))) {
      fs.copyFileSync(path.join(dir, example), path.join(dir, example.replace(/\.example$/, '')));
    }
  }
  return tree;
}

/**
 * kustomize folds long base64 values of a Secret over several lines; the API server's base64
 * decoder skips line breaks, the schema's "byte" format does not.
 */
function asServerReads(object: K8sObject): K8sObject {
  if (object.kind !== 'Secret' || !object.data) return object;
  return { ...object, data: Object.fromEntries(Object.entries(object.data).map(([key, value]) => [key, value.replace(/\s/g, '')])) };
}

/** Every problem of every object, as "Kind/name: problem". */
export function problems(objects: K8sObject[], crds: Record<string, ValidateFunction>): string[] {
  const found: string[] = [];
  for (const object of objects) {
    const id = `${object.kind}/${object.metadata.name}`;
    const key = `${object.apiVersion}/${object.kind}`;
    const Model = builtIn[key];
    const crd = crds[key];
    if (Model) {
      try {
        new Model(asServerReads(object)).validate();
      } catch (err) {
        found.push(`${id}: ${(err as Error).message}`);
      }
    } else if (crd) {
      if (!crd(object)) found.push(...(crd.errors ?? []).map((e) => `${id}: ${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`));
    } else {
      found.push(`${id}: no schema for ${key}`);
    }
  }
  return found;
}

interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: { secretKeyRef?: { name: string; key: string } };
}
interface Container {
  name: string;
  image: string;
  env?: EnvVar[];
  envFrom?: { configMapRef?: { name: string } }[];
  readinessProbe?: { httpGet?: { path: string } };
  livenessProbe?: { httpGet?: { path: string } };
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  securityContext?: { allowPrivilegeEscalation?: boolean; readOnlyRootFilesystem?: boolean; capabilities?: { drop?: string[] } };
  volumeMounts?: { name: string; mountPath: string }[];
}
interface PodSpec {
  terminationGracePeriodSeconds?: number;
  securityContext?: { runAsNonRoot?: boolean; runAsUser?: number; seccompProfile?: { type: string } };
  containers: Container[];
  volumes?: { name: string; emptyDir?: object }[];
}
export const podSpec = (d: K8sObject) => (d.spec as { template: { spec: PodSpec } }).template.spec;
export const ofKind = (objects: K8sObject[], kind: string) => objects.filter((o) => o.kind === kind);

interface MongoUser {
  name: string;
  db: string;
  passwordSecretRef: { name: string; key?: string };
  connectionStringSecretName?: string;
  roles: { name: string; db: string }[];
}

/** The processes that keep objects in S3, each with a key of its own scoped to its own bucket. */
const S3_USERS = ['catalog', 'payments'];

/** What would let a process reach more than its own data; each as "process: what". */
export function credentialProblems(objects: K8sObject[]): string[] {
  const found: string[] = [];
  const users = (ofKind(objects, 'MongoDBCommunity')[0]?.spec?.users ?? []) as MongoUser[];
  const secrets = ofKind(objects, 'Secret');
  const secretKeys = (name: string) => Object.keys(secrets.find((s) => s.metadata.name === name)?.data ?? {});
  const usedBy = new Map<string, string>();
  for (const name of Object.keys(processes)) {
    const deployment = ofKind(objects, 'Deployment').find((d) => d.metadata.name === name) as K8sObject;
    const env = podSpec(deployment).containers[0].env ?? [];
    const ref = (variable: string) => env.find((e) => e.name === variable)?.valueFrom?.secretKeyRef;
    const own = `bb_${name}`;
    const user = users.find((u) => u.connectionStringSecretName === ref('MONGO_USERNAME')?.name);
    if (!user) {
      found.push(`${name}: MONGO_USERNAME comes from no MongoDB user's Secret`);
      continue;
    }
    if (user.name !== own || user.db !== 'admin') found.push(`${name}: signs in as ${user.name} of ${user.db}, not ${own} of admin`);
    const roles = user.roles.map((r) => `${r.name} on ${r.db}`).join(', ');
    if (roles !== `readWrite on ${own}`) found.push(`${name}: its user has ${roles}, not readWrite on ${own} alone`);
    const password = ref('MONGO_PASSWORD');
    if (ref('MONGO_USERNAME')?.key !== 'username' || password?.name !== user.connectionStringSecretName || password?.key !== 'password')
      found.push(`${name}: its MongoDB username and password are not its user's`);
    if (env.find((e) => e.name === 'MONGO_URL')?.value !== `mongodb://$(MONGO_USERNAME):$(MONGO_PASSWORD)@$(MONGO_HOSTS)/${own}?$(MONGO_OPTIONS)`)
      found.push(`${name}: MONGO_URL does not name ${own} with its own user`);
    if (!secretKeys(user.passwordSecretRef.name).includes(user.passwordSecretRef.key ?? 'password'))
      found.push(`${name}: the password of ${user.name} is in no generated Secret`);
    const other = usedBy.get(user.name);
    if (other) found.push(`${name}: shares the MongoDB user ${user.name} with ${other}`);
    usedBy.set(user.name, name);
    const s3 = [ref('S3_ACCESS_KEY'), ref('S3_SECRET_KEY')].filter((r) => r !== undefined);
    if (S3_USERS.includes(name) && (s3.length !== 2 || s3.some((r) => !r?.name.startsWith(`bb-${name}-s3-key-`))))
      found.push(`${name}: its S3 key is not the scoped ${name} key`);
    if (!S3_USERS.includes(name) && s3.length > 0) found.push(`${name}: holds an S3 key`);
  }
  if (users.length !== Object.keys(processes).length) found.push(`${users.length} MongoDB users for ${Object.keys(processes).length} processes`);
  const shared = secrets.find((s) => s.metadata.name.startsWith('bb-secrets-'));
  for (const key of secretKeys(shared?.metadata.name ?? ''))
    if (key.startsWith('S3_') || key.startsWith('MONGO_')) found.push(`bb-secrets: holds ${key}, which every process can read`);
  return found;
}
