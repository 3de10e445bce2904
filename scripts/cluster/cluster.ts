import { spawn, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, readFileSync, writeFileSync, chmodSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { INTEGRATION_SCOPES } from '@onboarding/domain';

/**
 * Several instances of the built server on one PostgreSQL, Debian's nginx in front of them with
 * deploy/nginx.conf, and SK's simulators as a process of their own: what a bank runs, on one
 * machine. The cluster also does what an orchestrator does: it probes every instance's /readyz
 * twice a second and keeps nginx's list of instances to those that answer 200 (open-source nginx
 * cannot probe on its own), and it replaces instances one by one as a release does.
 */

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
const SERVER_ENTRY = path.join(REPO_ROOT, 'apps/api/dist/server.js');
const SIMULATORS_ENTRY = path.join(REPO_ROOT, 'apps/api/dist/simulators/serve.js');
const NGINX_TEMPLATE = path.join(REPO_ROOT, 'deploy/nginx.conf');
export const NGINX_BINARY = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

export type ClusterOptions = {
  /** Where nginx listens on 127.0.0.1: the address users and PUBLIC_URL name. */
  port: number;
  instances: number;
  /** The one PostgreSQL database every instance uses. */
  databaseUrl: string;
  /** Logs, nginx's files and each instance's DATA_DIR go here. */
  dir: string;
  /** Settings for every instance, on top of the cluster's own. */
  env?: Record<string, string>;
  /** How often each instance's /readyz is asked. */
  probeIntervalMs?: number;
  /**
   * Run each instance as a container of this image (deploy/Dockerfile) with `docker run --network host`
   * instead of a node process of the built server. The docker CLI must reach a daemon (DOCKER_HOST).
   */
  image?: string;
  log?: (message: string) => void;
};

export type Instance = {
  /** 1, 2, 3…; a replacement gets the next number. */
  number: number;
  port: number;
  baseUrl: string;
  pid: number;
  /** The container's name, when the instance runs as a container of ClusterOptions.image. */
  container?: string;
  /** The exit code or the signal that ended the process. */
  exited: Promise<number | NodeJS.Signals | null>;
};

export type Cluster = {
  /** nginx's address. */
  url: string;
  /** The identity simulators' address (their description is at /simulators.json). */
  simulatorsUrl: string;
  /** nginx's access log: each line ends with the instance(s) that answered and their status(es). */
  accessLog: string;
  /** The instances running now (not those stopped or killed). */
  instances(): readonly Instance[];
  /** Those nginx sends requests to now. */
  inRotation(): readonly Instance[];
  nginxPid: number;
  simulatorsPid: number;
  /** Starts one more instance and waits until nginx sends it requests. */
  addInstance(): Promise<Instance>;
  /** SIGTERM (drained, graceful) or SIGKILL; resolves when the process has exited. */
  stopInstance(instance: Instance, signal: 'SIGTERM' | 'SIGKILL'): Promise<void>;
  /** A release: for each instance running now, start its replacement, wait until it is in rotation, then SIGTERM the old one. */
  rollingRestart(): Promise<void>;
  /** Stops everything the cluster started. */
  stop(): Promise<void>;
};

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

type Child = { process: ChildProcess; exited: Promise<number | NodeJS.Signals | null> };

function startChild(name: string, command: string, args: string[], env: Record<string, string>, logFile: string): Child {
  const child = spawn(command, args, { cwd: REPO_ROOT, env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const log = createWriteStream(logFile, { flags: 'a' });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const exited = new Promise<number | NodeJS.Signals | null>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  child.once('error', (error) => log.write(`${name}: ${error.message}\n`));
  return { process: child, exited };
}

const PROBE_TIMEOUT_MS = 2000;
const PROBE_SILENCES_TO_FAIL = 3;

/** What `url` (an instance's /readyz) says: 200, something else or no connection, or nothing in time. */
async function probe(url: string): Promise<'ready' | 'unready' | 'silent'> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
    await response.arrayBuffer();
    return response.ok ? 'ready' : 'unready';
  } catch (error) {
    return error instanceof Error && error.name === 'TimeoutError' ? 'silent' : 'unready';
  }
}

const answers = async (url: string): Promise<boolean> => (await probe(url)) === 'ready';

async function waitUntil(what: string, isDone: () => Promise<boolean> | boolean, hasFailed: () => string | undefined, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await isDone())) {
    const failure = hasFailed();
    if (failure) throw new Error(`${what}: ${failure}`);
    if (Date.now() > deadline) throw new Error(`${what}: not within ${String(timeoutMs)} ms`);
    await sleep(100);
  }
}

