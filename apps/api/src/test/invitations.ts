import type { IntegrationScope } from '@onboarding/domain';
import { completeRepresentativePerson, completeSteps, JOINT_BOARD_MEMBER } from '@onboarding/domain/test-support';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { mailOutbox } from '../db/schema.js';
import { buildTestApp } from './app.js';
import { integrationClients, type TestClient } from './integration-clients.js';
import { applicationFor, saveStep, type TestApplication } from './application-steps.js';
import { signInAsRepresentative, type Call } from './representative.js';

/** Katrin Ilves, the other board member of the register fixture's jointly represented company. */
export const KATRIN = '47103220312';

/** Katrin Ilves as the applicant declares her on the related persons step: a board member, resident in Estonia. */
export const katrinAsDeclared = () => ({
  ...completeRepresentativePerson(JOINT_BOARD_MEMBER),
  id: `person:EE:${KATRIN}`,
  roles: ['MANAGEMENT_BOARD_MEMBER'],
  firstName: 'Katrin',
  lastName: 'Ilves',
  personalId: KATRIN,
  birthDate: '1971-03-22',
  taxResidences: [{ countryCode: 'EE', tin: KATRIN }],
  isBeneficialOwner: false,
  beneficiarySharePercent: undefined,
  benefitType: undefined,
});

/** The jointly represented company's application with every step saved, Katrin Ilves declared among the persons if asked. */
export async function filledJointApplication(app: FastifyInstance, { declaringKatrin = false } = {}): Promise<{ call: Call; application: TestApplication }> {
  const call = await signInAsRepresentative(app, JOINT_BOARD_MEMBER.person.personalId);
  let application = await applicationFor(call, JOINT_BOARD_MEMBER.company.registryCode);
  for (const [step, data] of completeSteps(JOINT_BOARD_MEMBER)) {
    const withKatrin = step === 'RelatedPersons' && declaringKatrin ? { ...data, relatedPersons: [...data.relatedPersons, katrinAsDeclared()] } : data;
    const saved = await saveStep(call, application, step, withKatrin);
    expect(saved.statusCode, saved.body).toBe(200);
    application = saved.json() as TestApplication;
  }
  return { call, application };
}

/** The token in the newest mail of `template` to `email`, as the invited person finds it in their mailbox. */
export async function tokenMailedTo(
  app: FastifyInstance,
  email: string,
  template: 'CO_SIGNING_INVITATION' | 'DETAILS_REQUEST' = 'CO_SIGNING_INVITATION',
): Promise<string> {
  const [mail] = await app.database.db
    .select({ text: mailOutbox.text })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.recipient, email), eq(mailOutbox.template, template)))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  const token = /\/start\/invitation\/([\w-]{43})/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`no ${template} was mailed to ${email}`);
  return token;
}

/** A test app on a database of its own, with one bank client of the integration API holding `scopes`. */
export async function appWithBank(scopes: IntegrationScope[]): Promise<{ app: FastifyInstance; bank: TestClient }> {
  const registered = await integrationClients([{ clientId: 'bank', scopes }]);
  const app = await buildTestApp({ INTEGRATION_CLIENTS_FILE: registered.file });
  await app.ready();
  return { app, bank: registered.clients.bank as TestClient };
}
