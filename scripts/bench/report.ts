import type { BundleResult } from './bundle.js';
import type { LighthousePage } from './lighthouse.js';
import type { LoadResult } from './load-types.js';
import type { SeedResult } from './seed.js';

export type Machine = { cpus: number; memoryGiB: number; node: string; postgres: string; database: string };

export type BenchReport = {
  machine: Machine;
  options: { quick: boolean; durationSeconds: number; warmupSeconds: number; connections: number; journeys: number };
  /** trivial route, pg point select, and pg write (a step save without the app). */
  floors: { trivial?: LoadResult; postgres?: LoadResult; write?: LoadResult };
  scenarios: { label: string; result: LoadResult }[];
  /** The read scenario against a second app server on PGlite (a PostgreSQL run); with --pglite the main read is on PGlite. */
  pgliteRead?: LoadResult;
  /** The app server's resident set after start and preparing the applications, before any load. */
  rssAtRestMiB?: number;
  seed?: SeedResult;
  bundle?: BundleResult;
  lighthouse?: LighthousePage[];
  notes: string[];
};

/** One row of the targets table: `isMet` undefined when the run did not measure it. */
export type Target = { name: string; goal: string; actual: string; isMet: boolean | undefined };

const fixed = (value: number, digits = 0) => value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const kib = (bytes: number) => `${fixed(bytes / 1024, 1)} KiB`;
const ratio = (value: number | undefined, floor: number | undefined) => (value && floor ? `${fixed((100 * value) / floor)} %` : 'n/a');
const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const NOT_MEASURED = 'not measured';

function pad(rows: string[][]): string {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? [];
  return rows
    .map((row) => row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join('  '))
    .join('\n');
}

/** The scenario at the standard number of connections (not the one-connection save), empty or seeded. */
export function findScenario(report: BenchReport, scenario: LoadResult['scenario'], isMillion = false): LoadResult | undefined {
  return report.scenarios.find((item) => item.result.scenario === scenario && item.result.connections > 1 && item.label.includes('seeded') === isMillion)
    ?.result;
}

/** The read figure on PGlite: the extra scenario of a PostgreSQL run, or the main read of a --pglite run. */
export function pgliteReadOf(report: BenchReport): LoadResult | undefined {
  return report.pgliteRead ?? (report.machine.database.startsWith('PGlite') ? findScenario(report, 'read') : undefined);
}