/** deploy/nginx.conf with the cluster's port and instance list; everything else as an operator would copy it. */
function nginxSiteConfig(port: number, instancesFile: string): string {
  const template = readFileSync(NGINX_TEMPLATE, 'utf8');
  const site = template.replace(/^(\s*)listen \d+;/m, `$1listen 127.0.0.1:${String(port)};`).replace('/etc/nginx/onboarding-instances.conf', instancesFile);
  if (site === template || !site.includes(instancesFile)) throw new Error('deploy/nginx.conf: no `listen` or instance list include to fill in');
  return site;
}

/** The main file nginx needs around the site: its own pid, logs and temporary folders under `dir`, in the foreground. */
function nginxMainConfig(dir: string, siteFile: string): string {
  const temp = (name: string) => path.join(dir, name);
  return [
    'daemon off;',
    'worker_processes 1;',
    `pid ${temp('nginx.pid')};`,
    `error_log ${temp('error.log')} warn;`,
    'events { worker_connections 4096; }',
    'http {',
    // Which instance answered each request (and each try of it), for the log reader and the tests.
    `  log_format upstreams '$remote_addr [$time_local] "$request" $status $upstream_addr $upstream_status';`,
    `  access_log ${temp('access.log')} upstreams;`,
    `  client_body_temp_path ${temp('client-body')};`,
    `  proxy_temp_path ${temp('proxy')};`,
    `  fastcgi_temp_path ${temp('fastcgi')};`,
    `  uwsgi_temp_path ${temp('uwsgi')};`,
    `  scgi_temp_path ${temp('scgi')};`,
    `  include ${siteFile};`,
    '}',
    '',
  ].join('\n');
}

/**
 * What every instance must share besides the database, made once: the webhooks' signing secret, the key-encryption
 * key that seals the token signing keys in the database, and the demo machine client of the integration API (alone,
 * an instance would make its own of each in its DATA_DIR).
 */
function sharedSecrets(dir: string): Record<string, string> {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const keyFile = path.join(dir, 'integration-demo-client.pem');
  writeFileSync(keyFile, privateKey.export({ format: 'pem', type: 'pkcs8' }), { mode: 0o600 });
  const clientsFile = path.join(dir, 'integration-clients.json');
  const jwk = { ...publicKey.export({ format: 'jwk' }), alg: 'ES256', use: 'sig' };
  writeFileSync(clientsFile, JSON.stringify([{ clientId: 'demo-bank', scopes: INTEGRATION_SCOPES, publicKeys: [jwk] }], null, 2));
  return {
    WEBHOOK_SECRET: `whsec_${randomBytes(32).toString('base64')}`,
    KEY_ENCRYPTION_KEYS: randomBytes(32).toString('base64'),
    INTEGRATION_CLIENTS_FILE: clientsFile,
  };
}

