import { JAAK_KRISTJAN } from '@onboarding/domain/test-support';
import type { FastifyInstance } from 'fastify';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RIK_SERVER_FAULT_TEXT, type RikMode } from '../../simulators/rik/rik-routes.js';
import { startRikStandIn, type RikStandIn } from '../../simulators/rik/start-rik-stand-in.js';
import { buildTestApp } from '../../test/app.js';
import { applicationFor, fillSteps, type TestApplication } from '../../test/application-steps.js';
import { signWithIdCard } from '../../test/id-card-signing.js';
import { signInAsRepresentative, type Call } from '../../test/representative.js';
import { createRikRegister, createSimulatedRegister, type BusinessRegister } from '../registry/index.js';
import { REGISTRY_CODES } from '../registry/fixture/companies.js';

/**
 * When the e-Business Register does not answer, the person is told so (503 REGISTER_UNAVAILABLE), never that
 * they represent no company or that the company does not exist, which would send them to typing it by hand
 * and lose the register's verification. Every way it fails ends alike (docs/decisions/0033-the-register-through-riks-own-contract.md): the
 * company list, the choice of a company, a company typed by hand, the look-up and the reading again before
 * signing; nothing is created, nothing saved changes, and nothing of the register's address or words goes out.
 */

const WRONG_PASSWORD = 'vale-parool-9';
// Short enough to keep the test quick, and used only while the stand-in is SLOW: normal answers get the usual time.
const IMPATIENT_TIMEOUT_MS = 200;

/** How the register fails: a stand-in mode, or credentials the stand-in refuses. */
type Failure = { name: string; mode: RikMode; client: 'RIGHT' | 'IMPATIENT' | 'WRONG_PASSWORD' };
const FAILURES: Failure[] = [
  { name: 'a timeout', mode: 'SLOW', client: 'IMPATIENT' },
  { name: 'a 5xx answer', mode: 'DOWN', client: 'RIGHT' },
  { name: 'a SOAP fault', mode: 'FAULT', client: 'RIGHT' },
  { name: 'refused credentials', mode: 'NORMAL', client: 'WRONG_PASSWORD' },
  { name: 'malformed JSON', mode: 'GARBLED', client: 'RIGHT' },
];

let standIn: RikStandIn;
let app: FastifyInstance;
let representative: Call;
let signer: Call;
let signable: TestApplication;
let client: Failure['client'] = 'RIGHT';

/** The register the app asks, through whichever client the current failure needs. */
function switchingRegister(): BusinessRegister {
  const base = { url: standIn.url, username: standIn.username, persons: createSimulatedRegister() };
  const clients = {
    RIGHT: createRikRegister({ ...base, password: standIn.password, timeoutMs: 5000 }),
    IMPATIENT: createRikRegister({ ...base, password: standIn.password, timeoutMs: IMPATIENT_TIMEOUT_MS }),
    WRONG_PASSWORD: createRikRegister({ ...base, password: WRONG_PASSWORD, timeoutMs: 5000 }),
  };
  return {
    companiesOf: (person) => clients[client].companiesOf(person),
    company: (country, code) => clients[client].company(country, code),
    companiesNamed: (name) => clients[client].companiesNamed(name),
    person: (personalId, country) => clients[client].person(personalId, country),
  };
}

async function failingAs<T>(failure: Failure, run: () => Promise<T>): Promise<T> {
  standIn.setMode(failure.mode);
  client = failure.client;
  try {
    return await run();
  } finally {
    standIn.setMode('NORMAL');
    client = 'RIGHT';
  }
}

beforeAll(async () => {
  standIn = await startRikStandIn({ slowMs: 10_000 });
  // Every signing start reads the register again: the stored facts are always older than the window.
  app = await buildTestApp({ REGISTER_FACTS_MAX_AGE_MINUTES: '0' }, { register: switchingRegister() });
  await app.ready();
  [representative, signer] = await Promise.all([
    signInAsRepresentative(app, '40504040001'),
    signInAsRepresentative(app, JAAK_KRISTJAN.person.personalId, 'en'),
  ]);
  // Complete and ready to sign, on facts read while the register answered.
  signable = await fillSteps(signer, await applicationFor(signer, REGISTRY_CODES.testPersonOu));
}, 60_000);

