import { COMPLETE_APPLICATION_COMPANY, JAAK_KRISTJAN } from '@onboarding/domain/test-support';
import { applicationSubmittedEventSchema } from '@onboarding/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.js';
import { applicationFor, fillSteps } from '../../test/application-steps.js';
import { signWithIdCard } from '../../test/id-card-signing.js';
import { signInAsRepresentative } from '../../test/representative.js';
import { startWebhookReceiver, type TestWebhookReceiver } from '../../test/webhook-receiver.js';

/**
 * The submission through the API, as the browser makes it (magic sign-in, the
 * five steps, the simulated ID-card's signature), reaches the bank's webhook
 * as one signed ee.onboarding.application.submitted.v1 event that the
 * receiver verifies with the standardwebhooks library; /dev/webhooks lists it.
 */

let app: FastifyInstance;
let receiver: TestWebhookReceiver;
let submitted: { processId: string; applicationNumber: number; version: number; followUp: string; submittedAt: string };

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  app = await buildTestApp({ WEBHOOK_URL: receiver.url, WEBHOOK_SECRET: receiver.secret, PUBLIC_URL: 'https://konto.pank.ee' });
  await app.ready();

  const call = await signInAsRepresentative(app, JAAK_KRISTJAN.person.personalId);
  const application = await fillSteps(call, await applicationFor(call, COMPLETE_APPLICATION_COMPANY.registryCode));
  const { outcome } = await signWithIdCard(app, call, application, JAAK_KRISTJAN.person.personalId);
  expect(outcome?.state).toBe('SIGNED');
  submitted = (await call('GET', `/onboarding/applications/${application.processId}`)).json() as typeof submitted;
  // A whole journey with a signed container: on a busy machine it takes longer than the default hook time.
}, 180_000);

afterAll(async () => {
  await app.close();
  await receiver.close();
});

describe('the submitted event', () => {
  it('arrives once at the webhook, verified, with the application as submitted', async () => {
    await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(1);
    expect(receiver.refused).toEqual([]);
    const [received] = receiver.received;
    const event = applicationSubmittedEventSchema.parse(received?.event);
    const base = `https://konto.pank.ee/integration/v1/applications/${submitted.processId}`;
    expect(event).toMatchObject({
      source: 'https://konto.pank.ee/integration/v1',
      subject: submitted.processId,
      data: {
        processId: submitted.processId,
        applicationNumber: submitted.applicationNumber,
        company: { name: COMPLETE_APPLICATION_COMPANY.businessName, registryCode: COMPLETE_APPLICATION_COMPANY.registryCode, registryCountryCode: 'EE' },
        followUp: submitted.followUp,
        hasDiscrepancies: false,
        version: submitted.version,
        links: { application: base, contract: `${base}/contract`, signed: `${base}/signed` },
      },
    });
    expect(new Date(event.data.submittedAt).getTime()).toBe(new Date(submitted.submittedAt).getTime());
    expect(event.time).toBe(event.data.submittedAt);
    expect(received?.webhookId).toBe(event.id);
    expect(receiver.duplicates).toBe(0);
  });

  it('is listed at /dev/webhooks as delivered, and the page escapes what it shows', async () => {
    await expect
      .poll(async () => ((await app.inject({ url: '/dev/webhooks/events.json' })).json() as { status: string }[])[0]?.status, { timeout: 15_000 })
      .toBe('DELIVERED');
    const page = await app.inject({ url: '/dev/webhooks' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('ee.onboarding.application.submitted.v1');
    expect(page.body).toContain(submitted.processId);
    expect(page.body).toContain(receiver.secret);
    // The company name is in the event; its quotes and any markup come out as entities.
    expect(page.body).toContain('&quot;name&quot;: &quot;Jõeorg Konsultatsioonid OÜ&quot;');
    expect(page.body).not.toMatch(/<script/i);
  });
});

describe('without a webhook', () => {
  it('keeps events pending and shows them at /dev/webhooks with the generated secret', async () => {
    const simulated = await buildTestApp();
    try {
      await simulated.ready();
      const page = await simulated.inject({ url: '/dev/webhooks' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('WEBHOOK_URL is not set');
      expect(page.body).toMatch(/<code>whsec_[A-Za-z0-9+/]+=*<\/code>/);
      expect(simulated.events.secret).toMatch(/^whsec_/);
    } finally {
      await simulated.close();
    }
  });
});
