import { createServer, type Socket } from 'node:net';
import { JAAK_KRISTJAN, OK_TESTNUMBER } from '@onboarding/domain/test-support';
import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createTransport } from 'nodemailer';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../apps/api/src/db/schema.js';
import type { AppDependencies } from '../../apps/api/src/app.js';
import { buildTestApp } from '../../apps/api/src/test/app.js';
import { applicationFor, fillSteps } from '../../apps/api/src/test/application-steps.js';
import { freePort } from '../../apps/api/src/test/built-server.js';
import { signInAsRepresentative, signInWithSmartIdAsRepresentative } from '../../apps/api/src/test/representative.js';
import { startSmtpServer, type TestSmtpServer } from '../../apps/api/src/test/smtp-server.js';

/**
 * Mail while the SMTP server is down (docs/requirements.md section 4: save and
 * continue later, and the bank's follow-up after submission). The request that
 * sends mail must succeed anyway: the mail is written to the outbox in the same
 * transaction as the change it is about, and the sender tries it later. While
 * the server refuses connections, or accepts them and never answers, the
 * outbox keeps the mail and retries it; once a real SMTP server listens on
 * that port, each mail arrives, once. The outbox's retry delays are shortened
 * (outboxPolicy, MAIL_SEND_INTERVAL_MS); the SMTP timeouts too where the
 * server times out.
 */

/** The fee's price and account: a submission whose follow-up is the fee then mails its invoice too. */
const SERVICE_FEE = { SERVICE_FEE_EUR: '35', SERVICE_FEE_IBAN: 'EE382200221020145685' };

const SHORT_RETRIES: AppDependencies['mail'] = { outboxPolicy: { retryBaseMs: 50, retryMaxMs: 200, maxAttempts: 1000 } };
const reports: string[] = [];
const cleanups: (() => Promise<void> | void)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

afterAll(() => {
  if (reports.length > 0) console.log(['Mail while SMTP is down:', ...reports].join('\n'));
});

