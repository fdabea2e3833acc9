import fs from 'node:fs';
import path from 'node:path';
import type { ValidateFunction } from 'ajv';
import {
  copyWithExampleSecrets,
  credentialProblems,
  crdValidators,
  type K8sObject,
  loadTools,
  ofKind,
  podSpec,
  problems,
  render,
  type Tools,
} from './support/kubernetes';
import { PROCESS_CONFIG_FILES as processes, requiredEnv } from './support/processes';

// deploy/kubernetes, rendered and validated (support/kubernetes.ts), and the policies every
// process must keep.
let tools: Tools;
let crds: Record<string, ValidateFunction>;
let tree: string;
const rendered: Record<string, K8sObject[]> = {};

beforeAll(() => {
  tools = loadTools();
  crds = crdValidators(tools.crds);
  tree = copyWithExampleSecrets();
  for (const overlay of ['demo', 'production']) rendered[overlay] = render(tools, tree, overlay);
}, 600000);

afterAll(() => fs.rmSync(tree, { recursive: true, force: true }));

describe.each(['demo', 'production'])('deploy/kubernetes overlay %s', (overlay) => {
  it('renders objects valid against the Kubernetes 1.27 API and the operators’ CRD schemas', () => {
    expect(rendered[overlay].length).toBeGreaterThan(30);
    expect(problems(rendered[overlay], crds)).toEqual([]);
  });

  it('runs every process as a Deployment with a Service and a PodDisruptionBudget', () => {
    const objects = rendered[overlay];
    for (const name of Object.keys(processes)) {
      expect(ofKind(objects, 'Deployment').map((d) => d.metadata.name)).toContain(name);
      expect(ofKind(objects, 'Service').map((s) => s.metadata.name)).toContain(name);
      const pdb = ofKind(objects, 'PodDisruptionBudget').find((p) => p.metadata.name === name);
      expect(pdb?.spec?.minAvailable).toBe(1);
    }
  });

  it('gives every Deployment two replicas or more, probes, limits and a locked-down security context', () => {
    for (const deployment of ofKind(rendered[overlay], 'Deployment')) {
      const pod = podSpec(deployment);
      const where = `${overlay} ${deployment.metadata.name}`;
      expect([where, (deployment.spec?.replicas as number) >= 2]).toEqual([where, true]);
      expect([where, (pod.terminationGracePeriodSeconds ?? 30) > 15]).toEqual([where, true]);
      expect([where, pod.securityContext]).toMatchObject([where, { runAsNonRoot: true, runAsUser: 1000, seccompProfile: { type: 'RuntimeDefault' } }]);
      const tmp = pod.volumes?.find((v) => v.emptyDir)?.name;
      for (const container of pod.containers) {
        expect([where, container.readinessProbe?.httpGet?.path, container.livenessProbe?.httpGet?.path]).toEqual([where, '/readyz', '/healthz']);
        for (const bound of [container.resources?.requests, container.resources?.limits]) {
          expect([where, bound?.cpu !== undefined && bound?.memory !== undefined]).toEqual([where, true]);
        }
        expect([where, container.securityContext]).toEqual([
          where,
          { allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, capabilities: { drop: ['ALL'] } },
        ]);
        expect([where, container.volumeMounts?.find((m) => m.mountPath === '/tmp')?.name]).toEqual([where, tmp]);
      }
    }
  });

  it('pins every image by version, never latest', () => {
    const images = [
      ...ofKind(rendered[overlay], 'Deployment').flatMap((d) => podSpec(d).containers.map((c) => c.image)),
      ...ofKind(rendered[overlay], 'RabbitmqCluster').map((r) => r.spec?.image as string),
    ];
    expect(images.filter((image) => !/:[\w][\w.-]*$/.test(image) || image.endsWith(':latest'))).toEqual([]);
  });

  it('gives every process each variable its config schema requires', () => {
    const config = ofKind(rendered[overlay], 'ConfigMap').find((c) => c.metadata.name.startsWith('bb-config-'));
    for (const [name, file] of Object.entries(processes)) {
      const deployment = ofKind(rendered[overlay], 'Deployment').find((d) => d.metadata.name === name) as K8sObject;
      const container = podSpec(deployment).containers[0];
      expect(container.envFrom?.[0]?.configMapRef?.name).toBe(config?.metadata.name);
      const provided = [...Object.keys(config?.data ?? {}), ...(container.env ?? []).map((e) => e.name)];
      expect([name, requiredEnv(file).filter((key) => !provided.includes(key))]).toEqual([name, []]);
    }
  });

  it('scales the gateway, booking and chat with autoscaling/v2', () => {
    const targets = ofKind(rendered[overlay], 'HorizontalPodAutoscaler').map((h) => (h.spec?.scaleTargetRef as { name: string }).name);
    expect(targets.sort()).toEqual(['booking', 'chat', 'gateway']);
  });
});

