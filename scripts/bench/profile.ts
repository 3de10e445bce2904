// Summarises a V8 .cpuprofile (node --cpu-prof): the functions with the most
// self time, and the same grouped by package or folder.
// Usage: node --import tsx scripts/bench/profile.ts FILE.cpuprofile [TOP]
import { readFileSync } from 'node:fs';
import path from 'node:path';

type ProfileNode = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number };
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

export type ProfileLine = { name: string; selfMs: number; percent: number };
export type ProfileSummary = { totalMs: number; functions: ProfileLine[]; places: ProfileLine[] };

function placeOf(url: string): string {
  if (!url) return '(native / V8)';
  const clean = url.replace(/^file:\/\//, '');
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(clean);
  if (inPackage?.[1]) return inPackage[1];
  if (clean.startsWith('node:')) return clean;
  const parts = clean.split('/');
  const at = parts.lastIndexOf('dist');
  return at >= 0 ? parts.slice(Math.max(0, at - 1), at + 3).join('/') : path.basename(clean);
}

export function summariseProfile(file: string, top = 25): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, index) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0)));
  const totalUs = [...selfUs.values()].reduce((sum, value) => sum + value, 0);
  const functions = new Map<string, number>();
  const places = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const frame = byId.get(id)?.callFrame;
    if (!frame) continue;
    const where = frame.url ? `${placeOf(frame.url)}:${String(frame.lineNumber + 1)}` : '';
    const name = `${frame.functionName || '(anonymous)'}${where ? ` ${where}` : ''}`;
    functions.set(name, (functions.get(name) ?? 0) + us);
    const place = frame.url ? placeOf(frame.url) : frame.functionName.startsWith('(') ? frame.functionName : '(native / V8)';
    places.set(place, (places.get(place) ?? 0) + us);
  }
  const lines = (map: Map<string, number>) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, us]) => ({ name, selfMs: us / 1000, percent: (100 * us) / totalUs }));
  return { totalMs: totalUs / 1000, functions: lines(functions), places: lines(places) };
}

export function formatProfile(summary: ProfileSummary): string {
  const row = (line: ProfileLine) => `  ${line.percent.toFixed(1).padStart(5)} %  ${line.selfMs.toFixed(0).padStart(7)} ms  ${line.name}`;
  return [
    `total sampled: ${(summary.totalMs / 1000).toFixed(1)} s`,
    'self time by package or folder:',
    ...summary.places.slice(0, 12).map(row),
    'top functions by self time:',
    ...summary.functions.map(row),
  ].join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const [file, top] = process.argv.slice(2);
  if (!file) {
    console.error('usage: profile.ts FILE.cpuprofile [TOP]');
    process.exit(2);
  }
  console.log(formatProfile(summariseProfile(file, Number(top ?? 25))));
}
