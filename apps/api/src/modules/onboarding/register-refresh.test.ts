import { JAAK_KRISTJAN } from '@onboarding/domain/test-support';
import type { ApplicationHistory } from '@onboarding/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.js';
import { applicationFor, fillSteps, saveStep, type TestApplication } from '../../test/application-steps.js';
import { signWithIdCard } from '../../test/id-card-signing.js';
import { signInAsRepresentative, type Call } from '../../test/representative.js';
import { FIXTURE_COMPANIES, REGISTRY_CODES } from '../registry/fixture/companies.js';
import { katrinIlves } from '../registry/fixture/persons.js';
import type { FixtureCompany } from '../registry/fixture/types.js';
import { createSimulatedRegister } from '../registry/simulated-register.js';

/**
 * The register is asked again before the contract is drawn up: signing starts
 * only on facts at most REGISTER_FACTS_MAX_AGE_MINUTES old (0 here, so every
 * start asks). A register that changed stops the signing, says what changed
 * and reopens the step it touches. The register is the simulator over a copy
 * of the fixture that the tests change, as the live register changes.
 */

const companies: FixtureCompany[] = structuredClone([...FIXTURE_COMPANIES]);

let app: FastifyInstance;
let call: Call;

beforeAll(async () => {
  app = await buildTestApp({ REGISTER_FACTS_MAX_AGE_MINUTES: '0' }, { register: createSimulatedRegister({ companies }) });
  await app.ready();
  call = await signInAsRepresentative(app, JAAK_KRISTJAN.person.personalId, 'en');
});

afterAll(async () => {
  await app.close();
});

type Review = { isComplete: boolean; steps: { step: string; isComplete: boolean; issues: { code: string }[] }[]; discrepancies: { fact: string }[] };

describe('register facts are read again before signing', () => {
  it('signs when the register still says the same, and records the check without a new version', async () => {
    const application = await fillSteps(call, await applicationFor(call, REGISTRY_CODES.testPersonOu));
    const { started, outcome } = await signWithIdCard(app, call, application, JAAK_KRISTJAN.person.personalId);
    expect(started.statusCode).toBe(200);
    expect(outcome).toMatchObject({ state: 'SIGNED', application: { followUp: 'PAY_SERVICE_FEE' } });
    const history = (await call('GET', `/onboarding/applications/${application.processId}/history`)).json() as ApplicationHistory;
    expect(history.events.filter((event) => event.type === 'REGISTER_CHECKED')).toEqual([expect.objectContaining({ actor: 'register', source: 'REGISTER' })]);
  });

  it('stops when a board member joined, says so and reopens the related persons step until it is saved again', async () => {
    const other = companies.find((candidate) => candidate.registryCode === REGISTRY_CODES.onePersonOu);
    if (!other) throw new Error('the fixture has no Näidis Tehnoloogia OÜ');
    const okCall = await signInAsRepresentative(app, '40504040001', 'en');
    const subject = {
      company: {
        businessName: other.businessName,
        registryCode: other.registryCode,
        legalAddress: {
          countryCode: 'EE',
          county: 'Harju maakond',
          district: 'Tallinn',
          city: 'Kesklinna linnaosa',
          street: 'Narva mnt 5',
          postalCode: '10117',
        },
        mainFieldOfActivityCode: '62011',
      },
      person: { personalId: '40504040001', firstName: 'OK', lastName: 'TESTNUMBER', birthDate: '1905-04-04' },
    };
    let current = await fillSteps(okCall, await applicationFor(okCall, other.registryCode), undefined, subject);

    other.managementBoard.push(katrinIlves);
    const refused = await signWithIdCard(app, okCall, current, subject.person.personalId);
    expect(refused.started.statusCode).toBe(409);
    expect(refused.started.body).toMatchObject({ code: 'REGISTER_CHANGED', registerChanges: [{ fact: 'MANAGEMENT_BOARD', step: 'RelatedPersons' }] });

    current = (await okCall('GET', `/onboarding/applications/${current.processId}`)).json() as TestApplication;
    expect(current.currentStep).toBe('RelatedPersons');
    const review = (await okCall('GET', `/onboarding/applications/${current.processId}/review`)).json() as Review;
    expect(review.isComplete).toBe(false);
    expect(review.steps.find((step) => step.step === 'RelatedPersons')).toMatchObject({ isComplete: false, issues: [{ code: 'registerChanged' }] });
    expect(review.discrepancies.map((discrepancy) => discrepancy.fact)).toContain('MANAGEMENT_BOARD');

    // Saving the step again (here as it was: the declaration stays beside the register's new board) and the overview signs.
    const steps = (await okCall('GET', `/onboarding/applications/${current.processId}`)).json() as TestApplication & { steps: Record<string, unknown> };
    for (const step of ['RelatedPersons', 'AdditionalData'] as const) {
      const response = await saveStep(okCall, current, step, steps.steps[step]);
      expect(response.statusCode, response.body).toBe(200);
      current = response.json() as TestApplication;
    }
    const signed = await signWithIdCard(app, okCall, current, subject.person.personalId);
    expect(signed.outcome).toMatchObject({ state: 'SIGNED', application: { followUp: 'MANAGER_CONTACT' } });
  });

  it('stops when the company went into liquidation, and signing stays refused', async () => {
    const chain = companies.find((candidate) => candidate.registryCode === REGISTRY_CODES.chainAs);
    if (!chain) throw new Error('the fixture has no Põhjala Puit AS');
    const okCall = await signInAsRepresentative(app, '40504040001', 'en');
    const subject = {
      company: { businessName: chain.businessName, registryCode: chain.registryCode },
      person: { personalId: '40504040001', firstName: 'OK', lastName: 'TESTNUMBER', birthDate: '1905-04-04' },
    };
    const application = await fillSteps(okCall, await applicationFor(okCall, chain.registryCode), 'Incomes', subject);
    chain.status = 'IN_LIQUIDATION';
    const refused = await signWithIdCard(app, okCall, application, '40504040001');
    expect(refused.started.body).toMatchObject({ code: 'REGISTER_CHANGED', registerChanges: [{ fact: 'STATUS', step: 'CompanyData' }] });
    const current = (await okCall('GET', `/onboarding/applications/${application.processId}`)).json() as TestApplication;
    expect(current.currentStep).toBe('CompanyData');
    const review = (await okCall('GET', `/onboarding/applications/${application.processId}/review`)).json() as Review;
    expect(review.steps.find((step) => step.step === 'CompanyData')).toMatchObject({ isComplete: false, issues: [{ code: 'blockedByRegister' }] });
    const again = await signWithIdCard(app, okCall, current, '40504040001');
    expect(again.started.statusCode).toBe(409);
    expect(again.started.body).toMatchObject({ code: 'CONFLICT' });
  });
});
