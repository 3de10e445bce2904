import { APPLICATION_SUBMITTED_EVENT, integrationApplicationSchema } from '@onboarding/domain';
import { COMPLETE_APPLICATION_COMPANY, completeRepresentativePerson, REPRESENTATIVE_PERSON_ID, type ApplicationSubject } from '@onboarding/domain/test-support';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventOutbox } from '../../db/schema.js';
import { buildTestApp } from '../../test/app.js';
import { applicationFor, fillSteps, saveStep } from '../../test/application-steps.js';
import { signWithIdCard } from '../../test/id-card-signing.js';
import { integrationClients, integrationToken, type TestClient } from '../../test/integration-clients.js';
import { signInAsRepresentative, type Call } from '../../test/representative.js';
import { REGISTRY_CODES } from '../registry/fixture/companies.js';

/**
 * The beneficial owners as the e-Business Register states them, and the beneficiaries' total of decision 34:
 * the step is told whom the register names, how many it counts without naming and which notices are filed; a total
 * under 100% stands only with the applicant's confirmation, which the bank sees; and owners the register does not
 * name never let an application through without a person at the bank.
 */

let app: FastifyInstance;
let readToken: string;
let jaak: Call;
let ok: Call;

beforeAll(async () => {
  const registered = await integrationClients([{ clientId: 'core-banking', scopes: ['applications:read'] }]);
  app = await buildTestApp({ INTEGRATION_CLIENTS_FILE: registered.file, MAIL_SEND_INTERVAL_MS: '600000' });
  await app.ready();
  readToken = await integrationToken(app, registered.clients['core-banking'] as TestClient);
  jaak = await signInAsRepresentative(app, '38001085718');
  ok = await signInAsRepresentative(app, '60001017869');
}, 120_000);

afterAll(async () => {
  await app.close();
});

const registerOf = async (call: Call, registryCode: string) => {
  const application = await applicationFor(call, registryCode);
  const response = await call('GET', `/onboarding/applications/${application.processId}/related-persons/register`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { beneficialOwnership?: unknown }).beneficialOwnership;
};

describe('GET related-persons/register: the register’s word on the beneficial owners', () => {
  it('names each owner with the manner of control in the register’s words, and the discrepancy notice filed about one', async () => {
    expect(await registerOf(ok, REGISTRY_CODES.discrepancyNotice)).toEqual({
      owners: [
        {
          firstName: 'OK',
          lastName: 'TESTNUMBER',
          personalId: '60001017869',
          birthDate: '2000-01-01',
          benefitType: 'SHARE_OWNERSHIP',
          beneficiarySharePercent: 60,
          controlTypeCode: 'O',
          controlTypeName: 'otsene osalus',
        },
        expect.objectContaining({ firstName: 'Siim', lastName: 'Oja', beneficiarySharePercent: 40, hasDiscrepancyNotice: true }),
      ],
      hidden: 0,
      hasMissingDataNotice: false,
    });
  });

  it('counts the owners it does not name', async () => {
    expect(await registerOf(ok, REGISTRY_CODES.hiddenBeneficialOwners)).toMatchObject({ owners: [{ personalId: '60001017869' }], hidden: 1 });
  });
});

/** Jaak-Kristjan holds 85% and is the one beneficial owner; Siim holds 15% and controls nothing. */
const belowHundred = (confirmation: Record<string, unknown>) => {
  const siim = {
    ...completeRepresentativePerson(),
    id: 'siim',
    roles: ['SHAREHOLDER'],
    firstName: 'Siim',
    lastName: 'Oja',
    personalId: '38802050512',
    birthDate: '1988-02-05',
    taxResidences: [{ countryCode: 'EE', tin: '38802050512' }],
    isBeneficialOwner: false,
    beneficiarySharePercent: undefined,
    benefitType: undefined,
  };
  return {
    shareholders: [
      { personId: REPRESENTATIVE_PERSON_ID, sharePercent: 85 },
      { personId: 'siim', sharePercent: 15 },
    ],
    relatedPersons: [{ ...completeRepresentativePerson(), beneficiarySharePercent: 85 }, siim],
    ...confirmation,
  };
};

