// npm run bench [-- --pglite --quick --skip-lighthouse --skip-million --skip-build --profile]
// npm run bench -- --cluster: only the journeys against 1 and 3 instances behind nginx (cluster-scaling.ts).
// The load benchmark: builds, starts the built server as a child process
// (PostgreSQL by default, PGlite with --pglite) with SK's identity simulators
// in a process of their own, measures three bare Fastify floors (trivial,
// pg point select, pg write) in the same run, drives load from a separate
// autocannon process, and prints the figures next to their targets. Information only: it exits
// 0 unless something crashed.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PreparedApplication } from './api-client.js';
import { prepareApplication, prepareApplications } from './api-client.js';
import { measureBundle } from './bundle.js';
import { formatClusterScaling, measureClusterScaling } from './cluster-scaling.js';
import { rssMiBOf, waitUntilQuiet } from './cpu.js';
import { createBenchDatabase, dropBenchDatabase, isPostgresReachable } from './database.js';
import { startPostgresFloor, startTrivialFloor, startWriteFloor } from './floors.js';
import { runLighthouse } from './lighthouse.js';
import { LighthouseToolsUnavailable } from './lighthouse-tools.js';
import { runLoad } from './load.js';
import type { LoadJob, LoadResult } from './load-types.js';
import { parseOptions } from './options.js';
import { benchSubject } from './people.js';
import type { ChildServer } from './processes.js';
import { run } from './processes.js';
import { formatProfile, summariseProfile } from './profile.js';
import { formatQrWaiting, measureQrWaiting } from './qr-waiting.js';
import { formatRegisterQueries } from './register-queries.js';
import { formatReport, targetsOf, type BenchReport } from './report.js';
import { seedPglite, seedPostgres } from './seed.js';
import { REPO_ROOT, startAppServer, startSimulatorsProcess, type AppServer } from './servers.js';

const options = parseOptions(process.argv.slice(2), process.env);
const log = (message: string) => console.error(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);

// Each group of made-up people (people.ts) gets its own range, so no two scenarios share a person.
const PEOPLE = {
  prepared: 0,
  journeyIdCard: 100_000,
  journeySmartId: 1_000_000,
  lighthouse: 2_000_000,
  profile: 2_100_000,
  pgliteRead: 2_200_000,
  cluster: 2_500_000,
} as const;

const running = new Set<ChildServer>();
async function started<T extends ChildServer>(server: Promise<T>): Promise<T> {
  const value = await server;
  running.add(value);
  return value;
}
async function stopped(server: ChildServer): Promise<void> {
  await server.stop();
  running.delete(server);
}

const report: BenchReport = {
  machine: {
    cpus: os.availableParallelism(),
    memoryGiB: os.totalmem() / 1024 ** 3,
    node: process.version,
    postgres: 'not reachable',
    database: options.isPglite ? 'PGlite (embedded)' : 'PostgreSQL',
  },
  options: {
    quick: options.isQuick,
    durationSeconds: options.durationSeconds,
    warmupSeconds: options.warmupSeconds,
    connections: options.connections,
    journeys: options.journeys,
  },
  floors: {},
  scenarios: [],
  notes: [],
};

const job = (baseUrl: string, scenario: LoadJob['scenario'], extra: Partial<LoadJob> = {}): LoadJob => ({
  scenario,
  baseUrl,
  connections: options.connections,
  durationSeconds: options.durationSeconds,
  warmupSeconds: options.warmupSeconds,
  ...extra,
});

/** The identity simulators' own process, which every app server of the run uses (SIMULATORS_URL). */
let simulators: Awaited<ReturnType<typeof startSimulatorsProcess>> | undefined;
const simulatorsOf = () => {
  if (!simulators) throw new Error('the identity simulators are not running');
  return simulators;
};
const pidsOf = (serverPid: number) => ({ server: serverPid, simulators: simulators?.pid });

async function measure(label: string, load: LoadJob, serverPid: number): Promise<LoadResult> {
  log(`${label}: ${String(load.connections)} connections, ${String(load.durationSeconds)} s`);
  const result = await runLoad(load, pidsOf(serverPid));
  report.scenarios.push({ label, result });
  return result;
}