describe('deploy/kubernetes production overlay', () => {
  const find = (kind: string) => ofKind(rendered.production, kind);

  it('runs quorum queues on a three-node RabbitMQ cluster and a three-member MongoDB replica set with retryable writes', () => {
    const config = find('ConfigMap').find((c) => c.metadata.name.startsWith('bb-config-'))?.data ?? {};
    expect(config.BUS_QUEUE_TYPE).toBe('quorum');
    expect(config.MONGO_OPTIONS).toMatch(/replicaSet=bb-mongo/);
    expect(config.MONGO_OPTIONS).toMatch(/retryWrites=true/);
    expect(config.MONGO_HOSTS.split(',')).toHaveLength(3);
    expect(find('RabbitmqCluster')[0].spec?.replicas).toBe(3);
    expect(find('MongoDBCommunity')[0].spec?.members).toBe(3);
  });

  it('denies all traffic by default and lets in from outside only the gateway, through the Ingress', () => {
    const policies = find('NetworkPolicy');
    expect(policies.find((p) => p.metadata.name === 'default-deny')?.spec).toEqual({ podSelector: {}, policyTypes: ['Ingress', 'Egress'] });
    const fromOutside = policies.filter((p) => JSON.stringify(p.spec?.ingress ?? []).includes('ingress-nginx'));
    expect(fromOutside.map((p) => p.spec?.podSelector)).toEqual([{ matchLabels: { 'app.kubernetes.io/name': 'gateway' } }]);
    const backend = (find('Ingress')[0].spec as { rules: { http: { paths: { backend: { service: { name: string } } }[] } }[] }).rules[0].http.paths[0].backend;
    expect(backend.service.name).toBe('gateway');
  });
});

describe.each(['demo', 'production'])('deploy/kubernetes overlay %s credentials', (overlay) => {
  it('signs each process in to MongoDB as its own user with readWrite on its own database, and gives each S3 key to its own service alone', () => {
    expect(credentialProblems(rendered[overlay])).toEqual([]);
  });

  it('connects with retryable writes to the replica set', () => {
    const config = ofKind(rendered[overlay], 'ConfigMap').find((c) => c.metadata.name.startsWith('bb-config-'))?.data ?? {};
    expect(config.MONGO_OPTIONS).toMatch(/^replicaSet=bb-mongo&authSource=admin&retryWrites=true/);
  });
});

describe('the manifest validation', () => {
  it('finds a broken copy: booking on catalog’s MongoDB user, catalog on booking’s database, chat with readWrite on another, the S3 key shared', () => {
    const broken = copyWithExampleSecrets();
    try {
      const booking = path.join(broken, 'base', 'processes', 'booking.yaml');
      fs.writeFileSync(booking, fs.readFileSync(booking, 'utf8').replace(/name: bb-mongo-booking/g, 'name: bb-mongo-catalog'));
      const catalog = path.join(broken, 'base', 'processes', 'catalog.yaml');
      fs.writeFileSync(catalog, fs.readFileSync(catalog, 'utf8').replace('/bb_catalog?', '/bb_booking?'));
      const mongo = path.join(broken, 'base', 'stateful', 'mongodb.yaml');
      fs.writeFileSync(
        mongo,
        fs
          .readFileSync(mongo, 'utf8')
          .replace('roles: [{ name: readWrite, db: bb_chat }]', 'roles: [{ name: readWrite, db: bb_chat }, { name: readWrite, db: bb_booking }]'),
      );
      const secrets = path.join(broken, 'overlays', 'demo', 'secrets.env');
      fs.appendFileSync(secrets, fs.readFileSync(path.join(broken, 'overlays', 'demo', 'catalog-s3-key.env'), 'utf8'));
      expect(credentialProblems(render(tools, broken, 'demo'))).toEqual([
        'catalog: MONGO_URL does not name bb_catalog with its own user',
        'booking: signs in as bb_catalog of admin, not bb_booking of admin',
        'booking: its user has readWrite on bb_catalog, not readWrite on bb_booking alone',
        'booking: shares the MongoDB user bb_catalog with catalog',
        'chat: its user has readWrite on bb_chat, readWrite on bb_booking, not readWrite on bb_chat alone',
        'bb-secrets: holds S3_ACCESS_KEY, which every process can read',
        'bb-secrets: holds S3_SECRET_KEY, which every process can read',
      ]);
    } finally {
      fs.rmSync(broken, { recursive: true, force: true });
    }
  });

  it('fails on a broken copy: a Deployment with replicas "two" and an unknown field in the RabbitmqCluster', () => {
    const broken = copyWithExampleSecrets();
    try {
      const booking = path.join(broken, 'base', 'processes', 'booking.yaml');
      fs.writeFileSync(booking, fs.readFileSync(booking, 'utf8').replace('replicas: 2', 'replicas: "two"'));
      const rabbit = path.join(broken, 'base', 'stateful', 'rabbitmq.yaml');
      fs.writeFileSync(rabbit, fs.readFileSync(rabbit, 'utf8').replace('  replicas: 3', '  replicas: 3\n  replica: 3'));
      const found = problems(render(tools, broken, 'demo'), crds);
      expect(found).toEqual([
        'Deployment/booking: data/spec/replicas must be integer',
        expect.stringMatching(/^RabbitmqCluster\/bb-rabbitmq: \/spec must NOT have additional properties .*"replica"/),
      ]);
    } finally {
      fs.rmSync(broken, { recursive: true, force: true });
    }
  });
});
