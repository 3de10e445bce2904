import {
  COMPLETE_APPLICATION_COMPANY,
  COMPLETE_APPLICATION_REPRESENTATIVE,
  completeOverview,
  completeRelatedPersons,
  completeRepresentativePerson,
  REPRESENTATIVE_PERSON_ID,
} from '@onboarding/domain/test-support';
import { createRelatedPersonsSchema, parseWithIssues } from '@onboarding/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.js';
import { applicationFor, fillSteps, saveStep } from '../../test/application-steps.js';
import { signInAsRepresentative, type Call } from '../../test/representative.js';
import { REGISTRY_CODES } from '../registry/fixture/companies.js';

/**
 * The related persons step and the review before signing
 * (docs/requirements.md sections 3 and 5): the register's pre-fill, the server
 * refusing what the browser refuses with the same codes, and the whole
 * application checked again.
 */

let app: FastifyInstance;
let jaak: Call;

beforeAll(async () => {
  app = await buildTestApp();
  await app.ready();
  jaak = await signInAsRepresentative(app, COMPLETE_APPLICATION_REPRESENTATIVE.personalId);
});

afterAll(async () => {
  await app.close();
});

type Prefill = { shareholders: { personId: string; sharePercent: number }[]; relatedPersons: Record<string, unknown>[] };

