import { completeSteps, type ApplicationSubject } from '@onboarding/domain/test-support';
import type { Page } from 'playwright-core';
import { confirmationCodeFor } from './journey.js';

type PageGlobals = {
  sessionStorage: { getItem(key: string): string | null };
  fetch: (url: string, init: { method: string; headers: Record<string, string>; body?: string }) => Promise<{ status: number; text(): Promise<string> }>;
};

/** A call to the onboarding API from inside the page, with the signed-in user's access token. */
export async function callApi(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const globals = globalThis as unknown as PageGlobals;
      const token = globals.sessionStorage.getItem('accessToken') ?? '';
      const response = await globals.fetch(path, {
        method,
        // A JSON content type with no body is a request the server cannot read: only a call with a body says it.
        headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: response.status, json: JSON.parse(await response.text()) as unknown };
    },
    { method, path, body },
  );
}

/**
 * Starts the signed-in representative's application for a register company
 * and saves its steps through the API, up to (not including) `until`, so a
 * journey about a later screen starts there; then opens that screen.
 */
export async function fillStepsThroughApi(
  page: Page,
  baseUrl: string,
  subject: ApplicationSubject,
  until: string,
  screen: string,
  options: { relatedPersons?: (fromRegister: RelatedPersonsStep) => RelatedPersonsStep } = {},
): Promise<string> {
  const { company } = subject;
  // A subject without a registry code stands for a company typed in by hand.
  const request = company.registryCode
    ? { source: 'REGISTER', registryCode: company.registryCode, registryCountryCode: 'EE' }
    : { source: 'MANUAL', company: { businessName: company.businessName, registryCountryCode: 'EE' } };
  // The register is asked only with the representative's consent (docs/requirements.md section 1): given here, as
  // the personal information screen gives it, unless the journey has given it already (with its own e-mail
  // address).
  const representative = await callApi(page, 'GET', '/onboarding/representative');
  if ((representative.json as { hasConsentedToRegistryQueries?: boolean }).hasConsentedToRegistryQueries !== true) {
    const consent = { email: 'representative@example.ee', phone: '+372 5123 4567', hasConsentedToRegistryQueries: true, language: 'en' };
    const consented = await callApi(page, 'PUT', '/onboarding/representative/personal-information', consent);
    if (consented.status !== 200) throw new Error(`giving consent answered ${String(consented.status)}`);
  }
  await confirmEmailThroughApi(page, baseUrl);
  const created = await callApi(page, 'POST', '/onboarding/applications', request);
  if (created.status !== 200) throw new Error(`creating the application answered ${String(created.status)}`);
  let application = (created.json as { application: { processId: string; version: number } }).application;
  for (const [step, completeData] of completeSteps(subject)) {
    if (step === until) break;
    const data =
      step === 'RelatedPersons' && options.relatedPersons
        ? options.relatedPersons(
            (await callApi(page, 'GET', `/onboarding/applications/${application.processId}/related-persons/register`)).json as RelatedPersonsStep,
          )
        : completeData;
    const saved = await callApi(page, 'PUT', `/onboarding/applications/${application.processId}/steps/${step}`, { version: application.version, data });
    if (saved.status !== 200) throw new Error(`saving ${step} answered ${String(saved.status)}: ${JSON.stringify(saved.json)}`);
    application = saved.json as typeof application;
  }
  await page.goto(`${baseUrl}/start/application/${screen}?processId=${application.processId}&lang=en`);
  return application.processId;
}

/** The signed-in representative's current application as the API answers it. */
export async function readApplication(page: Page): Promise<{ currentStep: string; steps: Record<string, unknown>; drafts: Record<string, unknown> }> {
  const processId = await page.evaluate(() => (globalThis as unknown as PageGlobals).sessionStorage.getItem('processId'));
  const response = await page.evaluate(async (id) => {
    const globals = globalThis as unknown as PageGlobals;
    const token = globals.sessionStorage.getItem('accessToken') ?? '';
    const answer = await globals.fetch(`/onboarding/applications/${id ?? ''}`, { method: 'GET', headers: { authorization: `Bearer ${token}` } });
    return answer.text();
  }, processId);
  return JSON.parse(response) as { currentStep: string; steps: Record<string, unknown>; drafts: Record<string, unknown> };
}

type RegisterPerson = Record<string, unknown> & {
  type: string;
  roles: string[];
  personalId?: string;
  residentialCountryCode?: string;
  nationalityCountryCode?: string;
  residency?: string;
};
export type RelatedPersonsStep = { shareholders: { personId: string; sharePercent: number }[]; relatedPersons: RegisterPerson[] };

/**
 * The register's related persons with what the register does not know filled
 * in as a person would (birth country, address, tax residence, the yes/no
 * answers), for journeys that need the step saved but are about a later screen.
 */
export function completeRegisterPersons(step: RelatedPersonsStep): RelatedPersonsStep {
  return {
    ...step,
    relatedPersons: step.relatedPersons.map((person) => {
      if (person.type !== 'PRIVATE_PERSON') return person;
      const country = person.residentialCountryCode ?? 'EE';
      return {
        ...person,
        birthCountryCode: person.nationalityCountryCode ?? country,
        residentialAddress: { countryCode: country, city: country === 'EE' ? 'Tartu' : 'Helsinki', street: 'Turu 2', postalCode: '51004' },
        isEResident: false,
        livesAndWorksMostlyInEstonia: person.residency === 'RESIDENT',
        taxResidences: [{ countryCode: country, tin: person.personalId ?? 'TIN-123456' }],
        isBeneficialOwner: person.roles.includes('BENEFICIARY'),
        isPep: false,
      };
    }),
  };
}

/** Confirms the saved e-mail address as the screen would, with the code from the dev mailbox; nothing if it is confirmed. */
export async function confirmEmailThroughApi(page: Page, baseUrl: string): Promise<void> {
  const representative = (await callApi(page, 'GET', '/onboarding/representative')).json as { email: string; isEmailConfirmed: boolean };
  if (representative.isEmailConfirmed) return;
  const sent = await callApi(page, 'POST', '/onboarding/representative/email-confirmation/code');
  if (sent.status !== 202) throw new Error(`sending the confirmation code answered ${String(sent.status)}`);
  const code = await confirmationCodeFor(baseUrl, representative.email);
  const confirmed = await callApi(page, 'POST', '/onboarding/representative/email-confirmation', { code });
  if (confirmed.status !== 200) throw new Error(`confirming the e-mail address answered ${String(confirmed.status)}`);
}
