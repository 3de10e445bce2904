import { OK_TESTNUMBER } from '@onboarding/domain/test-support';
import type { ApplicationTimeline, ApplicationView, Decision } from '@onboarding/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.js';
import { applicationFor, fillSteps } from '../../test/application-steps.js';
import { recordDecision } from '../../test/decisions.js';
import { signWithIdCard } from '../../test/id-card-signing.js';
import { signInAsRepresentative, type Call } from '../../test/representative.js';
import { paymentReferenceOf } from '../mail/payment-reference.js';
import { applicantHistoryOf } from './applicant-history.js';
import { timelineEntriesOf } from './history.js';

/**
 * The status page's timeline: a real submission signed with the ID-card, then the bank's decisions recorded as the
 * decision service records them (apps/api/src/test/decisions.ts stands in for it here). On PGlite, and on PostgreSQL
 * when DATABASE_URL is set (CI).
 */

let app: FastifyInstance;
let call: Call;
let submitted: ApplicationView;

const timelineOf = async (caller: Call, processId: string) => caller('GET', `/onboarding/applications/${processId}/timeline`);

beforeAll(async () => {
  app = await buildTestApp();
  await app.ready();
  const { personalId } = OK_TESTNUMBER.person;
  call = await signInAsRepresentative(app, personalId);
  const application = await fillSteps(call, await applicationFor(call, OK_TESTNUMBER.company.registryCode), undefined, OK_TESTNUMBER);
  const { outcome } = await signWithIdCard(app, call, application, personalId);
  expect(outcome?.state).toBe('SIGNED');
  submitted = (await call('GET', `/onboarding/applications/${application.processId}`)).json() as ApplicationView;
});

afterAll(async () => {
  await app.close();
});

