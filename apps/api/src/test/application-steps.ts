import { completeSteps, JAAK_KRISTJAN, type ApplicationSubject } from '@onboarding/domain/test-support';
import { expect } from 'vitest';
import type { Call } from './representative.js';

export type TestApplication = { processId: string; version: number; currentStep: string };

/** Creates (or resumes) the signed-in representative's application for a register company. */
export async function applicationFor(call: Call, registryCode: string): Promise<TestApplication> {
  const response = await call('POST', '/onboarding/applications', { source: 'REGISTER', registryCode, registryCountryCode: 'EE' });
  expect(response.statusCode).toBe(200);
  return (response.json() as { application: TestApplication }).application;
}

export async function saveStep(call: Call, application: TestApplication, step: string, data: unknown) {
  return call('PUT', `/onboarding/applications/${application.processId}/steps/${step}`, { version: application.version, data });
}

/**
 * Saves the complete application's steps in order (by default Jõeorg
 * Konsultatsioonid OÜ, signed in as 38001085718), stopping before `until`
 * when given; returns the application as last saved.
 */
export async function fillSteps(
  call: Call,
  application: TestApplication,
  until?: string,
  subject: ApplicationSubject = JAAK_KRISTJAN,
): Promise<TestApplication> {
  let current = application;
  for (const [step, data] of completeSteps(subject)) {
    if (step === until) break;
    const response = await saveStep(call, current, step, data);
    expect(response.statusCode, response.body).toBe(200);
    current = response.json() as TestApplication;
  }
  return current;
}