const instanceLine = (instance: Instance, isReady: boolean) =>
  `server 127.0.0.1:${String(instance.port)} max_fails=1 fail_timeout=2s${isReady ? '' : ' down'};`;

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const log = options.log ?? (() => undefined);
  const probeIntervalMs = options.probeIntervalMs ?? 500;
  for (const file of [SERVER_ENTRY, SIMULATORS_ENTRY])
    if (!existsSync(file)) throw new Error(`${path.relative(REPO_ROOT, file)} is missing: run npm run build first`);
  if (!existsSync(NGINX_BINARY)) throw new Error(`nginx is missing at ${NGINX_BINARY}: apt-get install nginx (or set NGINX_PATH)`);
  mkdirSync(options.dir, { recursive: true });
  // nginx's workers run as nobody when started by root: they need to reach their temporary folders.
  chmodSync(options.dir, 0o755);
  const url = `http://127.0.0.1:${String(options.port)}`;

  const simulatorsPort = await freePort();
  const simulators = startChild(
    'simulators',
    process.execPath,
    [SIMULATORS_ENTRY],
    {
      SIMULATORS_HOST: '127.0.0.1',
      SIMULATORS_PORT: String(simulatorsPort),
      DATA_DIR: path.join(options.dir, 'simulators-data'),
      LOG_LEVEL: 'warn',
      ...pick(options.env, 'SIMULATOR_COMPLETION_DELAY_MS'),
    },
    path.join(options.dir, 'simulators.log'),
  );
  const simulatorsUrl = `http://127.0.0.1:${String(simulatorsPort)}`;
  await waitUntil(
    'the identity simulators',
    () => answers(`${simulatorsUrl}/simulators.json`),
    () => exitedNote(simulators),
    60_000,
  );
  log(`identity simulators at ${simulatorsUrl} (pid ${String(simulators.process.pid)})`);

  const shared = sharedSecrets(options.dir);
  const running: (Instance & { child: Child })[] = [];
  const ready = new Set<Instance>();
  const silentProbes = new Map<Instance, number>();
  let nextNumber = 1;

  const instancesFile = path.join(options.dir, 'instances.conf');
  const siteFile = path.join(options.dir, 'onboarding.conf');
  const mainFile = path.join(options.dir, 'nginx.conf');
  const writeInstances = () => {
    const lines = running.map((instance) => instanceLine(instance, ready.has(instance)));
    // nginx will not start on an empty upstream: a placeholder nobody listens on stands in.
    writeFileSync(instancesFile, `${(lines.length > 0 ? lines : ['server 127.0.0.1:9 down;']).join('\n')}\n`);
  };

  async function startInstance(): Promise<Instance & { child: Child }> {
    const number = nextNumber;
    nextNumber += 1;
    const port = await freePort();
    const dataDir = path.join(options.dir, `instance-${String(number)}`);
    mkdirSync(dataDir, { recursive: true });
    const env: Record<string, string> = {
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      ...shared,
      ...options.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: options.databaseUrl,
      // Everyone reaches the service through nginx: that address is the tokens' issuer on every instance.
      PUBLIC_URL: url,
      // nginx, on this machine, is the one proxy: the client is the address it puts in X-Forwarded-For.
      TRUST_PROXY: '127.0.0.1',
      IDENTITY_MODE: 'simulated',
      SIMULATORS_URL: simulatorsUrl,
    };
    const logFile = path.join(dataDir, 'server.log');
    const container = options.image ? `onboarding-${path.basename(options.dir)}-${String(number)}`.toLowerCase().replace(/[^a-z0-9_.-]/g, '-') : undefined;
    const child = container
      ? startContainer(container, options.image ?? '', env, dataDir, logFile)
      : startChild(`instance ${String(number)}`, process.execPath, [SERVER_ENTRY], env, logFile);
    const instance = { number, port, baseUrl: `http://127.0.0.1:${String(port)}`, pid: child.process.pid ?? 0, exited: child.exited, child, container };
    running.push(instance);
    void child.exited.then(() => {
      const index = running.indexOf(instance);
      if (index >= 0) running.splice(index, 1);
    });
    log(`instance ${String(number)} starting on ${instance.baseUrl} (pid ${String(instance.pid)})`);
    return instance;
  }

  let isProbing = true;
  let probing: Promise<void> = Promise.resolve();
  let nginx: Child | undefined;

  /** One round of the orchestrator: ask every instance, and reload nginx when the ready set changed. */
  async function probeOnce(): Promise<void> {
    const results = await Promise.all(running.map(async (instance) => [instance, await probe(`${instance.baseUrl}/readyz`)] as const));
    let hasChanged = false;
    for (const [instance, answer] of results) {
      // A busy instance may be slow to answer: only the third silence in a row takes it out. A 503 (stopping,
      // or its database gone) or a refused connection (the process gone) takes it out at once.
      const silences = answer === 'silent' ? (silentProbes.get(instance) ?? 0) + 1 : 0;
      silentProbes.set(instance, silences);
      const isReady = answer === 'ready' || (answer === 'silent' && ready.has(instance) && silences < PROBE_SILENCES_TO_FAIL);
      if (isReady !== ready.has(instance)) {
        hasChanged = true;
        if (isReady) ready.add(instance);
        else ready.delete(instance);
        log(`instance ${String(instance.number)} ${isReady ? 'in rotation' : 'out of rotation'}`);
      }
    }
    for (const instance of ready) {
      if (!running.includes(instance as Instance & { child: Child })) {
        ready.delete(instance);
        hasChanged = true;
      }
    }
    if (hasChanged) {
      writeInstances();
      nginx?.process.kill('SIGHUP');
    }
  }
  const probeLoop = async () => {
    while (isProbing) {
      await probeOnce();
      await sleep(probeIntervalMs);
    }
  };

  async function waitInRotation(instance: Instance & { child: Child }): Promise<void> {
    await waitUntil(
      `instance ${String(instance.number)}`,
      () => ready.has(instance),
      () => exitedNote(instance.child),
      120_000,
    );
    // nginx has been told; give its new workers a moment to take over.
    await sleep(200);
  }

  try {
    const first = await Promise.all(Array.from({ length: options.instances }, () => startInstance()));
    writeInstances();
    writeFileSync(siteFile, nginxSiteConfig(options.port, instancesFile));
    writeFileSync(mainFile, nginxMainConfig(options.dir, siteFile));
    nginx = startChild('nginx', NGINX_BINARY, ['-p', options.dir, '-c', mainFile], {}, path.join(options.dir, 'nginx.log'));
    probing = probeLoop();
    for (const instance of first) await waitInRotation(instance);
    await waitUntil(
      'nginx',
      () => answers(`${url}/readyz`),
      () => exitedNote(nginx as Child),
      30_000,
    );
    log(`nginx at ${url} (pid ${String(nginx.process.pid)}) in front of ${String(first.length)} instances`);
  } catch (error) {
    isProbing = false;
    await probing;
    for (const instance of running) signal(instance, 'SIGKILL');
    for (const child of [nginx, simulators]) child?.process.kill('SIGKILL');
    throw error;
  }

  /** A signal to an instance: to its process, or through the container engine to the container's. */
  function signal(instance: (typeof running)[number], name: NodeJS.Signals): void {
    if (instance.container) spawn('docker', ['kill', '--signal', name, instance.container], { stdio: 'ignore' });
    else instance.child.process.kill(name);
  }

  async function stopInstance(instance: Instance, name: 'SIGTERM' | 'SIGKILL'): Promise<void> {
    const entry = running.find((candidate) => candidate.number === instance.number);
    if (!entry) return;
    log(`instance ${String(instance.number)}: ${name}`);
    signal(entry, name);
    const exit = await entry.exited;
    log(`instance ${String(instance.number)} exited (${String(exit)})`);
  }

  return {
    url,
    simulatorsUrl,
    accessLog: path.join(options.dir, 'access.log'),
    instances: () => [...running],
    inRotation: () => running.filter((instance) => ready.has(instance)),
    nginxPid: nginx.process.pid ?? 0,
    simulatorsPid: simulators.process.pid ?? 0,
    async addInstance() {
      const instance = await startInstance();
      await waitInRotation(instance);
      return instance;
    },
    stopInstance,
    async rollingRestart() {
      for (const old of [...running]) {
        const replacement = await startInstance();
        await waitInRotation(replacement);
        await stopInstance(old, 'SIGTERM');
      }
    },
    async stop() {
      isProbing = false;
      await probing;
      // SIGINT: no drain, nobody is sending requests any more.
      const exits = running.map((instance) => instance.exited);
      for (const instance of running) signal(instance, 'SIGINT');
      nginx?.process.kill('SIGTERM');
      simulators.process.kill('SIGTERM');
      await Promise.all([...exits, nginx?.exited, simulators.exited]);
    },
  };
}

