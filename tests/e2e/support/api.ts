import { completeSteps, type ApplicationSubject } from '@onboarding/domain/test-support';
import type { Page } from 'playwright-core';

type PageGlobals = {
  sessionStorage: { getItem(key: string): string | null };
  fetch: (url: string, init: { method: string; headers: Record<string, string>; body: string }) => Promise<{ status: number; text(): Promise<string> }>;
};

/** A call to the onboarding API from inside the page, with the signed-in user's access token. */
async function callApi(page: Page, method: string, path: string, body: unknown): Promise<{ status: number; json: unknown }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const globals = globalThis as unknown as PageGlobals;
      const token = globals.sessionStorage.getItem('accessToken') ?? '';
      const response = await globals.fetch(path, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
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
): Promise<string> {
  const { company } = subject;
  const created = await callApi(page, 'POST', '/onboarding/applications', { source: 'REGISTER', registryCode: company.registryCode, registryCountryCode: 'EE' });
  if (created.status !== 200) throw new Error(`creating the application answered ${String(created.status)}`);
  let application = (created.json as { application: { processId: string; version: number } }).application;
  for (const [step, data] of completeSteps(subject)) {
    if (step === until) break;
    const saved = await callApi(page, 'PUT', `/onboarding/applications/${application.processId}/steps/${step}`, { version: application.version, data });
    if (saved.status !== 200) throw new Error(`saving ${step} answered ${String(saved.status)}: ${JSON.stringify(saved.json)}`);
    application = saved.json as typeof application;
  }
  await page.goto(`${baseUrl}/start/application/${screen}?processId=${application.processId}&lang=en`);
  return application.processId;
}
