import type { BundleResult } from './bundle.js';
import type { LighthousePage } from './lighthouse.js';
import type { LoadResult } from './load-types.js';
import type { SeedResult } from './seed.js';

export type Machine = { cpus: number; memoryGiB: number; node: string; postgres: string; database: string };

export type BenchReport = {
  machine: Machine;
  options: { quick: boolean; durationSeconds: number; warmupSeconds: number; connections: number; journeys: number };
  floors: { trivial?: LoadResult; postgres?: LoadResult };
  scenarios: { label: string; result: LoadResult }[];
  seed?: SeedResult;
  bundle?: BundleResult;
  lighthouse?: LighthousePage[];
  notes: string[];
};

export type Target = { name: string; actual: string; isMet: boolean | undefined };

const fixed = (value: number, digits = 0) => value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const kib = (bytes: number) => `${fixed(bytes / 1024, 1)} KiB`;
const ratio = (value: number | undefined, floor: number | undefined) => (value && floor ? `${fixed((100 * value) / floor)} %` : 'n/a');
const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

function pad(rows: string[][]): string {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? [];
  return rows.map((row) => row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join('  ')).join('\n');
}

/** The scenario at the standard number of connections (not the one-connection save), empty or seeded. */
export function findScenario(report: BenchReport, scenario: LoadResult['scenario'], isMillion = false): LoadResult | undefined {
  return report.scenarios.find((item) => item.result.scenario === scenario && item.result.connections > 1 && item.label.includes('seeded') === isMillion)?.result;
}

export function targetsOf(report: BenchReport): Target[] {
  const floor = report.floors.postgres?.requestsPerSecond;
  const read = findScenario(report, 'read');
  const save = findScenario(report, 'save');
  const saveMillion = findScenario(report, 'save', true);
  const journey = findScenario(report, 'journey-id-card');
  const targets: Target[] = [];
  const share = (result: LoadResult | undefined, minimum: number, name: string) =>
    targets.push({ name: `${name} ≥ ${String(minimum * 100)} % of the pg point-select floor's req/s`, actual: ratio(result?.requestsPerSecond, floor), isMet: result && floor ? result.requestsPerSecond >= minimum * floor : undefined });
  const p99 = (result: LoadResult | undefined, name: string) =>
    targets.push({ name: `${name} p99 < 25 ms at ${String(result?.connections ?? 64)} connections`, actual: result ? `${fixed(result.latencyMs.p99)} ms` : 'n/a', isMet: result ? result.latencyMs.p99 < 25 : undefined });
  share(read, 0.6, 'reading an application');
  p99(read, 'reading an application');
  share(save, 0.35, 'saving a step');
  p99(save, 'saving a step');
  targets.push({ name: `journey ≥ 100 submitted applications/s (${String(journey?.connections ?? '')} concurrent)`, actual: journey?.completedPerSecond === undefined ? 'n/a' : `${fixed(journey.completedPerSecond, 1)} /s`, isMet: journey?.completedPerSecond === undefined ? undefined : journey.completedPerSecond >= 100 });
  targets.push({
    name: `step-save p99 with ${report.seed ? fixed(report.seed.applications) : 'the seeded'} applications ≤ 1.2 × empty`,
    actual: saveMillion && save ? `${fixed(saveMillion.latencyMs.p99)} ms vs ${fixed(save.latencyMs.p99)} ms (${fixed(saveMillion.latencyMs.p99 / save.latencyMs.p99, 2)} ×)` : 'n/a',
    isMet: saveMillion && save ? saveMillion.latencyMs.p99 <= 1.2 * save.latencyMs.p99 : undefined,
  });
  const single = report.scenarios.filter((item) => item.result.scenario === 'save' && item.result.connections === 1).map((item) => item.result);
  if (single.length === 2 && single[0] && single[1]) {
    targets.push({ name: '  (information) the same at 1 connection', actual: `${fixed(single[1].latencyMs.p99)} ms vs ${fixed(single[0].latencyMs.p99)} ms`, isMet: undefined });
  }
  const bundle = report.bundle;
  targets.push({ name: 'first screen JS (gzip) ≤ 1.4 × bare React 19', actual: bundle ? `${fixed(bundle.ratio, 2)} ×` : 'n/a', isMet: bundle ? bundle.ratio <= 1.4 : undefined });
  for (const page of report.lighthouse ?? []) {
    targets.push({ name: `Lighthouse performance ≥ 98: ${page.name}`, actual: `${String(median(page.performance))} (runs ${page.performance.join(', ')})`, isMet: median(page.performance) >= 98 });
    targets.push({ name: `Lighthouse accessibility = 100: ${page.name}`, actual: `${String(median(page.accessibility))} (runs ${page.accessibility.join(', ')})`, isMet: median(page.accessibility) === 100 });
  }
  return targets;
}

const all = (report: BenchReport) => [
  ...(report.floors.trivial ? [{ label: 'floor: bare Fastify, trivial route', result: report.floors.trivial }] : []),
  ...(report.floors.postgres ? [{ label: 'floor: bare Fastify + pg point select', result: report.floors.postgres }] : []),
  ...report.scenarios,
];