afterAll(async () => {
  await app?.close();
  await standIn?.close();
});

/** 503 REGISTER_UNAVAILABLE, with nothing of the register's address, user, password or words. */
function expectUnavailable(response: Pick<LightMyRequestResponse, 'statusCode' | 'body'>, what: string) {
  expect(response.statusCode, `${what}: ${response.body}`).toBe(503);
  expect(JSON.parse(response.body)).toMatchObject({ code: 'REGISTER_UNAVAILABLE' });
  for (const secret of [
    standIn.url,
    '127.0.0.1',
    standIn.username,
    standIn.password,
    WRONG_PASSWORD,
    RIK_SERVER_FAULT_TEXT,
    'Service Unavailable',
    'SOAP',
    'paring',
    'parool',
  ]) {
    expect(response.body, what).not.toContain(secret);
  }
}

type CompanyEntry = { registryCode: string; entry: string };
const entryOf = async (registryCode: string) =>
  ((await representative('GET', '/onboarding/representative/companies')).json() as { companies: CompanyEntry[] }).companies.find(
    (company) => company.registryCode === registryCode,
  )?.entry;

describe('a register that does not answer', () => {
  it.each(FAILURES)('is REGISTER_UNAVAILABLE on $name for the list, the choice, a company typed by hand and the look-up', async (failure) => {
    const { list, choice, manual, lookUp } = await failingAs(failure, async () => ({
      list: await representative('GET', '/onboarding/representative/companies'),
      choice: await representative('POST', '/onboarding/applications', {
        source: 'REGISTER',
        registryCode: REGISTRY_CODES.onePersonOu,
        registryCountryCode: 'EE',
      }),
      manual: await representative('POST', '/onboarding/applications', {
        source: 'MANUAL',
        company: { businessName: 'Käsitsi Kirjutatud OÜ', registryCode: REGISTRY_CODES.onePersonOu, registryCountryCode: 'EE' },
      }),
      lookUp: await representative('GET', `/onboarding/register/companies/EE/${REGISTRY_CODES.onePersonOu}`),
    }));
    expectUnavailable(list, 'the company list');
    expectUnavailable(choice, 'the choice');
    expectUnavailable(manual, 'a company typed by hand');
    expectUnavailable(lookUp, 'the look-up');
    // Neither choice created anything: the company is still a new one, and no manual application is pending.
    expect(await entryOf(REGISTRY_CODES.onePersonOu)).toBe('NEW');
    const answered = (await representative('GET', '/onboarding/representative/companies')).json() as { pendingManualApplication?: unknown };
    expect(answered.pendingManualApplication ?? null).toBeNull();
  });

  it.each(FAILURES)('blocks signing on $name rather than sign on stale facts, and the application stays as it was', async (failure) => {
    const path = `/onboarding/applications/${signable.processId}`;
    const [before, historyBefore] = await Promise.all([signer('GET', path), signer('GET', `${path}/history`)]);
    const { started, contract } = await failingAs(failure, async () => ({
      started: await signWithIdCard(app, signer, signable, JAAK_KRISTJAN.person.personalId),
      contract: await signer('GET', `${path}/contract`),
    }));
    expect(started.outcome).toBeUndefined();
    expectUnavailable({ statusCode: started.started.statusCode, body: JSON.stringify(started.started.body) }, 'the signing start');
    expectUnavailable(contract, 'the contract to read');
    // Not signed, not reopened, not a step changed, no register event recorded.
    const [after, historyAfter] = await Promise.all([signer('GET', path), signer('GET', `${path}/history`)]);
    expect(after.json()).toEqual(before.json());
    expect(historyAfter.json()).toEqual(historyBefore.json());
  });

  it('signs once the register answers again', async () => {
    const { outcome } = await signWithIdCard(app, signer, signable, JAAK_KRISTJAN.person.personalId);
    expect(outcome).toMatchObject({ state: 'SIGNED' });
  });
});