async function measureFloors(benchDatabaseUrl: string | undefined): Promise<void> {
  const trivial = await started(startTrivialFloor());
  log('floor: trivial route');
  report.floors.trivial = await runLoad(job(trivial.baseUrl, 'floor-trivial'), { server: trivial.pid });
  await stopped(trivial);
  if (!benchDatabaseUrl) {
    report.notes.push('No PostgreSQL: the pg point-select and write floors were not measured, so the ratios to them are n/a.');
    return;
  }
  const postgres = await started(startPostgresFloor(benchDatabaseUrl));
  log('floor: pg point select');
  report.floors.postgres = await runLoad(job(postgres.baseUrl, 'floor-pg'), { server: postgres.pid });
  await stopped(postgres);
  // As many rows as the step-save scenario has applications: each request takes one with no request in flight.
  const rows = 2 * options.connections;
  const write = await started(startWriteFloor(benchDatabaseUrl, rows));
  log('floor: pg write');
  report.floors.write = await runLoad(job(write.baseUrl, 'floor-pg-write', { rows }), { server: write.pid });
  await stopped(write);
}

/** Read, step save, draft save, and the two journeys against one running app server. */
async function measureApp(server: AppServer, applications: PreparedApplication[], suffix: string, isFull: boolean): Promise<void> {
  await measure(`read application${suffix}`, job(server.baseUrl, 'read', { applications }), server.pid);
  await measure(`save step Incomes${suffix}`, job(server.baseUrl, 'save', { applications }), server.pid);
  // One connection: the database's own latency, without 64 requests queueing for 10 pool connections and one core.
  await measure(`save step Incomes, 1 connection${suffix}`, job(server.baseUrl, 'save', { applications, connections: 1 }), server.pid);
  if (!isFull) return;
  await measure('save draft Incomes', job(server.baseUrl, 'draft', { applications }), server.pid);
  // A journey takes seconds under load: give the quick run long enough for some to finish.
  const journey = { connections: options.journeys, durationSeconds: Math.max(options.durationSeconds, 12) };
  await measure('journey: magic sign-in … ID-card', job(server.baseUrl, 'journey-id-card', { ...journey, personOffset: PEOPLE.journeyIdCard }), server.pid);
  await measure(
    'journey: Smart-ID sign-in … Smart-ID',
    job(server.baseUrl, 'journey-smart-id', { ...journey, personOffset: PEOPLE.journeySmartId }),
    server.pid,
  );
}

/** --profile: one app server per scenario under node --cpu-prof, on the same database, and the top of each profile. */
async function profileScenarios(databaseUrl: string | undefined, dataDir: string, publicUrl: string, applications: PreparedApplication[]): Promise<string[]> {
  const sections: string[] = [];
  const scenarios: [string, LoadJob['scenario'], Partial<LoadJob>][] = [
    ['read application', 'read', { applications }],
    ['save step Incomes', 'save', { applications }],
    ['journey (ID-card)', 'journey-id-card', { connections: options.journeys, personOffset: PEOPLE.profile }],
  ];
  for (const [label, scenario, extra] of scenarios) {
    const profileDir = mkdtempSync(path.join(os.tmpdir(), 'onboarding-bench-profile-'));
    const server = await started(startAppServer({ databaseUrl, dataDir, publicUrl, cpuProfileDir: profileDir, simulatorsUrl: simulatorsOf().baseUrl }));
    log(`profiling ${label}`);
    // A second of warm-up takes the 409s of applications whose versions moved on since they were prepared.
    const result = await runLoad(job(server.baseUrl, scenario, { ...extra, warmupSeconds: 1 }), pidsOf(server.pid));
    await stopped(server);
    const file = readdirSync(profileDir).find((name) => name.endsWith('.cpuprofile'));
    const figures = `${result.requestsPerSecond.toFixed(0)} req/s, p99 ${String(result.latencyMs.p99)} ms, ${String(result.non2xx)} non-2xx; the profile includes start-up`;
    sections.push(
      file
        ? `Profile of the server under "${label}" (${figures}; ${path.join(profileDir, file)}):\n${formatProfile(summariseProfile(path.join(profileDir, file), 20))}`
        : `No profile was written for ${label}.`,
    );
  }
  return sections;
}

