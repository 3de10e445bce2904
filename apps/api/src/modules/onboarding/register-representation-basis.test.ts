import type { ApplicationView } from '@onboarding/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.js';
import { signInAsRepresentative } from '../../test/representative.js';
import { REGISTRY_CODES } from '../registry/fixture/companies.js';

/**
 * The application tells its representative's right to represent the company as the register names it, so the
 * company step starts from it (ADR 0007: the register's fact, beside what the applicant declares).
 */

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp();
  await app.ready();
});

afterAll(async () => {
  await app.close();
});

describe('the representation basis the register gives', () => {
  it.each([
    // 60001018800 holds a procura of Mereranna Disain OÜ; 40404049985 is on the board of Põhjala Puit AS.
    ['a procura holder', '60001018800', { source: 'REGISTER', registryCode: REGISTRY_CODES.maryAnnNew, registryCountryCode: 'EE' }, 'AUTHORIZED_PERSON'],
    ['a board member', '40404049985', { source: 'REGISTER', registryCode: REGISTRY_CODES.chainAs, registryCountryCode: 'EE' }, 'MANAGEMENT_BOARD_MEMBER'],
    // 30303039903 represents no company: one typed by hand has no register, so no basis.
    ['a company typed by hand', '30303039903', { source: 'MANUAL', company: { businessName: 'Käsitsi Firma OÜ', registryCountryCode: 'EE' } }, null],
  ])('%s', async (_case, personalId, request, basis) => {
    const call = await signInAsRepresentative(app, personalId, 'en');
    const created = await call('POST', '/onboarding/applications', request);
    expect(created.statusCode, created.body).toBe(200);
    const application = (created.json() as { application: ApplicationView }).application;
    expect(application.company.representationBasis).toBe(basis);
    const reloaded = (await call('GET', `/onboarding/applications/${application.processId}`)).json() as ApplicationView;
    expect(reloaded.company.representationBasis).toBe(basis);
  });
});