/** Resolves once `check` returns something; the test's own timeout bounds the wait. */
async function eventually<T>(check: () => Promise<T | undefined>): Promise<T> {
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A TCP server that accepts connections and says nothing: an SMTP server that hangs before its greeting. */
async function startSilentServer(port: number) {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  let connections = 0;
  server.on('connection', () => (connections += 1));
  return {
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/**
 * While mail cannot be sent: a save-and-continue-later and a signed, submitted
 * application (its mail and its service fee invoice). Both requests succeed
 * and the three mails wait in the outbox, failing attempt after attempt (with
 * an error matching `failure`), until `bringUp` starts an SMTP server; then
 * each arrives, once.
 */
async function mailSurvivesOutage(app: FastifyInstance, label: string, failure: RegExp, bringUp: () => Promise<TestSmtpServer>): Promise<void> {
  const later = await signInAsRepresentative(app, JAAK_KRISTJAN.person.personalId);
  const saved = await applicationFor(later, JAAK_KRISTJAN.company.registryCode);
  const continueLater = await later('POST', `/onboarding/applications/${saved.processId}/save-and-continue-later`, { version: saved.version });
  expect(continueLater.statusCode, continueLater.body).toBe(202);

  // Signed in with Smart-ID, so signing asks that device: no QR code to scan.
  const signer = await signInWithSmartIdAsRepresentative(app, OK_TESTNUMBER.person.personalId);
  const submitted = await fillSteps(signer, await applicationFor(signer, OK_TESTNUMBER.company.registryCode), undefined, OK_TESTNUMBER);
  const started = await signer('POST', `/onboarding/applications/${submitted.processId}/signing`, { method: 'SMART_ID' });
  expect(started.statusCode, started.body).toBe(200);
  const { signingSessionId } = started.json() as { signingSessionId: string };
  const signed = await eventually(async () => {
    const status = (await signer('GET', `/onboarding/applications/${submitted.processId}/signing/${signingSessionId}`)).json() as {
      state: string;
      application?: { status: string };
    };
    return status.state === 'WAITING_FOR_PIN2' ? undefined : status;
  });
  expect(signed).toMatchObject({ state: 'SIGNED', application: { status: 'SUBMITTED' } });

  const processIds = [saved.processId, submitted.processId];
  const outbox = () => app.database.db.select().from(mailOutbox).where(inArray(mailOutbox.processId, processIds)).orderBy(mailOutbox.id);
  // All in the outbox already: they were written with the requests' own changes.
  const queued = await outbox();
  expect(queued.map((row) => [row.processId, row.template]).sort()).toEqual(
    [
      [saved.processId, 'SAVE_AND_CONTINUE_LATER'],
      [submitted.processId, 'APPLICATION_SUBMITTED'],
      // The submission's follow-up is a service fee, and the price and account are configured: its invoice goes with it.
      [submitted.processId, 'SERVICE_FEE_INVOICE'],
    ].sort(),
  );
  expect(queued.every((row) => row.sentAt === null)).toBe(true);

  // Down: each is tried, fails, and is scheduled again, more than once.
  const failing = await eventually(async () => {
    const rows = await outbox();
    return rows.every((row) => row.attempts >= 2 && row.sentAt === null && failure.test(row.lastError ?? '')) ? rows : undefined;
  });
  const attemptsWhileDown = failing.map((row) => `${row.template} ${String(row.attempts)}`);

  const smtp = await bringUp();
  cleanups.push(() => smtp.close());
  const sent = await eventually(async () => {
    const rows = await outbox();
    return rows.every((row) => row.sentAt !== null) ? rows : undefined;
  });

  // Each arrived once, as what it was written as.
  for (const row of sent) {
    const arrived = smtp.received.filter((mail) => mail.headers.get('message-id')?.startsWith(`<outbox-${String(row.id)}-`));
    expect(arrived, `${row.template} mail`).toHaveLength(1);
    expect(arrived[0]?.envelopeTo).toEqual([row.recipient]);
    expect(arrived[0]?.subject).toBe(row.subject);
  }
  const continueMail = smtp.received.find((mail) => mail.text.includes(`/start/application?processId=${saved.processId}&lang=`));
  expect(continueMail, 'the save-and-continue-later link').toBeDefined();
  const ofApplications = smtp.received.filter((mail) => sent.some((row) => mail.headers.get('message-id')?.startsWith(`<outbox-${String(row.id)}-`)));
  expect(ofApplications).toHaveLength(3);
  // Besides them only the two representatives' address confirmation codes, which waited for the server too
  // and may arrive a moment after the applications' mail.
  const everything = await eventually(async () => Promise.resolve(smtp.received.length >= 5 ? smtp.received : undefined));
  expect(everything).toHaveLength(5);
  reports.push(
    `  ${label}: both requests answered (202, SIGNED); attempts failed while down: ${attemptsWhileDown.join(', ')} (last error "${(failing[0]?.lastError ?? '').slice(0, 60)}"), ` +
      `then each arrived once, at attempt ${sent.map((row) => `${row.template} ${String(row.attempts)}`).join(', ')}`,
  );
}

describe('mail while the SMTP server is down', () => {
  it('refusing connections: the requests succeed, the mail waits in the outbox and arrives once the server is up', async () => {
    const port = await freePort();
    const app = await buildTestApp({ SMTP_URL: `smtp://127.0.0.1:${String(port)}`, MAIL_SEND_INTERVAL_MS: '50', ...SERVICE_FEE }, { mail: SHORT_RETRIES });
    cleanups.push(() => app.close());
    await app.ready();
    await mailSurvivesOutage(app, 'connection refused', /ECONNREFUSED/, () => startSmtpServer({ port }));
  });

  it('timing out (it accepts and never greets): the requests succeed, the mail waits in the outbox and arrives once the server answers', async () => {
    const port = await freePort();
    const silent = await startSilentServer(port);
    cleanups.push(() => silent.close());
    // The transport SMTP_URL would make, with timeouts of a second instead of 20 s (modules/mail/mail-module.ts).
    const transport = createTransport({ url: `smtp://127.0.0.1:${String(port)}`, connectionTimeout: 1000, greetingTimeout: 1000, socketTimeout: 1000 });
    const app = await buildTestApp({ MAIL_SEND_INTERVAL_MS: '50', ...SERVICE_FEE }, { mail: { ...SHORT_RETRIES, transport } });
    cleanups.push(() => app.close());
    await app.ready();
    await mailSurvivesOutage(app, 'no greeting (timeout)', /greeting|timeout/i, async () => {
      expect(silent.connections()).toBeGreaterThanOrEqual(2);
      await silent.close();
      return startSmtpServer({ port });
    });
  });
});
