// npm run bench prints this figure; alone: node --conditions=source --import tsx scripts/bench/register-queries.ts
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { completeSteps, JAAK_KRISTJAN } from '@onboarding/domain/test-support';
import { buildApp } from '../../apps/api/src/app.js';
import { loadConfig } from '../../apps/api/src/config.js';
import { openDatabase } from '../../apps/api/src/db/database.js';
import { REGISTRY_CODES } from '../../apps/api/src/modules/registry/fixture/companies.js';
import { startRikStandIn } from '../../apps/api/src/simulators/rik/start-rik-stand-in.js';
import { createWebDist } from '../../apps/api/src/test/app.js';
import { signInAsRepresentative, type Call } from '../../apps/api/src/test/representative.js';

/**
 * Register queries per completed application journey (docs/benchmarks.md): one representative signs in, lists
 * their companies, creates the application from the register, saves the five steps, looks up a company on the way,
 * and signs with the ID-card, on an app in simulated mode that asks a RIK stand-in of its own. Counted by the
 * stand-in (every query it gets) and by the app's register_queries_total. The journey is run `journeys` times
 * one after another, for different companies where the fixture allows, within one freshness window.
 */

const METRICS_TOKEN = 'bench-metrics-token-0123456789abcdef';

export type RegisterQueryFigures = { journeys: number; queriesPerJourney: number; firstJourney: number; metricsQueries: number };

const ok = async (what: string, answer: Promise<{ statusCode: number; body: string }>) => {
  const response = await answer;
  if (response.statusCode !== 200) throw new Error(`${what} answered ${String(response.statusCode)}: ${response.body}`);
  return JSON.parse(response.body) as Record<string, unknown>;
};

async function journey(app: Awaited<ReturnType<typeof buildApp>>, call: Call, personalId: string, registryCode: string): Promise<void> {
  await ok('companies', call('GET', '/onboarding/representative/companies'));
  const created = await ok('create', call('POST', '/onboarding/applications', { source: 'REGISTER', registryCode, registryCountryCode: 'EE' }));
  let application = created.application as { processId: string; version: number };
  await ok('look-up', call('GET', `/onboarding/register/companies/EE/${registryCode}`));
  for (const [step, data] of completeSteps(JAAK_KRISTJAN)) {
    application = (await ok(
      step,
      call('PUT', `/onboarding/applications/${application.processId}/steps/${step}`, { version: application.version, data }),
    )) as typeof application;
  }
  const card = async (where: string, body?: object) =>
    JSON.parse(
      (body
        ? await app.inject({ method: 'POST', url: `/dev/id-card/${where}`, payload: body })
        : await app.inject({ method: 'GET', url: `/dev/id-card/${where}?personalId=${personalId}` })
      ).body,
    ) as { certificate: string; signature: string };
  const signing = `/onboarding/applications/${application.processId}/signing`;
  const started = await ok('signing', call('POST', signing, { method: 'ID_CARD', certificate: (await card('signing-certificate')).certificate }));
  const { signature } = await card('sign', { personalId, hash: started.hash, hashType: 'SHA256' });
  const signed = await ok('signature', call('POST', `${signing}/${String(started.signingSessionId)}/id-card-signature`, { signature }));
  if (signed.state !== 'SIGNED') throw new Error(`the journey ended ${String(signed.state)}`);
}

/** `env`: settings to change, e.g. REGISTER_FACTS_MAX_AGE_MINUTES=0 to keep nothing (and read again before every signing). */
export async function measureRegisterQueries(journeys = 3, env: Record<string, string> = {}): Promise<RegisterQueryFigures> {
  const standIn = await startRikStandIn();
  const database = await openDatabase({});
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    WEB_DIST_DIR: createWebDist(),
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'onboarding-bench-register-')),
    SIMULATOR_COMPLETION_DELAY_MS: '0',
    METRICS_TOKEN,
    REGISTER_URL: standIn.url,
    REGISTER_USERNAME: standIn.username,
    REGISTER_PASSWORD: standIn.password,
    ...env,
  });
  const app = await buildApp(config, { database });
  try {
    await app.ready();
    const personalId = JAAK_KRISTJAN.person.personalId;
    const call = await signInAsRepresentative(app, personalId);
    const counted: number[] = [];
    for (let run = 0; run < journeys; run += 1) {
      const before = standIn.queryCount();
      // The same company each time: the first journey fills the stored answers, the next ones find them.
      if (run > 0) await database.db.execute('delete from bank_customers');
      await journey(app, call, personalId, REGISTRY_CODES.testPersonOu).catch((error: unknown) => {
        throw new Error(`journey ${String(run + 1)}: ${String(error)}`);
      });
      counted.push(standIn.queryCount() - before);
      // The next journey is another application of the same company: this one is done with.
      await database.db.execute(`update applications set status = 'CANCELLED' where status <> 'CANCELLED'`);
    }
    const metrics = (await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).body;
    const metricsQueries = [...metrics.matchAll(/^register_queries_total\{[^}]*\} (\d+)$/gm)].reduce((sum, match) => sum + Number(match[1]), 0);
    const later = counted.slice(1);
    return {
      journeys,
      firstJourney: counted[0] ?? 0,
      queriesPerJourney: later.length > 0 ? later.reduce((sum, count) => sum + count, 0) / later.length : (counted[0] ?? 0),
      metricsQueries,
    };
  } finally {
    await app.close();
    await database.close();
    await standIn.close();
  }
}

/** The figures as `npm run bench` prints them: with the stored answers, and with none. */
export async function formatRegisterQueries(): Promise<string> {
  const kept = await measureRegisterQueries();
  const none = await measureRegisterQueries(2, { REGISTER_FACTS_MAX_AGE_MINUTES: '0' });
  return (
    `Register queries per completed journey (RIK stand-in): ${String(kept.firstJourney)} with nothing stored, ` +
    `${String(kept.queriesPerJourney)} for the same person and company again within the window ` +
    `(register_queries_total ${String(kept.metricsQueries)} after ${String(kept.journeys)} journeys, the demonstration data's start included); ` +
    `${String(none.queriesPerJourney)} with nothing kept (REGISTER_FACTS_MAX_AGE_MINUTES=0).`
  );
}

if (import.meta.url === `file://${process.argv[1] ?? ''}`) console.log(await formatRegisterQueries());
