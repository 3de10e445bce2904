// npm run bench prints this figure; alone (after npm run build): node --conditions=source --import tsx scripts/bench/qr-waiting.ts [people] [seconds]
import { randomBytes, createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import { startCpuCount } from './cpu.js';
import { startAppServer, startSimulatorsProcess } from './servers.js';

/**
 * People waiting at the QR code (decision 38): `people` sign-in screens, each with a Smart-ID QR code that the
 * browser renews every second, as the sign-in screen does. The app server runs as a child process on PGlite with
 * the identity stand-ins in a process of their own; the figure is the server's own CPU per renewal, from
 * /proc, while the renewals run. Target: at most 0.2 ms, so 1,000 people waiting take at most a fifth of a core.
 */

export type QrWaitingFigures = {
  people: number;
  seconds: number;
  renewals: number;
  failed: number;
  /** The server's own background work (outbox and purge polls) per second at rest, taken off the renewals' CPU. */
  idleCpuMsPerSecond: number;
  cpuMsPerRenewal: number;
  coresFor1000: number;
};

const pkceFields = () => ({
  responseType: 'code',
  clientId: 'onboarding',
  channel: 'PUBLIC_WEB',
  clientState: randomBytes(48).toString('base64url').slice(0, 64),
  codeChallenge: createHash('sha256').update(randomBytes(32)).digest('base64url'),
  codeChallengeMethod: 'S256',
});

export async function measureQrWaiting(people = 300, seconds = 10): Promise<QrWaitingFigures> {
  const simulators = await startSimulatorsProcess();
  const server = await startAppServer({ simulatorsUrl: simulators.baseUrl });
  try {
    const sessions: string[] = [];
    // Started a few at a time, as people arrive; each start asks SK's stand-in once.
    for (let index = 0; index < people; index += 20) {
      const started = await Promise.all(
        Array.from({ length: Math.min(20, people - index) }, async () => {
          const response = await fetch(`${server.baseUrl}/oauth2/v2/authorize/sid/device-link/start`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ ...pkceFields(), flow: 'QR', language: 'et' }),
          });
          if (!response.ok) throw new Error(`device-link start answered ${String(response.status)}: ${await response.text()}`);
          return ((await response.json()) as { authenticationSessionId: string }).authenticationSessionId;
        }),
      );
      sessions.push(...started);
    }
    // The server at rest, as long as the renewals will run: its background polls are not the renewals' cost.
    const countIdle = startCpuCount({ server: server.pid, load: () => undefined });
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    const idle = countIdle();
    const idleCpuMsPerSecond = (1000 * idle.serverSeconds) / idle.seconds;
    let renewals = 0;
    let failed = 0;
    const count = startCpuCount({ server: server.pid, simulators: simulators.pid, load: () => undefined });
    const endAt = Date.now() + seconds * 1000;
    // Each person's screen asks once a second, spread over the second as real screens would be.
    while (Date.now() < endAt) {
      const secondStartedAt = Date.now();
      await Promise.all(
        sessions.map(async (id, index) => {
          await new Promise((resolve) => setTimeout(resolve, (index * 1000) / sessions.length));
          const response = await fetch(`${server.baseUrl}/oauth2/v2/authorize/sid/${id}/device-link?language=et`);
          await response.arrayBuffer();
          if (response.ok) renewals += 1;
          else failed += 1;
        }),
      );
      const rest = 1000 - (Date.now() - secondStartedAt);
      if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
    }
    const shares = count();
    const cpuMsPerRenewal = Math.max(0, 1000 * shares.serverSeconds - idleCpuMsPerSecond * shares.seconds) / Math.max(1, renewals);
    return { people, seconds, renewals, failed, idleCpuMsPerSecond, cpuMsPerRenewal, coresFor1000: cpuMsPerRenewal };
  } finally {
    await server.stop();
    await simulators.stop();
    rmSync(server.dataDir, { recursive: true, force: true });
    rmSync(simulators.dataDir, { recursive: true, force: true });
  }
}

export function formatQrWaiting(figures: QrWaitingFigures): string {
  return [
    `People waiting at the QR code: ${String(figures.people)} screens renewing their code each second for ${String(figures.seconds)} s`,
    `  renewals answered: ${String(figures.renewals)} (${String(figures.failed)} failed)`,
    `  the server at rest: ${figures.idleCpuMsPerSecond.toFixed(1)} ms of CPU per second (its background polls), taken off`,
    `  server CPU per renewal: ${figures.cpuMsPerRenewal.toFixed(3)} ms (target at most 0.2 ms)`,
    `  1,000 people waiting: ${figures.coresFor1000.toFixed(3)} of a core (target at most 0.2)`,
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1] ?? ''}`) {
  const [people, seconds] = process.argv.slice(2).map(Number);
  console.log(formatQrWaiting(await measureQrWaiting(people || undefined, seconds || undefined)));
}
