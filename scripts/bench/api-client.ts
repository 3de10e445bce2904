import type { ApplicationSubject } from '@onboarding/domain/test-support';
import { magicSignInBody, manualCompanyBody, PERSONAL_INFORMATION, stepsOf } from './people.js';

export type PreparedApplication = { processId: string; version: number; accessToken: string; refreshToken: string; personalId: string };

async function call(baseUrl: string, method: string, path: string, token: string | undefined, body?: unknown): Promise<unknown> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${String(response.status)}: ${text.slice(0, 500)}`);
  return text ? (JSON.parse(text) as unknown) : undefined;
}

/**
 * Signs the subject in (magic sign-in), gives the personal information and
 * creates their application for a company without a registry code; then
 * saves the steps before `until` (all five when omitted).
 */
export async function prepareApplication(baseUrl: string, subject: ApplicationSubject, until?: string): Promise<PreparedApplication> {
  const tokens = (await call(baseUrl, 'POST', '/oauth2/v2/authorize/magic', undefined, magicSignInBody(subject))) as {
    accessToken: string;
    refreshToken: string;
  };
  await call(baseUrl, 'PUT', '/onboarding/representative/personal-information', tokens.accessToken, PERSONAL_INFORMATION);
  const created = (await call(baseUrl, 'POST', '/onboarding/applications', tokens.accessToken, manualCompanyBody(subject))) as {
    application?: { processId: string; version: number };
  };
  if (!created.application) throw new Error(`creating the application answered ${JSON.stringify(created)}`);
  let application = created.application;
  for (const [step, data] of stepsOf(subject)) {
    if (step === until) break;
    application = (await call(baseUrl, 'PUT', `/onboarding/applications/${application.processId}/steps/${step}`, tokens.accessToken, {
      version: application.version,
      data,
    })) as typeof application;
  }
  return { processId: application.processId, version: application.version, ...tokens, personalId: subject.person.personalId };
}

/** Prepares many applications, `parallel` at a time. */
export async function prepareApplications(baseUrl: string, subjects: readonly ApplicationSubject[], parallel = 8): Promise<PreparedApplication[]> {
  const results: PreparedApplication[] = new Array<PreparedApplication>(subjects.length);
  let next = 0;
  async function worker() {
    while (next < subjects.length) {
      const index = next;
      next += 1;
      const subject = subjects[index];
      if (subject) results[index] = await prepareApplication(baseUrl, subject);
    }
  }
  await Promise.all(Array.from({ length: parallel }, worker));
  return results;
}