export function targetsOf(report: BenchReport): Target[] {
  const pointFloor = report.floors.postgres?.requestsPerSecond;
  const writeFloor = report.floors.write?.requestsPerSecond;
  const read = findScenario(report, 'read');
  const save = findScenario(report, 'save');
  const saveMillion = findScenario(report, 'save', true);
  const targets: Target[] = [];
  const row = (name: string, goal: string, actual: string | undefined, isMet: boolean | undefined) =>
    targets.push({ name, goal, actual: actual ?? NOT_MEASURED, isMet: actual === undefined ? undefined : isMet });
  const share = (value: number | undefined, floor: number | undefined) => (value !== undefined && floor ? value / floor : undefined);

  const readShare = share(read?.requestsPerSecond, pointFloor);
  row(
    'read application vs point-select floor',
    '≥ 70 %',
    readShare === undefined ? undefined : ratio(read?.requestsPerSecond, pointFloor),
    readShare !== undefined && readShare >= 0.7,
  );
  const saveShare = share(save?.requestsPerSecond, writeFloor);
  row(
    'save step vs write floor',
    '≥ 60 %',
    saveShare === undefined ? undefined : ratio(save?.requestsPerSecond, writeFloor),
    saveShare !== undefined && saveShare >= 0.6,
  );
  row(
    `p99 of read and save at ${String(read?.connections ?? report.options.connections)} connections`,
    '≤ 25 ms both',
    read && save ? `${fixed(read.latencyMs.p99)} / ${fixed(save.latencyMs.p99)} ms` : undefined,
    !!read && !!save && read.latencyMs.p99 <= 25 && save.latencyMs.p99 <= 25,
  );
  for (const [scenario, name] of [
    ['journey-id-card', 'ID-card journey'],
    ['journey-smart-id', 'Smart-ID journey'],
  ] as const) {
    const perApplication = findScenario(report, scenario)?.serverCpuMsPerApplication;
    row(
      `server CPU per completed application (simulators apart), ${name}`,
      '≤ 12 ms',
      perApplication === undefined ? undefined : `${fixed(perApplication, 1)} ms`,
      perApplication !== undefined && perApplication <= 12,
    );
  }
  const stack = report.bundle?.stackFloorRatio;
  row('first screen JS vs stack floor (gzip)', '≤ 1.15 ×', stack === undefined ? undefined : `${fixed(stack, 2)} ×`, stack !== undefined && stack <= 1.15);
  const pages = report.lighthouse ?? [];
  const [signIn, wizard] = [pages.find((page) => page.name.startsWith('sign-in')), pages.find((page) => page.name.startsWith('wizard'))];
  // A page whose every run failed (Lighthouse's runtime error) was not measured.
  const scored = (page: LighthousePage | undefined): page is LighthousePage => !!page && page.performance.length > 0;
  const runs = (values: readonly number[]) => `${String(median(values))}${values.length > 1 ? ` (runs ${values.join(', ')})` : ''}`;
  for (const [page, name, minimum] of [
    [signIn, 'sign-in', 99],
    [wizard, 'wizard step', 95],
  ] as const) {
    row(
      `Lighthouse mobile performance, ${name}`,
      `≥ ${String(minimum)}`,
      scored(page) ? runs(page.performance) : undefined,
      scored(page) && median(page.performance) >= minimum,
    );
  }
  for (const [page, name] of [
    [signIn, 'sign-in'],
    [wizard, 'wizard step'],
  ] as const) {
    row(
      `Lighthouse accessibility / best practices, ${name}`,
      '100 / 100',
      scored(page) ? `${runs(page.accessibility)} / ${runs(page.bestPractices)}` : undefined,
      scored(page) && median(page.accessibility) === 100 && median(page.bestPractices) === 100,
    );
  }
  const pglite = pgliteReadOf(report);
  row('PGlite read', '≥ 2,000 req/s', pglite ? `${fixed(pglite.requestsPerSecond)} req/s` : undefined, !!pglite && pglite.requestsPerSecond >= 2000);
  row(
    `${report.seed ? fixed(report.seed.applications) : '1,000,000'} applications: save p99 vs empty`,
    '≤ 1.1 ×',
    saveMillion && save
      ? `${fixed(saveMillion.latencyMs.p99)} vs ${fixed(save.latencyMs.p99)} ms (${fixed(saveMillion.latencyMs.p99 / save.latencyMs.p99, 2)} ×)`
      : undefined,
    !!saveMillion && !!save && saveMillion.latencyMs.p99 <= 1.1 * save.latencyMs.p99,
  );
  return targets;
}

const all = (report: BenchReport) => [
  ...(report.floors.trivial ? [{ label: 'floor: bare Fastify, trivial route', result: report.floors.trivial }] : []),
  ...(report.floors.postgres ? [{ label: 'floor: bare Fastify + pg point select', result: report.floors.postgres }] : []),
  ...(report.floors.write ? [{ label: 'floor: bare Fastify + pg write (update + event)', result: report.floors.write }] : []),
  ...report.scenarios,
  ...(report.pgliteRead ? [{ label: 'read application, second server on PGlite', result: report.pgliteRead }] : []),
];

const isWrite = (result: LoadResult) => result.scenario === 'save' || result.scenario === 'draft' || result.scenario === 'floor-pg-write';