/**
 * An instance as a container of `image` on the host's network, so it reaches PostgreSQL, the simulators and
 * SMTP on 127.0.0.1 as a process would. Its DATA_DIR and the cluster's shared files are mounted at the same
 * paths; the image runs as the user `node`, who must be able to write its DATA_DIR.
 */
function startContainer(name: string, image: string, env: Record<string, string>, dataDir: string, logFile: string): Child {
  chmodSync(dataDir, 0o777);
  const shared = path.dirname(dataDir);
  const settings = Object.entries(env).flatMap(([key, value]) => ['--env', `${key}=${value}`]);
  return startChild(
    name,
    'docker',
    ['run', '--rm', '--init', '--network', 'host', '--name', name, '--volume', `${shared}:${shared}`, ...settings, image],
    process.env.DOCKER_HOST ? { DOCKER_HOST: process.env.DOCKER_HOST } : {},
    logFile,
  );
}

function exitedNote(child: Child): string | undefined {
  if (child.process.exitCode === null && child.process.signalCode === null) return undefined;
  return `exited (${String(child.process.exitCode ?? child.process.signalCode)}); see its log`;
}

function pick(env: Record<string, string> | undefined, ...keys: string[]): Record<string, string> {
  return Object.fromEntries(keys.flatMap((key) => (env?.[key] === undefined ? [] : [[key, env[key]]])));
}