describe('GET /onboarding/applications/:processId/timeline', () => {
  it('starts with the submission: when and how it was signed, the application number and its payment reference', async () => {
    const response = await timelineOf(call, submitted.processId);
    expect(response.statusCode, response.body).toBe(200);
    const timeline = response.json() as ApplicationTimeline;
    expect(timeline).toEqual({
      processId: submitted.processId,
      applicationNumber: submitted.applicationNumber,
      paymentReference: paymentReferenceOf(submitted.applicationNumber),
      status: 'SUBMITTED',
      reopenedSteps: null,
      serviceFeeInvoice: null,
      entries: [{ kind: 'SUBMITTED', at: expect.any(String), method: 'ID_CARD', isResubmission: false }],
    });
    // The event's own time: PostgreSQL stamps it in the same transaction, a few milliseconds from submittedAt.
    expect(Math.abs(Date.parse(timeline.entries[0]!.at) - Date.parse(submitted.submittedAt ?? ''))).toBeLessThan(5000);
  });

  it("adds the bank's decisions oldest first, leaves out one it cannot read, and shows no actor nor facts", async () => {
    const decisions: Decision[] = [
      { type: 'FEE_INVOICED', amountCents: 15_000, dueDate: '2026-12-10' },
      { type: 'FEE_PAID' },
      { type: 'IDENTIFICATION_BOOKED', officeId: 'tallinn-1', at: '2026-12-14T11:30:00+02:00' },
    ];
    await recordDecision(app, submitted.processId, decisions[0]!);
    await recordDecision(
      app,
      submitted.processId,
      { type: 'APPROVED', accountNumber: 'EE382200221020145685' },
      { payload: { source: 'BANK', decision: { type: 'APPROVED', accountNumber: 'EE00 not an IBAN' } } },
    );
    await recordDecision(app, submitted.processId, decisions[1]!);
    await recordDecision(app, submitted.processId, { type: 'FEE_PAID' }, { payload: { source: 'BANK' } });
    await recordDecision(app, submitted.processId, decisions[2]!);

    const response = await timelineOf(call, submitted.processId);
    expect(response.statusCode, response.body).toBe(200);
    const timeline = response.json() as ApplicationTimeline;
    expect(timeline.entries.map((entry) => (entry.kind === 'DECISION' ? entry.decision : entry.kind))).toEqual(['SUBMITTED', ...decisions]);
    const times = timeline.entries.map((entry) => Date.parse(entry.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(response.body).not.toContain(OK_TESTNUMBER.person.personalId);
    expect(response.body).not.toContain('bank:');
    expect(response.body).not.toContain('facts');
    expect(response.body).not.toContain('signingSessionId');
  });

  it('names the reopened steps while the applicant fills them, and the final answer once given', async () => {
    await recordDecision(app, submitted.processId, {
      type: 'MORE_INFORMATION_NEEDED',
      steps: ['Incomes', 'RelatedPersons'],
      message: 'Palun lisa <b>müügitulu</b>.',
    });
    const reopened = (await timelineOf(call, submitted.processId)).json() as ApplicationTimeline;
    expect(reopened).toMatchObject({ status: 'IN_PROGRESS', reopenedSteps: ['Incomes', 'RelatedPersons'] });
    expect(reopened.entries.at(-1)).toMatchObject({ kind: 'DECISION', decision: { type: 'MORE_INFORMATION_NEEDED', message: 'Palun lisa <b>müügitulu</b>.' } });
    const view = (await call('GET', `/onboarding/applications/${submitted.processId}`)).json() as ApplicationView;
    expect(view).toMatchObject({ status: 'IN_PROGRESS', currentStep: 'Incomes', reopenedSteps: ['Incomes', 'RelatedPersons'] });

    await recordDecision(app, submitted.processId, { type: 'DECLINED' });
    const declined = (await timelineOf(call, submitted.processId)).json() as ApplicationTimeline;
    expect(declined.status).toBe('DECLINED');
    expect(declined.entries.at(-1)).toMatchObject({ kind: 'DECISION', decision: { type: 'DECLINED' } });
    // The application itself still answers with its final status.
    const answer = await call('GET', `/onboarding/applications/${submitted.processId}`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect((answer.json() as ApplicationView).status).toBe('DECLINED');
  });

  it('answers a foreign application as a missing one, 404, and a call without a token 401', async () => {
    const stranger = await signInAsRepresentative(app, '38001085718');
    const foreign = await timelineOf(stranger, submitted.processId);
    const missing = await timelineOf(stranger, crypto.randomUUID());
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
    const anonymous = await app.inject({ method: 'GET', url: `/onboarding/applications/${submitted.processId}/timeline` });
    expect(anonymous.statusCode).toBe(401);

    const openApi = (await app.inject({ method: 'GET', url: '/onboarding/openapi.json' })).json() as {
      paths: Record<string, Record<string, { tags?: string[] }>>;
    };
    expect(openApi.paths['/onboarding/applications/{processId}/timeline']?.get?.tags).toEqual(
      openApi.paths['/onboarding/applications/{processId}/history']?.get?.tags,
    );
  });
});

describe('GET /onboarding/applications/:processId/history', () => {
  type History = { events: { type: string; actor: string; source: string; patch?: unknown[]; payload: Record<string, unknown> }[] };

  it("names the bank's clients the bank and keeps of a submission and a decision only what the timeline shows", async () => {
    const response = await call('GET', `/onboarding/applications/${submitted.processId}/history`);
    expect(response.statusCode, response.body).toBe(200);
    const { events } = response.json() as History;

    const decisions = events.filter((event) => event.type === 'DECISION_RECORDED');
    expect(decisions.length).toBeGreaterThan(0);
    expect(new Set(decisions.map((event) => event.actor))).toEqual(new Set(['bank']));
    // A decision as decisionSchema reads it; the one it cannot read keeps no decision at all.
    expect(decisions.map((event) => (event.payload.decision as { type?: string } | undefined)?.type ?? null)).toEqual([
      'FEE_INVOICED',
      null,
      'FEE_PAID',
      null,
      'IDENTIFICATION_BOOKED',
      'MORE_INFORMATION_NEEDED',
      'DECLINED',
    ]);
    expect(events.find((event) => event.type === 'APPLICATION_SUBMITTED')?.payload).toEqual({ source: 'EID', method: 'ID_CARD' });
    // The applicant's own answers stay, patches and all.
    expect(events.some((event) => event.type === 'STEP_SAVED' && (event.patch?.length ?? 0) > 0)).toBe(true);

    for (const withheld of [
      'bank:',
      'test-client',
      'facts',
      'discrepancies',
      'followUp',
      'signingSessionId',
      'contractId',
      'contractSha256',
      'EE00 not an IBAN',
    ]) {
      expect(response.body, withheld).not.toContain(withheld);
    }
  });
});

describe('timelineEntriesOf', () => {
  const at = (minute: number) => new Date(Date.UTC(2026, 10, 27, 10, minute));
  it('marks every submission after the first a resubmission and skips what is not for the applicant', () => {
    const entries = timelineEntriesOf([
      { type: 'APPLICATION_CREATED', payload: {}, createdAt: at(0) },
      { type: 'APPLICATION_SUBMITTED', payload: { method: 'SMART_ID', facts: {} }, createdAt: at(1) },
      {
        type: 'DECISION_RECORDED',
        payload: { source: 'BANK', decision: { type: 'MORE_INFORMATION_NEEDED', steps: ['Incomes'], message: 'Lisa tulud.' } },
        createdAt: at(2),
      },
      { type: 'DECISION_RECORDED', payload: { source: 'BANK', decision: { type: 'SOMETHING_NEW' } }, createdAt: at(3) },
      { type: 'STEP_SAVED', payload: { step: 'Incomes' }, createdAt: at(4) },
      { type: 'APPLICATION_SUBMITTED', payload: { method: 'MOBILE_ID' }, createdAt: at(5) },
    ]);
    expect(entries).toEqual([
      { kind: 'SUBMITTED', at: at(1).toISOString(), method: 'SMART_ID', isResubmission: false },
      { kind: 'DECISION', at: at(2).toISOString(), decision: { type: 'MORE_INFORMATION_NEEDED', steps: ['Incomes'], message: 'Lisa tulud.' } },
      { kind: 'SUBMITTED', at: at(5).toISOString(), method: 'MOBILE_ID', isResubmission: true },
    ]);
  });
});

describe('applicantHistoryOf', () => {
  it('keeps no payload of an event type it does not name, and names every bank client the bank', () => {
    const event = { id: 1, at: '2026-11-27T10:00:00.000Z', applicationVersion: 2, source: 'BANK' as const };
    const history = applicantHistoryOf({
      processId: '6712afb0-7428-4746-a39c-f1eaf8e2b22e',
      company: { businessName: 'Näidis OÜ', registryCode: '12345678', registryCountryCode: 'EE' },
      events: [
        { ...event, type: 'RISK_SCORED', actor: 'bank:aml-engine', payload: { source: 'BANK', score: 87 } },
        {
          ...event,
          id: 2,
          type: 'DECISION_RECORDED',
          actor: 'bank:core-banking',
          payload: { source: 'BANK', decision: { type: 'FEE_PAID', note: 'internal' }, manager: 'Mari' },
        },
      ],
    });
    expect(history.events.map(({ actor, payload }) => ({ actor, payload }))).toEqual([
      { actor: 'bank', payload: {} },
      { actor: 'bank', payload: { source: 'BANK', decision: { type: 'FEE_PAID' } } },
    ]);
  });
});