export function formatReport(report: BenchReport): string {
  const { machine, floors } = report;
  const out: string[] = [];
  out.push(
    `Machine: ${String(machine.cpus)} cores, ${fixed(machine.memoryGiB, 1)} GiB, Node ${machine.node}, PostgreSQL ${machine.postgres}; app on ${machine.database}`,
  );
  out.push(
    `Load: autocannon in a separate process on loopback, ${String(report.options.warmupSeconds)} s warm-up + ${String(report.options.durationSeconds)} s per scenario${report.options.quick ? ' (quick run: figures are rough)' : ''}`,
  );
  const busiest = Math.max(0, ...all(report).map((item) => item.result.cpu?.otherPercent ?? 0));
  out.push(
    `CPU columns: share of one core over each scenario's measured period (the machine has ${String(machine.cpus)}); "simulators" is the identity simulators' own process, "other" everything else on the machine meanwhile${busiest > 20 ? ` — up to ${fixed(busiest)} % here: other work was running and the figures are lower than on a quiet machine` : ''}`,
  );
  out.push('');
  const hasSimulators = all(report).some((item) => item.result.cpu?.simulatorsPercent !== undefined);
  const rows = [
    [
      'scenario',
      'conns',
      'req/s',
      'p50 ms',
      'p99 ms',
      '/ trivial',
      '/ pg floor',
      '/ write floor',
      'non-2xx',
      'apps/s',
      'CPU ms/app',
      'RSS MiB peak',
      `CPU % server/pg/${hasSimulators ? 'simulators/' : ''}load/other`,
    ],
  ];
  for (const { label, result } of all(report)) {
    const cpu = result.cpu;
    rows.push([
      label,
      String(result.connections),
      fixed(result.requestsPerSecond),
      fixed(result.latencyMs.p50),
      fixed(result.latencyMs.p99),
      ratio(result.requestsPerSecond, floors.trivial?.requestsPerSecond),
      ratio(result.requestsPerSecond, floors.postgres?.requestsPerSecond),
      isWrite(result) ? ratio(result.requestsPerSecond, floors.write?.requestsPerSecond) : '',
      String(result.non2xx + result.errors + result.timeouts),
      result.completedPerSecond === undefined ? '' : fixed(result.completedPerSecond, 1),
      result.serverCpuMsPerApplication === undefined ? '' : fixed(result.serverCpuMsPerApplication, 1),
      result.rssMiB && !result.scenario.startsWith('floor') ? fixed(result.rssMiB.peak) : '',
      cpu
        ? [cpu.serverPercent, cpu.postgresPercent, ...(hasSimulators ? [cpu.simulatorsPercent ?? 0] : []), cpu.loadPercent, cpu.otherPercent]
            .map((value) => fixed(value))
            .join('/')
        : '',
    ]);
  }
  out.push(pad(rows));
  for (const { label, result } of report.scenarios) {
    if (result.journeyMs)
      out.push(
        `${label}: ${fixed(result.completed ?? 0)} submitted in the last ${fixed(result.countedSeconds ?? 0, 1)} s of ${fixed(result.durationSeconds)} s; one journey takes p50 ${fixed(result.journeyMs.p50)} ms, p99 ${fixed(result.journeyMs.p99)} ms`,
      );
    if (result.steps) out.push(`  per step p50/p99 ms: ${result.steps.map((step) => `${step.name} ${fixed(step.p50)}/${fixed(step.p99)}`).join(', ')}`);
    const failures = Object.entries(result.failures ?? {});
    if (result.journeyMs)
      out.push(`  unfinished journeys: ${failures.length === 0 ? 'none' : failures.map(([reason, count]) => `${String(count)} × ${reason}`).join('; ')}`);
    if (result.serverCpuMsPerApplication !== undefined && result.completed) {
      out.push(
        `  server CPU per completed application: ${fixed(result.serverCpuMsPerApplication, 1)} ms (server CPU over the counted ${fixed(result.countedSeconds ?? 0, 1)} s ÷ ${fixed(result.completed)} completed; the simulators' own process used ${fixed(result.cpu?.simulatorsPercent ?? 0)} % of a core)`,
      );
    }
  }
  const rssOf = (result: LoadResult | undefined) => (result?.rssMiB ? `peak ${fixed(result.rssMiB.peak)} / mean ${fixed(result.rssMiB.mean)}` : NOT_MEASURED);
  out.push('');
  out.push(
    `Server RSS (VmRSS, MiB): at rest ${report.rssAtRestMiB === undefined ? NOT_MEASURED : fixed(report.rssAtRestMiB)}; read ${rssOf(findScenario(report, 'read'))}; save step ${rssOf(findScenario(report, 'save'))}; ID-card journey ${rssOf(findScenario(report, 'journey-id-card'))}; Smart-ID journey ${rssOf(findScenario(report, 'journey-smart-id'))}`,
  );
  if (report.seed) {
    out.push('');
    out.push(
      `Seeded: ${fixed(report.seed.applications)} applications (${fixed(report.seed.stepDataBytes)} bytes of step_data JSON each on average) and ${fixed(report.seed.events)} events in ${fixed(report.seed.seconds)} s`,
    );
  }
  const bundle = report.bundle;
  if (bundle) {
    out.push('');
    out.push(
      `Web bundle, first screen (/start/authentication): ${kib(bundle.firstScreenGzip)} gzip in ${String(bundle.firstScreen.length)} JS files${bundle.isSameAsDist ? '' : ' (note: the entry differs from apps/web/dist: sources changed since the last build)'}`,
    );
    out.push(
      `  bare React 19 "hello": ${kib(bundle.bareReactGzip)} (first screen ${fixed(bundle.ratio, 2)} ×); stack floor "hello" (${bundle.stackFloorPackages.join(', ')}): ${kib(bundle.stackFloorGzip)} in ${String(bundle.stackFloor.length)} files (first screen ${fixed(bundle.stackFloorRatio, 2)} ×)`,
    );
    out.push(
      `  packages in the first screen: ${bundle.firstScreenPackages.join(', ')}${bundle.packagesBeyondStackFloor.length > 0 ? `; not in the stack floor: ${bundle.packagesBeyondStackFloor.join(', ')}` : ''}`,
    );
    out.push(`  first-screen files: ${bundle.firstScreen.map((chunk) => `${chunk.file.replace('assets/', '')} ${kib(chunk.gzipBytes)}`).join(', ')}`);
    out.push(
      `  first-screen font: ${bundle.fonts.family} ${kib(bundle.fonts.preloadBytes)} (WOFF2, preloaded); JS and font together ${kib(bundle.firstScreenGzip + bundle.fonts.preloadBytes)}; the other faces load when a page has their letters: ${bundle.fonts.faces
        .filter((face) => !face.preload)
        .map((face) => `${face.unicodeRange.split(',')[0] ?? ''}… ${kib(face.bytes)}`)
        .join(', ')}`,
    );
    out.push(
      `  largest parts (bytes before minification): ${bundle.firstScreenComposition
        .slice(0, 10)
        .map((part) => `${part.source} ${kib(part.bytes)}`)
        .join(', ')}`,
    );
    out.push(
      `  later screens load lazily: ${String(bundle.lazy.length)} chunks, ${kib(bundle.lazy.reduce((sum, chunk) => sum + chunk.gzipBytes, 0))} gzip in all: ${bundle.lazy.map((chunk) => `${chunk.file.replace('assets/', '')} ${kib(chunk.gzipBytes)}`).join(', ')}`,
    );
  }
  for (const page of report.lighthouse ?? []) {
    out.push('');
    out.push(
      `Lighthouse (mobile) ${page.name} ${page.path}: performance ${page.performance.join(', ')}; accessibility ${page.accessibility.join(', ')}; best practices ${page.bestPractices.join(', ')}; LCP ${page.lcpMs.map((ms) => fixed(ms)).join(', ')} ms; TBT ${page.tbtMs.map((ms) => fixed(ms)).join(', ')} ms; ended at ${page.finalUrls.join(', ')}`,
    );
    if (page.failedAudits.length > 0) out.push(`  audits below 0.9: ${page.failedAudits.join('; ')}`);
    if (page.errors.length > 0) out.push(`  runs without scores (left out): ${page.errors.join('; ')}`);
  }
  out.push('');
  out.push('Targets (PostgreSQL, this machine; information only):');
  const targetRows = [['target', 'this run', 'goal', '']];
  for (const target of targetsOf(report))
    targetRows.push([target.name, target.actual, target.goal, target.isMet === undefined ? '' : target.isMet ? 'PASS' : 'MISS']);
  out.push(pad(targetRows));
  if (report.notes.length > 0) {
    out.push('');
    out.push('Notes:');
    for (const note of report.notes) out.push(`  - ${note}`);
  }
  return out.join('\n');
}