export function formatReport(report: BenchReport): string {
  const { machine, floors } = report;
  const out: string[] = [];
  out.push(`Machine: ${String(machine.cpus)} cores, ${fixed(machine.memoryGiB, 1)} GiB, Node ${machine.node}, PostgreSQL ${machine.postgres}; app on ${machine.database}`);
  out.push(`Load: autocannon in a separate process on loopback, ${String(report.options.warmupSeconds)} s warm-up + ${String(report.options.durationSeconds)} s per scenario${report.options.quick ? ' (quick run: figures are rough)' : ''}`);
  const busiest = Math.max(0, ...all(report).map((item) => item.result.cpu?.otherPercent ?? 0));
  out.push(`CPU columns: share of one core (the machine has ${String(machine.cpus)}); "other" is everything else on the machine meanwhile${busiest > 20 ? ` — up to ${fixed(busiest)} % here: other work was running and the figures are lower than on a quiet machine` : ''}`);
  out.push('');
  const rows = [['scenario', 'conns', 'req/s', 'p50 ms', 'p99 ms', '/ trivial', '/ pg floor', 'non-2xx', 'apps/s', 'CPU % server/pg/load/other']];
  for (const { label, result } of all(report)) {
    rows.push([
      label,
      String(result.connections),
      fixed(result.requestsPerSecond),
      fixed(result.latencyMs.p50),
      fixed(result.latencyMs.p99),
      ratio(result.requestsPerSecond, floors.trivial?.requestsPerSecond),
      ratio(result.requestsPerSecond, floors.postgres?.requestsPerSecond),
      String(result.non2xx + result.errors + result.timeouts),
      result.completedPerSecond === undefined ? '' : fixed(result.completedPerSecond, 1),
      result.cpu ? `${fixed(result.cpu.serverPercent)}/${fixed(result.cpu.postgresPercent)}/${fixed(result.cpu.loadPercent)}/${fixed(result.cpu.otherPercent)}` : '',
    ]);
  }
  out.push(pad(rows));
  for (const { label, result } of report.scenarios) {
    if (result.journeyMs) out.push(`${label}: ${fixed(result.completed ?? 0)} submitted in the last ${fixed(result.countedSeconds ?? 0, 1)} s of ${fixed(result.durationSeconds)} s; one journey takes p50 ${fixed(result.journeyMs.p50)} ms, p99 ${fixed(result.journeyMs.p99)} ms`);
    if (result.steps) out.push(`  per step p50/p99 ms: ${result.steps.map((step) => `${step.name} ${fixed(step.p50)}/${fixed(step.p99)}`).join(', ')}`);
    const failures = Object.entries(result.failures ?? {});
    if (failures.length > 0) out.push(`  unfinished journeys: ${failures.map(([reason, count]) => `${String(count)} × ${reason}`).join('; ')}`);
  }
  if (report.seed) {
    out.push('');
    out.push(`Seeded: ${fixed(report.seed.applications)} applications (${fixed(report.seed.stepDataBytes)} bytes of step_data JSON each on average) and ${fixed(report.seed.events)} events in ${fixed(report.seed.seconds)} s`);
  }
  const bundle = report.bundle;
  if (bundle) {
    out.push('');
    out.push(`Web bundle, first screen (/start/authentication): ${kib(bundle.firstScreenGzip)} gzip in ${String(bundle.firstScreen.length)} JS files; bare React 19 "hello": ${kib(bundle.bareReactGzip)}; ratio ${fixed(bundle.ratio, 2)} ×${bundle.isSameAsDist ? '' : ' (note: the entry differs from apps/web/dist: sources changed since the last build)'}`);
    out.push(`  first-screen files: ${bundle.firstScreen.map((chunk) => `${chunk.file.replace('assets/', '')} ${kib(chunk.gzipBytes)}`).join(', ')}`);
    out.push(`  largest parts (bytes before minification): ${bundle.firstScreenComposition.slice(0, 10).map((part) => `${part.source} ${kib(part.bytes)}`).join(', ')}`);
    out.push(`  later screens load lazily: ${String(bundle.lazy.length)} chunks, ${kib(bundle.lazy.reduce((sum, chunk) => sum + chunk.gzipBytes, 0))} gzip in all: ${bundle.lazy.map((chunk) => `${chunk.file.replace('assets/', '')} ${kib(chunk.gzipBytes)}`).join(', ')}`);
  }
  for (const page of report.lighthouse ?? []) {
    out.push('');
    out.push(`Lighthouse (mobile) ${page.name} ${page.path}: performance ${page.performance.join(', ')}; accessibility ${page.accessibility.join(', ')}; LCP ${page.lcpMs.map((ms) => fixed(ms)).join(', ')} ms; TBT ${page.tbtMs.map((ms) => fixed(ms)).join(', ')} ms; ended at ${page.finalUrls.join(', ')}`);
    if (page.failedAudits.length > 0) out.push(`  audits below 0.9: ${page.failedAudits.join('; ')}`);
  }
  out.push('');
  out.push('Targets (PostgreSQL, this machine; information only):');
  for (const target of targetsOf(report)) {
    const verdict = target.isMet === undefined ? '    ' : target.isMet ? 'PASS' : 'MISS';
    out.push(`  ${verdict}  ${target.name}: ${target.actual}`);
  }
  if (report.notes.length > 0) {
    out.push('');
    out.push('Notes:');
    for (const note of report.notes) out.push(`  - ${note}`);
  }
  return out.join('\n');
}