describe('GET related-persons/register', () => {
  it('fills the two-level chain: the holding, its owners, and their owner, each marked from the register', async () => {
    const ok = await signInAsRepresentative(app, '40504040001');
    const application = await applicationFor(ok, REGISTRY_CODES.chainAs);
    const response = await ok('GET', `/onboarding/applications/${application.processId}/related-persons/register`);
    expect(response.statusCode).toBe(200);
    const prefill = response.json() as Prefill;
    const first = `entity:EE:${REGISTRY_CODES.chainHoldingFirst}`;
    const second = `entity:EE:${REGISTRY_CODES.chainHoldingSecond}`;
    expect(prefill.shareholders).toEqual([{ personId: first, sharePercent: 100 }]);
    const byId = new Map(prefill.relatedPersons.map((person) => [person.id, person]));
    expect(byId.get(first)).toMatchObject({
      type: 'LEGAL_ENTITY',
      businessName: 'Põhjala Grupp OÜ',
      shareholders: [
        { personId: second, sharePercent: 50 },
        { personId: 'person:EE:38001085718', sharePercent: 50 },
      ],
    });
    expect(byId.get(second)).toMatchObject({
      type: 'LEGAL_ENTITY',
      businessName: 'Laane Invest OÜ',
      shareholders: [{ personId: 'person:EE:40504040001', sharePercent: 100 }],
    });
    expect(byId.get('person:EE:40504040001')).toMatchObject({
      roles: ['REPRESENTATIVE', 'MANAGEMENT_BOARD_MEMBER', 'BENEFICIARY', 'SHAREHOLDER'],
      beneficiarySharePercent: 50,
    });
    expect(prefill.relatedPersons.every((person) => person.isFromRegister === true)).toBe(true);
  });

  it('has nothing to give for a company the register does not know', async () => {
    const response = await jaak('POST', '/onboarding/applications', { source: 'MANUAL', company: { businessName: 'Käsitsi OÜ', registryCountryCode: 'EE' } });
    const { processId } = (response.json() as { application: { processId: string } }).application;
    expect((await jaak('GET', `/onboarding/applications/${processId}/related-persons/register`)).json()).toEqual({ shareholders: [], relatedPersons: [] });
  });

  it("answers another representative's application as missing", async () => {
    const application = await applicationFor(jaak, COMPLETE_APPLICATION_COMPANY.registryCode);
    const other = await signInAsRepresentative(app, '60001019906');
    for (const url of ['related-persons/register', 'review']) {
      const response = await other('GET', `/onboarding/applications/${application.processId}/${url}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });
});

describe('PUT steps/RelatedPersons', () => {
  const context = {
    company: { registryCode: COMPLETE_APPLICATION_COMPANY.registryCode, registryCountryCode: 'EE', isListedCompany: false },
    representative: COMPLETE_APPLICATION_REPRESENTATIVE,
  };
  const person = completeRepresentativePerson;
  const holding = (sharePercent: number) => [{ personId: REPRESENTATIVE_PERSON_ID, sharePercent }];

  it.each([
    ['first-level owners at 85%', { ...completeRelatedPersons(), shareholders: holding(85) }],
    ['first-level owners at 110%', { ...completeRelatedPersons(), shareholders: holding(110) }],
    ['no owner and no board member', { shareholders: [], relatedPersons: [{ ...person(), roles: ['REPRESENTATIVE'] }] }],
    [
      'the same person twice',
      {
        shareholders: holding(100),
        relatedPersons: [
          person(),
          {
            ...person(),
            id: 'copy',
            roles: ['SUPERVISORY_BOARD_MEMBER'],
            isBeneficialOwner: false,
            benefitType: undefined,
            beneficiarySharePercent: undefined,
          },
        ],
      },
    ],
    [
      'another person as the representative',
      { shareholders: holding(100), relatedPersons: [{ ...person(), personalId: '60001019906', taxResidences: [{ countryCode: 'EE', tin: '1' }] }] },
    ],
    [
      'an entity owning itself through another',
      {
        shareholders: [{ personId: 'e1', sharePercent: 100 }],
        relatedPersons: [
          { ...person(), roles: ['REPRESENTATIVE', 'MANAGEMENT_BOARD_MEMBER', 'BENEFICIARY'] },
          {
            id: 'e1',
            type: 'LEGAL_ENTITY',
            roles: ['SHAREHOLDER'],
            businessName: 'Üks OÜ',
            registryCode: '19015524',
            shareholders: [{ personId: 'e2', sharePercent: 100 }],
          },
          {
            id: 'e2',
            type: 'LEGAL_ENTITY',
            roles: ['SHAREHOLDER'],
            businessName: 'Kaks OÜ',
            registryCode: '19016653',
            shareholders: [{ personId: 'e1', sharePercent: 100 }],
          },
        ],
      },
    ],
    [
      'an unfinished person and a wrong total',
      { shareholders: holding(60), relatedPersons: [{ ...person(), birthCountryCode: undefined, taxResidences: [] }] },
    ],
    [
      'a nested owner listed nowhere',
      {
        ...completeRelatedPersons(),
        relatedPersons: [
          person(),
          { id: 'e9', type: 'LEGAL_ENTITY', roles: ['SHAREHOLDER'], businessName: 'Üleliigne OÜ', registryCode: '19016653', shareholders: [] },
        ],
      },
    ],
  ])('refuses %s with the codes the browser computes', async (_, data) => {
    const application = await fillSteps(jaak, await applicationFor(jaak, COMPLETE_APPLICATION_COMPANY.registryCode), 'RelatedPersons');
    const response = await saveStep(jaak, application, 'RelatedPersons', data);
    expect(response.statusCode).toBe(400);
    const expected = parseWithIssues(createRelatedPersonsSchema(context), data);
    expect(expected.success).toBe(false);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: expected.success ? [] : expected.issues });
  });

  it('accepts the complete structure and moves on to the overview', async () => {
    const application = await fillSteps(jaak, await applicationFor(jaak, COMPLETE_APPLICATION_COMPANY.registryCode), 'RelatedPersons');
    const response = await saveStep(jaak, application, 'RelatedPersons', completeRelatedPersons());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ currentStep: 'AdditionalData' });
  });
});

describe('GET review', () => {
  it('lists the steps still missing, then finds the complete application ready to sign', async () => {
    const started = await applicationFor(jaak, COMPLETE_APPLICATION_COMPANY.registryCode);
    const partial = await fillSteps(jaak, started, 'AdditionalData');
    const before = (await jaak('GET', `/onboarding/applications/${partial.processId}/review`)).json() as {
      isComplete: boolean;
      steps: { step: string; isComplete: boolean }[];
    };
    expect(before.isComplete).toBe(false);
    expect(before.steps.filter((step) => !step.isComplete).map((step) => step.step)).toEqual(['ApplicationOverview']);

    const saved = await saveStep(jaak, partial, 'AdditionalData', completeOverview());
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ currentStep: 'ApplicationOverview' });
    const after = await jaak('GET', `/onboarding/applications/${partial.processId}/review`);
    expect(after.json()).toMatchObject({ isComplete: true, notices: { hasNonResidentOwner: false, hasSpecificFieldOfActivity: false } });
  });

  it('refuses an identification location that is not one of the offices, or not of the type chosen', async () => {
    const application = await fillSteps(jaak, await applicationFor(jaak, COMPLETE_APPLICATION_COMPANY.registryCode), 'AdditionalData');
    for (const identificationLocation of [
      { type: 'BRANCH', officeId: 'nowhere-1' },
      { type: 'BANKING_POINT', officeId: 'tallinn-1' },
    ]) {
      const response = await saveStep(jaak, application, 'AdditionalData', { ...completeOverview(), identificationLocation });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ fields: [{ path: 'identificationLocation.officeId', code: 'incorrectValue' }] });
    }
  });

  it('notices a non-resident shareholder', async () => {
    const application = await fillSteps(jaak, await applicationFor(jaak, COMPLETE_APPLICATION_COMPANY.registryCode), 'RelatedPersons');
    const matti = {
      ...completeRepresentativePerson(),
      id: 'matti',
      roles: ['SHAREHOLDER'],
      firstName: 'Matti',
      lastName: 'Virtanen',
      personalId: '',
      personalIdCountryCode: 'FI',
      birthDate: '1975-06-14',
      birthCountryCode: 'FI',
      nationalityCountryCode: 'FI',
      residentialAddress: { countryCode: 'FI', city: 'Helsinki', street: 'Mannerheimintie 1', postalCode: '00100' },
      residentialCountryCode: 'FI',
      residency: 'NON_RESIDENT',
      livesAndWorksMostlyInEstonia: false,
      taxResidences: [{ countryCode: 'FI', tin: '140675-123A' }],
      isBeneficialOwner: false,
      beneficiarySharePercent: undefined,
      benefitType: undefined,
    };
    const data = {
      shareholders: [
        { personId: REPRESENTATIVE_PERSON_ID, sharePercent: 70 },
        { personId: 'matti', sharePercent: 30 },
      ],
      relatedPersons: [completeRepresentativePerson(), matti],
    };
    const saved = await saveStep(jaak, application, 'RelatedPersons', data);
    expect(saved.statusCode, saved.body).toBe(200);
    const review = (await jaak('GET', `/onboarding/applications/${application.processId}/review`)).json() as { notices: { hasNonResidentOwner: boolean } };
    expect(review.notices.hasNonResidentOwner).toBe(true);
  });
});