/** The read scenario against an app server of its own on embedded PGlite (a temporary DATA_DIR, as --pglite), with applications of its own. */
async function measurePgliteRead(simulatorsUrl: string): Promise<LoadResult> {
  const server = await started(startAppServer({ simulatorsUrl }));
  try {
    log(`second app server on PGlite at ${server.baseUrl}; preparing ${String(2 * options.connections)} applications`);
    const applications = await prepareApplications(
      server.baseUrl,
      Array.from({ length: 2 * options.connections }, (_, index) => benchSubject(PEOPLE.pgliteRead + index)),
    );
    log(`read application on PGlite: ${String(options.connections)} connections, ${String(options.durationSeconds)} s`);
    return await runLoad(job(server.baseUrl, 'read', { applications }), pidsOf(server.pid));
  } finally {
    await stopped(server);
    rmSync(server.dataDir, { recursive: true, force: true });
  }
}

/** --cluster: the ID-card journey through nginx to 1, then 3 instances, each on an emptied bench database. */
async function clusterMain(): Promise<void> {
  await waitUntilQuiet(25, options.isQuick ? 0 : 5 * 60_000, log);
  if (!(await isPostgresReachable(options.databaseUrl))) throw new Error(`No PostgreSQL answers at ${options.databaseUrl}; --cluster needs it.`);
  const database = await createBenchDatabase(options.databaseUrl);
  try {
    const runs = await measureClusterScaling({
      databaseUrl: database.url,
      resetDatabase: async () => {
        await createBenchDatabase(options.databaseUrl);
      },
      journeys: options.journeys,
      durationSeconds: Math.max(options.durationSeconds, 12),
      warmupSeconds: options.warmupSeconds,
      personOffset: PEOPLE.cluster,
      log,
    });
    console.log(
      `\nMachine: ${String(os.availableParallelism())} cores, Node ${process.version}, PostgreSQL ${database.serverVersion}; ${String(options.journeys)} journeys at once, ${String(Math.max(options.durationSeconds, 12))} s each run.\n`,
    );
    console.log(formatClusterScaling(runs, options.journeys));
    const jsonFile = path.join(os.tmpdir(), `onboarding-bench-cluster-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
    writeFileSync(jsonFile, JSON.stringify(runs, null, 2));
    console.log(`\nAll figures as JSON: ${jsonFile}`);
  } finally {
    await dropBenchDatabase(options.databaseUrl);
  }
}

/** npm run build, unless --skip-build; a failed build is measured as it stands, and the report says so. */
async function build(): Promise<void> {
  if (options.isBuildSkipped) return;
  log('npm run build');
  try {
    await run('npm', ['run', 'build'], { cwd: REPO_ROOT, isQuiet: true });
  } catch (error) {
    // Others may be mid-edit; tsc still emits on type errors, so measure what was built and say so.
    const firstError = /error TS\d+:[^\n]*/.exec(String(error))?.[0] ?? String(error).split('\n')[0];
    report.notes.push(`npm run build failed (${firstError?.slice(0, 160) ?? ''}); measured the existing apps/api/dist and apps/web/dist.`);
    log('npm run build failed; going on with the existing build output');
  }
}

async function main(): Promise<void> {
  // Other work on the machine (someone's test run) takes CPU from the server under test: give it a few minutes to finish.
  const busy = await waitUntilQuiet(25, options.isQuick ? 0 : 5 * 60_000, log);
  report.notes.push(
    `Before the load the machine was ${busy.toFixed(0)} % of a core busy with other work; the "other" CPU column shows it during each scenario.`,
  );

  log('web bundle');
  report.bundle = await measureBundle();

  const hasPostgres = await isPostgresReachable(options.databaseUrl);
  if (!hasPostgres && !options.isPglite)
    throw new Error(`No PostgreSQL answers at ${options.databaseUrl}; start it (pg_ctlcluster 15 main start) or run with --pglite.`);
  const database = hasPostgres ? await createBenchDatabase(options.databaseUrl) : undefined;
  report.machine.postgres = database?.serverVersion ?? 'not reachable';

  await measureFloors(database?.url);

  simulators = await started(startSimulatorsProcess());
  const simulatorsUrl = simulators.baseUrl;
  log(`identity simulators at ${simulatorsUrl}`);
  const appDatabaseUrl = options.isPglite ? undefined : database?.url;
  let server = await started(startAppServer({ databaseUrl: appDatabaseUrl, simulatorsUrl }));
  const dataDir = server.dataDir;
  log(`app server (${report.machine.database}) at ${server.baseUrl}; preparing ${String(2 * options.connections)} applications`);
  // Twice as many as connections: a save always finds an application with no request in flight (scenarios.ts).
  const applications = await prepareApplications(
    server.baseUrl,
    Array.from({ length: 2 * options.connections }, (_, index) => benchSubject(PEOPLE.prepared + index)),
  );
  // At rest: started, warmed up by preparing the applications, before any load.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  report.rssAtRestMiB = rssMiBOf(server.pid);
  await measureApp(server, applications, '', true);

  if (!options.isMillionSkipped) {
    log(`seeding ${options.seedCount.toLocaleString('en-US')} applications`);
    if (appDatabaseUrl) {
      report.seed = await seedPostgres(appDatabaseUrl, options.seedCount);
    } else {
      // PGlite is one process's: stop the server, seed its data directory, start it again on the same one.
      await stopped(server);
      report.seed = await seedPglite(path.join(dataDir, 'pglite'), options.seedCount);
      server = await started(startAppServer({ dataDir, publicUrl: server.env.PUBLIC_URL, simulatorsUrl }));
    }
    const label = ` (${options.seedCount.toLocaleString('en-US')} seeded)`;
    await measureApp(server, applications, label, false);
  }

  if (!options.isLighthouseSkipped) {
    log('Lighthouse');
    let next = PEOPLE.lighthouse;
    const baseUrl = server.baseUrl;
    try {
      report.lighthouse = await runLighthouse(
        baseUrl,
        options.isQuick ? 1 : 3,
        () => {
          next += 1;
          return prepareApplication(baseUrl, benchSubject(next), 'AccountOpeningReason');
        },
        log,
      );
    } catch (error) {
      // Its packages could not be installed (lighthouse-tools.ts): the rest of the run still counts.
      if (!(error instanceof LighthouseToolsUnavailable)) throw error;
      log(error.message);
      report.notes.push(`Lighthouse not measured: ${error.message}`);
    }
  }
  await stopped(server);

  // PGlite's read figure in a PostgreSQL run: a second app server on PGlite, the read scenario only.
  if (!options.isPglite) report.pgliteRead = await measurePgliteRead(simulatorsUrl);

  // In this process, against a RIK stand-in of its own: the register is the simulators' in the servers above.
  log('register queries per journey');
  report.notes.push(await formatRegisterQueries());

  log('people waiting at the QR code');
  report.notes.push(formatQrWaiting(await measureQrWaiting(options.isQuick ? 100 : 300, options.isQuick ? 5 : 10)));

  const profiles = options.isProfiled ? await profileScenarios(appDatabaseUrl, dataDir, server.env.PUBLIC_URL ?? server.baseUrl, applications) : [];

  await stopped(simulators);
  rmSync(simulators.dataDir, { recursive: true, force: true });
  if (database) await dropBenchDatabase(options.databaseUrl);
  rmSync(dataDir, { recursive: true, force: true });
  if (options.isPglite) report.notes.push('Targets are set for PostgreSQL; on PGlite they are shown for comparison only.');
  if (options.isQuick) report.notes.push('Quick run: short durations; use the full run for figures.');

  const text = formatReport(report);
  console.log(`\n${text}`);
  for (const section of profiles) console.log(`\n${section}`);
  const jsonFile = path.join(os.tmpdir(), `onboarding-bench-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(jsonFile, JSON.stringify({ ...report, targets: targetsOf(report) }, null, 2));
  console.log(`\nAll figures as JSON: ${jsonFile}`);
}

async function cleanUp(): Promise<void> {
  for (const server of running) await server.stop().catch(() => undefined);
  running.clear();
  if (simulators) rmSync(simulators.dataDir, { recursive: true, force: true });
  if (await isPostgresReachable(options.databaseUrl)) await dropBenchDatabase(options.databaseUrl).catch(() => undefined);
}

process.once('SIGINT', () => {
  void cleanUp().finally(() => process.exit(130));
});

try {
  await build();
  await (options.isCluster ? clusterMain() : main());
} catch (error) {
  console.error(error);
  await cleanUp();
  process.exit(1);
}
