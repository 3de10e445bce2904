import { JAAK_KRISTJAN, completeCompanyData } from '@onboarding/domain/test-support';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationEvents, contracts, mailOutbox, signingSessions } from '../../db/schema.js';
import { buildTestApp } from '../../test/app.js';
import { applicationFor, fillSteps, saveStep, type TestApplication } from '../../test/application-steps.js';
import { signWithIdCard } from '../../test/id-card-signing.js';
import { integrationClients, integrationToken, type TestClient } from '../../test/integration-clients.js';
import { signInAsRepresentative, type Call } from '../../test/representative.js';
import type { MailTransport, OutgoingMail } from '../mail/mail-sender.js';

/**
 * An application signed three times (the bank asked for more information twice, and the company's phone number
 * changed each time): after every round, the applicant's downloads and the bank's give the contract and the ASiC-E
 * of the signing session the last submission event names; and each submission mail, even one sent only after the
 * later rounds, carries the container of its own round's signing session.
 */

const PHONES = ['+372 5123 4567', '+372 5222 2222', '+372 5333 3333'] as const;

/** What one round's submission event names, and what every reader gave right after it. */
type Round = {
  signingSessionId: string;
  contractId: string;
  downloads: { applicantPdf: Buffer; applicantContainer: Buffer; bankPdf: Buffer; bankContainer: Buffer };
};

let app: FastifyInstance;
let call: Call;
let application: TestApplication;
let readToken: string;
const rounds: Round[] = [];

/**
 * Refuses every mail until opened, so the three submission mails go out only once all three rounds are signed: each
 * refusal is retried after the outbox's retry delay, which the test's clock then jumps past.
 */
let mailOpen = false;
let clockOffsetMs = 0;
const sentMail: OutgoingMail[] = [];
const transport: MailTransport = {
  async sendMail(mail) {
    if (!mailOpen) throw new Error('held until the last round is signed');
    sentMail.push(mail);
  },
  close() {},
};

const bytes = (response: LightMyRequestResponse): Buffer => {
  expect(response.statusCode, response.body).toBe(200);
  return response.rawPayload;
};

const bank = (path: string) =>
  app.inject({ method: 'GET', url: `/integration/v1/applications/${application.processId}${path}`, headers: { authorization: `Bearer ${readToken}` } });

async function lastSubmission(): Promise<Pick<Round, 'signingSessionId' | 'contractId'>> {
  const events = await app.database.db
    .select({ payload: applicationEvents.payload })
    .from(applicationEvents)
    .where(and(eq(applicationEvents.processId, application.processId), eq(applicationEvents.type, 'APPLICATION_SUBMITTED')))
    .orderBy(asc(applicationEvents.id));
  const payload = events.at(-1)?.payload as { signingSessionId: string; contractId: string };
  return { signingSessionId: payload.signingSessionId, contractId: payload.contractId };
}

async function signRound(): Promise<void> {
  const { started, outcome } = await signWithIdCard(app, call, application, JAAK_KRISTJAN.person.personalId);
  expect(outcome?.application?.status, JSON.stringify({ started, outcome })).toBe('SUBMITTED');
  const base = `/onboarding/applications/${application.processId}`;
  rounds.push({
    ...(await lastSubmission()),
    downloads: {
      applicantPdf: bytes(await call('GET', `${base}/contract`)),
      applicantContainer: bytes(await call('GET', `${base}/contract/signed`)),
      bankPdf: bytes(await bank('/contract')),
      bankContainer: bytes(await bank('/signed')),
    },
  });
}

async function pdfText(pdf: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
  return text;
}

