import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bankCustomerSchema, integrationApplicationSchema, representativeCompaniesSchema } from '@onboarding/domain';
import { JAAK_KRISTJAN, OK_TESTNUMBER } from '@onboarding/domain/test-support';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.js';
import { applicationFor, fillSteps } from '../../test/application-steps.js';
import { signWithIdCard } from '../../test/id-card-signing.js';
import { integrationClients, integrationToken, type TestClient } from '../../test/integration-clients.js';
import { signInAsRepresentative, type Call } from '../../test/representative.js';
import { REGISTRY_CODES } from '../registry/fixture/companies.js';

/**
 * The bank's list of its customers (/integration/v1/customers, scope customers:manage): what the register cannot
 * say. A company on it is sent to the online bank when its representative chooses it; off it, they may apply.
 * An APPROVED decision puts the company on it.
 */

let app: FastifyInstance;
let token: string;
let readOnlyToken: string;
let representative: Call;

const customerUrl = (registryCode: string, country = 'EE') => `/integration/v1/customers/${country}/${registryCode}`;
const request = (method: 'GET' | 'PUT' | 'DELETE', url: string, bearer: string | null = token) =>
  app.inject({ method, url, headers: bearer === null ? {} : { authorization: `Bearer ${bearer}` } });

/** What the representative's choose-company screen says of the company. */
const entryOf = async (call: Call, registryCode: string) => {
  const companies = representativeCompaniesSchema.parse((await call('GET', '/onboarding/representative/companies')).json());
  return companies.companies.find((company) => company.registryCode === registryCode)?.entry;
};

beforeAll(async () => {
  const registered = await integrationClients([
    { clientId: 'core-banking', scopes: ['applications:read', 'applications:decide', 'customers:manage'] },
    { clientId: 'reporting', scopes: ['applications:read'] },
  ]);
  app = await buildTestApp({
    INTEGRATION_CLIENTS_FILE: registered.file,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'onboarding-customers-')),
    MAIL_SEND_INTERVAL_MS: '600000',
  });
  await app.ready();
  token = await integrationToken(app, registered.clients['core-banking'] as TestClient);
  readOnlyToken = await integrationToken(app, registered.clients.reporting as TestClient);
  representative = await signInAsRepresentative(app, OK_TESTNUMBER.person.personalId);
}, 120_000);

afterAll(async () => {
  await app?.close();
});

describe("the bank's customers", () => {
  it('hold the fixture’s customer in simulated mode, listed by the bank', async () => {
    const response = await request('GET', customerUrl(REGISTRY_CODES.existingAccount));
    expect(response.statusCode).toBe(200);
    expect(bankCustomerSchema.parse(response.json())).toMatchObject({
      registryCountryCode: 'EE',
      registryCode: REGISTRY_CODES.existingAccount,
      source: 'BANK',
    });
    expect(await entryOf(representative, REGISTRY_CODES.existingAccount)).toBe('EXISTING_ACCOUNT');
  });

  it('listed by the bank: the representative is sent to the online bank and cannot start an application; taken off, they can', async () => {
    const code = REGISTRY_CODES.onePersonOu;
    expect(await entryOf(representative, code)).toBe('NEW');
    expect((await request('GET', customerUrl(code))).statusCode).toBe(404);

    const added = await request('PUT', customerUrl(code));
    expect(added.statusCode).toBe(200);
    const customer = bankCustomerSchema.parse(added.json());
    expect(customer).toMatchObject({ registryCode: code, source: 'BANK' });
    // Listing it again changes nothing: the first record stays.
    expect(bankCustomerSchema.parse((await request('PUT', customerUrl(code))).json())).toEqual(customer);

    expect(await entryOf(representative, code)).toBe('EXISTING_ACCOUNT');
    const refused = await representative('POST', '/onboarding/applications', { source: 'REGISTER', registryCode: code, registryCountryCode: 'EE' });
    expect(refused.statusCode).toBe(409);

    const removed = await request('DELETE', customerUrl(code));
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    expect((await request('DELETE', customerUrl(code))).statusCode).toBe(404);
    expect(await entryOf(representative, code)).toBe('NEW');
  });

  it('need the scope customers:manage; an invalid registry code is refused before anything is read', async () => {
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      expect((await request(method, customerUrl(REGISTRY_CODES.onePersonOu), readOnlyToken)).statusCode).toBe(403);
      expect((await request(method, customerUrl(REGISTRY_CODES.onePersonOu), null)).statusCode).toBe(401);
      const invalid = await request(method, customerUrl('19000148'));
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
  });

  it('gain the company of an approved application, in the decision’s transaction', async () => {
    const call = await signInAsRepresentative(app, JAAK_KRISTJAN.person.personalId);
    const application = await fillSteps(call, await applicationFor(call, JAAK_KRISTJAN.company.registryCode), undefined, JAAK_KRISTJAN);
    expect((await signWithIdCard(app, call, application, JAAK_KRISTJAN.person.personalId)).outcome?.application?.status).toBe('SUBMITTED');
    const read = await app.inject({
      method: 'GET',
      url: `/integration/v1/applications/${application.processId}`,
      headers: { authorization: `Bearer ${token}` },
    });
    const { version } = integrationApplicationSchema.parse(read.json());

    const approved = await app.inject({
      method: 'POST',
      url: `/integration/v1/applications/${application.processId}/decisions`,
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': crypto.randomUUID() },
      payload: { applicationVersion: version, decision: { type: 'APPROVED', accountNumber: 'EE382200221020145685' } },
    });
    expect(approved.statusCode).toBe(201);
    const customer = await request('GET', customerUrl(JAAK_KRISTJAN.company.registryCode));
    expect(customer.json()).toMatchObject({ registryCode: JAAK_KRISTJAN.company.registryCode, source: 'APPROVED' });
  });
});
