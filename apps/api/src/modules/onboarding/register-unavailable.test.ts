import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRikStandIn, type RikStandIn } from '../../simulators/rik/start-rik-stand-in.js';
import { buildTestApp } from '../../test/app.js';
import { signInAsRepresentative, type Call } from '../../test/representative.js';
import { createRikRegister, createSimulatedRegister } from '../registry/index.js';
import { REGISTRY_CODES } from '../registry/fixture/companies.js';

/**
 * When the e-Business Register does not answer, the person is told so (503 REGISTER_UNAVAILABLE), never that
 * they represent no company or that the company does not exist, which would send them to typing it by hand
 * and lose the register's verification.
 */

let standIn: RikStandIn;
let app: FastifyInstance;
let representative: Call;

beforeAll(async () => {
  standIn = await startRikStandIn();
  const register = createRikRegister({
    url: standIn.url,
    username: standIn.username,
    password: standIn.password,
    timeoutMs: 2000,
    persons: createSimulatedRegister(),
  });
  app = await buildTestApp({}, { register });
  await app.ready();
  representative = await signInAsRepresentative(app, '40504040001');
}, 60_000);

afterAll(async () => {
  await app?.close();
  await standIn?.close();
});

describe('a register that does not answer', () => {
  it('is REGISTER_UNAVAILABLE for the company list, the choice and the look-up, and nothing is created', async () => {
    standIn.setMode('DOWN');
    try {
      const list = await representative('GET', '/onboarding/representative/companies');
      expect(list.statusCode).toBe(503);
      expect(list.json()).toMatchObject({ code: 'REGISTER_UNAVAILABLE' });
      const choice = await representative('POST', '/onboarding/applications', {
        source: 'REGISTER',
        registryCode: REGISTRY_CODES.onePersonOu,
        registryCountryCode: 'EE',
      });
      expect(choice.statusCode).toBe(503);
      expect(choice.json()).toMatchObject({ code: 'REGISTER_UNAVAILABLE' });
      const lookUp = await representative('GET', `/onboarding/register/companies/EE/${REGISTRY_CODES.onePersonOu}`);
      expect(lookUp.statusCode).toBe(503);
      // The body says nothing of the register's own words or address.
      expect(list.body).not.toContain(standIn.url);
    } finally {
      standIn.setMode('NORMAL');
    }
    const answered = await representative('GET', '/onboarding/representative/companies');
    expect(answered.statusCode).toBe(200);
    const entries = (answered.json() as { companies: { registryCode: string; entry: string }[] }).companies;
    // The failed choice created nothing: the company is still a new one.
    expect(entries.find((company) => company.registryCode === REGISTRY_CODES.onePersonOu)?.entry).toBe('NEW');
  });
});