describe('PUT steps/RelatedPersons: beneficial owners under 100%', () => {
  it.each([
    ['without the confirmation', {}],
    ['with the confirmation declined', { hasNoOtherBeneficialOwners: false }],
  ])('refuses a total of 85%% %s', async (_, confirmation) => {
    const application = await fillSteps(jaak, await applicationFor(jaak, COMPLETE_APPLICATION_COMPANY.registryCode), 'RelatedPersons');
    const response = await saveStep(jaak, application, 'RelatedPersons', belowHundred(confirmation));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: [{ path: 'relatedPersons.0', code: 'beneficiariesTotalNotEqual', params: { total: 85, expected: 100 } }],
    });
  });

  it('accepts it with the confirmation, keeps the confirmation, and shows both in the facts', async () => {
    const application = await fillSteps(jaak, await applicationFor(jaak, COMPLETE_APPLICATION_COMPANY.registryCode), 'RelatedPersons');
    const response = await saveStep(jaak, application, 'RelatedPersons', belowHundred({ hasNoOtherBeneficialOwners: true }));
    expect(response.statusCode, response.body).toBe(200);
    const view = (await jaak('GET', `/onboarding/applications/${application.processId}`)).json() as { steps: { RelatedPersons?: Record<string, unknown> } };
    expect(view.steps.RelatedPersons?.hasNoOtherBeneficialOwners).toBe(true);
    const review = (await jaak('GET', `/onboarding/applications/${application.processId}/review`)).json() as { facts: Record<string, unknown> };
    expect(review.facts.beneficialOwnersBelowHundred).toEqual({ value: { totalPercent: 85, hasNoOtherBeneficialOwners: true }, source: 'APPLICANT' });
  });

  it('still refuses a total over 100%, confirmed or not', async () => {
    const application = await fillSteps(jaak, await applicationFor(jaak, COMPLETE_APPLICATION_COMPANY.registryCode), 'RelatedPersons');
    const step = belowHundred({ hasNoOtherBeneficialOwners: true });
    const [jaakKristjan, siim] = step.relatedPersons;
    // 85% and 20%: a stake a holding of 15% cannot give, so the two exceed the whole company.
    const over = {
      ...step,
      relatedPersons: [
        jaakKristjan,
        {
          ...siim,
          roles: ['SHAREHOLDER', 'BENEFICIARY'],
          isBeneficialOwner: true,
          benefitType: 'OTHER',
          benefitTypeOther: 'Leping',
          beneficiarySharePercent: 20,
        },
      ],
    };
    const response = await saveStep(jaak, application, 'RelatedPersons', over);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      fields: [
        { path: 'relatedPersons.0', code: 'beneficiariesTotalTooBig', params: { total: 105 } },
        { path: 'relatedPersons.1', code: 'beneficiariesTotalTooBig' },
      ],
    });
  });
});

describe('a submitted application whose register counts a beneficial owner it does not name', () => {
  const subject: ApplicationSubject = {
    company: {
      businessName: 'Varjatud Kasusaaja OÜ',
      registryCode: REGISTRY_CODES.hiddenBeneficialOwners,
      legalAddress: { countryCode: 'EE', county: 'Pärnu maakond', district: 'Pärnu linn', city: 'Pärnu', street: 'Riia mnt 11', postalCode: '80010' },
      mainFieldOfActivityCode: '70221',
    },
    person: { personalId: '60001017869', firstName: 'OK', lastName: 'TESTNUMBER', birthDate: '2000-01-01' },
  };
  let processId: string;

  beforeAll(async () => {
    const application = await fillSteps(ok, await applicationFor(ok, subject.company.registryCode), undefined, subject);
    const { outcome } = await signWithIdCard(app, ok, application, subject.person.personalId);
    expect(outcome?.application?.status).toBe('SUBMITTED');
    processId = application.processId;
  }, 120_000);

  it('goes to a manager though the declaration agrees with every name the register gives', async () => {
    const [event] = await app.database.db
      .select()
      .from(eventOutbox)
      .where(and(eq(eventOutbox.processId, processId), eq(eventOutbox.type, APPLICATION_SUBMITTED_EVENT)));
    expect((event?.event as { data: Record<string, unknown> } | undefined)?.data).toMatchObject({
      followUp: 'MANAGER_CONTACT',
      hasDiscrepancies: false,
      unverifiedFacts: ['BENEFICIAL_OWNERS'],
    });
  });

  it('shows the bank the register’s count in the integration API', async () => {
    const whole = await app.inject({ method: 'GET', url: `/integration/v1/applications/${processId}`, headers: { authorization: `Bearer ${readToken}` } });
    expect(whole.statusCode, whole.body).toBe(200);
    const application = integrationApplicationSchema.parse(whole.json());
    expect(application.facts.hiddenBeneficialOwners).toMatchObject({ value: 1, source: 'REGISTER' });
    expect(application.unverifiedFacts).toEqual(['BENEFICIAL_OWNERS']);
  });
});