beforeAll(async () => {
  const registered = await integrationClients([{ clientId: 'core-banking', scopes: ['applications:read', 'applications:decide'] }]);
  app = await buildTestApp(
    { INTEGRATION_CLIENTS_FILE: registered.file, MAIL_SEND_INTERVAL_MS: '50' },
    { mail: { transport, outboxPolicy: { now: () => new Date(Date.now() + clockOffsetMs) } } },
  );
  await app.ready();
  readToken = await integrationToken(app, registered.clients['core-banking'] as TestClient);

  call = await signInAsRepresentative(app, JAAK_KRISTJAN.person.personalId);
  application = await fillSteps(call, await applicationFor(call, JAAK_KRISTJAN.company.registryCode), undefined, JAAK_KRISTJAN);
  await signRound();
  for (const phone of PHONES.slice(1)) {
    const submitted = (await call('GET', `/onboarding/applications/${application.processId}`)).json() as TestApplication;
    await app.decisions.recordDecision({
      processId: application.processId,
      applicationVersion: submitted.version,
      decision: { type: 'MORE_INFORMATION_NEEDED', steps: ['CompanyData'], message: 'Palun kontrollige telefoninumbrit.' },
      clientId: 'core-banking',
    });
    const reopened = (await call('GET', `/onboarding/applications/${application.processId}`)).json() as TestApplication;
    const saved = await saveStep(call, reopened, 'CompanyData', { ...completeCompanyData(JAAK_KRISTJAN), businessPhone: phone });
    expect(saved.statusCode, saved.body).toBe(200);
    await signRound();
  }
}, 180_000);

afterAll(async () => {
  await app?.close();
});

describe('the current signed contract', () => {
  it('is after each of three rounds the one its last submission names, to the applicant and the bank alike', async () => {
    expect(rounds).toHaveLength(3);
    expect(new Set(rounds.map((round) => round.signingSessionId)).size).toBe(3);
    for (const [index, round] of rounds.entries()) {
      const [contract] = await app.database.db.select().from(contracts).where(eq(contracts.id, round.contractId));
      const [session] = await app.database.db.select().from(signingSessions).where(eq(signingSessions.id, round.signingSessionId));
      const { applicantPdf, applicantContainer, bankPdf, bankContainer } = round.downloads;
      expect(applicantPdf.equals(contract?.document ?? Buffer.alloc(0)), `round ${index + 1}: the applicant's PDF`).toBe(true);
      expect(bankPdf.equals(applicantPdf), `round ${index + 1}: the bank's PDF`).toBe(true);
      expect(applicantContainer.equals(session?.container ?? Buffer.alloc(0)), `round ${index + 1}: the applicant's container`).toBe(true);
      expect(bankContainer.equals(applicantContainer), `round ${index + 1}: the bank's container`).toBe(true);

      // What the representative reads is what they gave in that round.
      const text = await pdfText(applicantPdf);
      expect(text).toContain(PHONES[index]);
      for (const other of PHONES.filter((phone) => phone !== PHONES[index])) expect(text).not.toContain(other);
    }
  });

  it('goes with each submission mail as the container of the signing session its event names, even sent after later rounds', async () => {
    const queued = await app.database.db
      .select({ attachmentKey: mailOutbox.attachmentKey })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.processId, application.processId), eq(mailOutbox.template, 'APPLICATION_SUBMITTED')))
      .orderBy(asc(mailOutbox.id));
    expect(queued.map((mail) => mail.attachmentKey)).toEqual(rounds.map((round) => round.signingSessionId));

    mailOpen = true;
    clockOffsetMs = 24 * 3600_000;
    const isSubmission = (mail: OutgoingMail) => mail.subject.endsWith('konto avamise taotlus on esitatud');
    await expect.poll(() => sentMail.filter(isSubmission).length, { timeout: 10_000 }).toBe(3);
    const attached = sentMail
      .filter(isSubmission)
      .sort((a, b) => a.messageId.localeCompare(b.messageId, 'en', { numeric: true }))
      .map((mail) => mail.attachments?.[0]?.content);
    for (const [index, round] of rounds.entries()) {
      const [session] = await app.database.db
        .select({ container: signingSessions.container })
        .from(signingSessions)
        .where(eq(signingSessions.id, round.signingSessionId));
      expect(attached[index]?.equals(session?.container ?? Buffer.alloc(0)), `round ${index + 1}: the mail's attachment`).toBe(true);
    }
    expect(new Set(attached.map((content) => content?.toString('base64'))).size).toBe(3);
  });
});
