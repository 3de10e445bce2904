import { integrationApplicationSchema, type OwnDetails } from '@onboarding/domain';
import { JOINT_BOARD_MEMBER } from '@onboarding/domain/test-support';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationEvents, invitations, mailOutbox } from '../../db/schema.js';
import { integrationToken, type TestClient } from '../../test/integration-clients.js';
import { applicationFor, type TestApplication } from '../../test/application-steps.js';
import { appWithBank, filledJointApplication, KATRIN, tokenMailedTo } from '../../test/invitations.js';
import { signWithIdCard } from '../../test/id-card-signing.js';
import { signInAsRepresentative, type Call } from '../../test/representative.js';
import { verifyWithXmlsec1 } from '../../test/xml-tools.js';
import { verifyContainer } from './container/verify-container.js';

/**
 * Co-signatures (decision 39), through the API on a real database: a company the register says two board members
 * represent jointly. The applicant signs, invites the other member by mail; only that member, signed in as
 * themselves, opens the invitation; they decline, are invited again and sign with their ID-card; the contract's
 * container then holds both signatures and the application is submitted naming both.
 */

const STRANGER = '38001085718';

let app: FastifyInstance;
let bank: TestClient;

/** Each case on a database of its own: the register's one jointly represented company takes one open application. */
function ownDatabase() {
  beforeAll(async () => {
    ({ app, bank } = await appWithBank(['applications:read']));
  }, 60_000);
  afterAll(async () => {
    await app?.close();
  });
}

type CoSigning = {
  othersNeeded: number;
  signedCount: number;
  coSigners: {
    candidateIndex: number;
    firstName: string;
    lastName: string;
    invitation: { invitationId: string; status: string; declineReason: string | null; maySendAgain: boolean } | null;
  }[];
};

/** The applicant's application, signed by them: it waits for the other board member. */
async function signedByApplicant({ declaringKatrin = false } = {}): Promise<{ call: Call; application: TestApplication }> {
  const { call, application } = await filledJointApplication(app, { declaringKatrin });
  const { outcome } = await signWithIdCard(app, call, application, JOINT_BOARD_MEMBER.person.personalId);
  expect(outcome).toMatchObject({ state: 'SIGNED', application: { status: 'AWAITING_SIGNATURES' } });
  return { call, application };
}

const coSigningOf = async (call: Call, application: TestApplication) =>
  (await call('GET', `/onboarding/applications/${application.processId}/co-signing`)).json() as CoSigning;

async function invite(call: Call, application: TestApplication, email: string) {
  const invited = await call('POST', `/onboarding/applications/${application.processId}/invitations`, { candidateIndex: 0, email, language: 'et' });
  expect(invited.statusCode, invited.body).toBe(201);
  return { invitationId: (invited.json() as { invitationId: string }).invitationId, token: await tokenMailedTo(app, email) };
}

describe('co-signatures of a jointly represented company', () => {
  ownDatabase();

  it('collects the other board member’s signature: declined, invited again, signed; one container, both signers', async () => {
    const { call, application } = await signedByApplicant({ declaringKatrin: true });
    expect(await coSigningOf(call, application)).toEqual({
      othersNeeded: 1,
      signedCount: 0,
      coSigners: [{ candidateIndex: 0, firstName: 'Katrin', lastName: 'Ilves', invitation: null }],
    });
    // Nothing of the application changes any more: the step saves are refused.
    expect((await call('GET', `/onboarding/applications/${application.processId}`)).json()).toMatchObject({ status: 'AWAITING_SIGNATURES' });

    // The company list: the applicant continues this application (to its status page); the other board member may
    // not start one of their own beside it, and choosing the company again starts nothing new.
    const companies = (await call('GET', '/onboarding/representative/companies')).json() as {
      companies: { registryCode: string; entry: string; processId?: string }[];
    };
    expect(companies.companies.find((company) => company.registryCode === JOINT_BOARD_MEMBER.company.registryCode)).toMatchObject({
      entry: 'PENDING_APPLICATION',
      processId: application.processId,
      applicationStatus: 'AWAITING_SIGNATURES',
    });
    expect((await applicationFor(call, JOINT_BOARD_MEMBER.company.registryCode)).processId).toBe(application.processId);
    const boardMember = await signInAsRepresentative(app, KATRIN);
    const theirs = await boardMember('POST', '/onboarding/applications', {
      source: 'REGISTER',
      registryCode: JOINT_BOARD_MEMBER.company.registryCode,
      registryCountryCode: 'EE',
    });
    expect(theirs.json()).toMatchObject({ kind: 'OUTCOME', outcome: 'STARTED_WITH_OTHER_REPRESENTATIVE' });

    const first = await invite(call, application, 'katrin@example.ee');
    const mail = await app.database.db.select().from(mailOutbox).where(eq(mailOutbox.template, 'CO_SIGNING_INVITATION')).orderBy(desc(mailOutbox.id)).limit(1);
    expect(mail[0]).toMatchObject({ recipient: 'katrin@example.ee', language: 'et' });
    expect(mail[0]?.text).toContain('Kaheallkirja Ehitus OÜ');
    // One live invitation per person.
    expect(
      (await call('POST', `/onboarding/applications/${application.processId}/invitations`, { candidateIndex: 0, email: 'k2@example.ee', language: 'en' }))
        .statusCode,
    ).toBe(409);

    // Someone else with the link: as missing as an unknown link, and no way into the signing either.
    const stranger = await signInAsRepresentative(app, STRANGER);
    expect((await stranger('GET', `/onboarding/invitations/${first.token}`)).statusCode).toBe(404);
    expect(
      (await stranger('POST', `/onboarding/applications/${application.processId}/signing`, { method: 'MOBILE_ID', phoneNumber: '+37200000766' })).statusCode,
    ).toBe(404);

    const katrin = await signInAsRepresentative(app, KATRIN);
    const received = await katrin('GET', `/onboarding/invitations/${first.token}`);
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json()).toMatchObject({
      processId: application.processId,
      status: 'PENDING',
      applicantName: 'OK TESTNUMBER',
      company: { businessName: 'Kaheallkirja Ehitus OÜ', registryCode: JOINT_BOARD_MEMBER.company.registryCode },
      role: 'MANAGEMENT_BOARD_MEMBER',
    });
    // The board member reads the contract the applicant signed, and nothing else of the application.
    const contract = await katrin('GET', `/onboarding/applications/${application.processId}/contract`);
    expect(contract.statusCode).toBe(200);
    expect(contract.headers['content-type']).toBe('application/pdf');
    expect((await katrin('GET', `/onboarding/applications/${application.processId}`)).statusCode).toBe(404);

    const declined = await katrin('POST', `/onboarding/invitations/${first.token}/decline`, { reason: 'Ma pole lepingut näinud.' });
    expect(declined.json()).toMatchObject({ status: 'DECLINED' });
    expect((await coSigningOf(call, application)).coSigners[0]?.invitation).toMatchObject({ status: 'DECLINED', declineReason: 'Ma pole lepingut näinud.' });
    // A declined invitation opens no signing.
    expect((await signWithIdCard(app, katrin, application, KATRIN)).started.statusCode).toBe(404);

    const second = await invite(call, application, 'katrin@example.ee');
    expect(second.token).not.toBe(first.token);
    // She reads her details as the applicant declared them and corrects them in her own words before signing: a tax
    // residence in Finland too. Kept beside the declaration, which stays as signed; nobody else may give them.
    const asDeclared = (await katrin('GET', `/onboarding/invitations/${second.token}`)).json() as { declared: { roles: string[]; details: OwnDetails } };
    expect(asDeclared).toMatchObject({ declared: { roles: ['MANAGEMENT_BOARD_MEMBER'], details: { residency: 'RESIDENT' } }, own: null });
    const hers: OwnDetails = {
      ...asDeclared.declared.details,
      taxResidences: [...asDeclared.declared.details.taxResidences, { countryCode: 'FI', tin: '220371-123A' }],
    };
    expect((await stranger('PUT', `/onboarding/invitations/${second.token}/own-details`, hers)).statusCode).toBe(404);
    const refused = await katrin('PUT', `/onboarding/invitations/${second.token}/own-details`, { ...hers, taxResidences: [] });
    expect(refused.statusCode).toBe(400);
    const given = await katrin('PUT', `/onboarding/invitations/${second.token}/own-details`, hers);
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json()).toMatchObject({ own: { details: { taxResidences: hers.taxResidences } }, declared: { details: asDeclared.declared.details } });
    const { started, outcome } = await signWithIdCard(app, katrin, application, KATRIN);
    // The board member hears their signing is done; the application stays the applicant's to see.
    expect(outcome, JSON.stringify(outcome)).toEqual({ state: 'SIGNED' });
    // Their signing stays theirs to follow after the invitation ended; nobody else's.
    const statusPath = `/onboarding/applications/${application.processId}/signing/${String(started.body.signingSessionId)}`;
    expect((await katrin('GET', statusPath)).json()).toEqual({ state: 'SIGNED' });
    expect((await call('GET', statusPath)).statusCode).toBe(404);
    expect((await stranger('GET', statusPath)).statusCode).toBe(404);

    const submitted = (await call('GET', `/onboarding/applications/${application.processId}`)).json() as { status: string; followUp: string };
    // The product collected the board's signature: not SIGN_BY_LINK; the register's special conditions still go to a manager.
    expect(submitted).toMatchObject({ status: 'SUBMITTED', followUp: 'MANAGER_CONTACT' });
    expect((await coSigningOf(call, application)).signedCount).toBe(1);
    expect((await katrin('GET', `/onboarding/invitations/${second.token}`)).json()).toMatchObject({ status: 'SIGNED' });
    // Signed is final: her details are what she gave before signing.
    expect((await katrin('PUT', `/onboarding/invitations/${second.token}/own-details`, asDeclared.declared.details)).statusCode).toBe(409);

    const signed = await call('GET', `/onboarding/applications/${application.processId}/contract/signed`);
    expect(signed.statusCode).toBe(200);
    const simulators = app.identitySimulators;
    if (!simulators) throw new Error('the test app runs the simulators');
    const trust = { trustAnchors: simulators.idCardTrustAnchors, timestampTrustAnchors: simulators.tsaTrustAnchors };
    const report = await verifyContainer(signed.rawPayload, trust);
    expect(report.ok, JSON.stringify(report.checks.filter((check) => !check.ok))).toBe(true);
    expect(report.signatures.map(({ file, signer }) => [file, signer.personalId])).toEqual([
      ['META-INF/signatures0.xml', JOINT_BOARD_MEMBER.person.personalId],
      ['META-INF/signatures1.xml', KATRIN],
    ]);
    const xmlsec = await verifyWithXmlsec1(signed.rawPayload, simulators.idCardTrustAnchors.join('\n'));
    expect(xmlsec.ok, xmlsec.output).toBe(true);

    // The bank's systems read who signed, when and how, and each invitation with its end.
    const token = await integrationToken(app, bank);
    const read = await app.inject({
      method: 'GET',
      url: `/integration/v1/applications/${application.processId}`,
      headers: { authorization: `Bearer ${token}` },
    });
    const forBank = integrationApplicationSchema.parse(read.json());
    expect(forBank.signatures.map(({ personalId, method }) => [personalId, method])).toEqual([
      [JOINT_BOARD_MEMBER.person.personalId, 'ID_CARD'],
      [KATRIN, 'ID_CARD'],
    ]);
    expect(forBank.invitations.map(({ status, declineReason }) => [status, declineReason])).toEqual([
      ['SIGNED', null],
      ['DECLINED', 'Ma pole lepingut näinud.'],
    ]);
    // Her own words beside the applicant's, and where they differ (decision 40).
    expect(forBank.invitations[0]?.ownDetails).toMatchObject({ details: hers, declared: asDeclared.declared.details, differences: ['taxResidences'] });
    expect(forBank.invitations[1]?.ownDetails).toBeNull();
    expect(forBank.history.find((entry) => entry.type === 'OWN_DETAILS_GIVEN')).toMatchObject({ actor: `EE${KATRIN}`, source: 'EID' });

    const [event] = await app.database.db
      .select()
      .from(applicationEvents)
      .where(and(eq(applicationEvents.processId, application.processId), eq(applicationEvents.type, 'APPLICATION_SUBMITTED')));
    expect((event?.payload as { signers: { personalId: string }[] }).signers.map((signer) => signer.personalId)).toEqual([
      JOINT_BOARD_MEMBER.person.personalId,
      KATRIN,
    ]);
  });
});

describe('invitations that end without a signature', () => {
  ownDatabase();

  it('a withdrawn, an expired or a resent link opens nothing more; sending again is limited', async () => {
    const { call, application } = await signedByApplicant();
    const katrin = await signInAsRepresentative(app, KATRIN);

    const first = await invite(call, application, 'katrin.ilves@example.ee');
    const resent = await call('POST', `/onboarding/applications/${application.processId}/invitations/${first.invitationId}/send-again`);
    expect(resent.json()).toMatchObject({ sendCount: 2, maySendAgain: true });
    // The link mailed again has a new token: the old one opens nothing.
    const current = await tokenMailedTo(app, 'katrin.ilves@example.ee');
    expect((await katrin('GET', `/onboarding/invitations/${first.token}`)).statusCode).toBe(404);
    expect((await katrin('GET', `/onboarding/invitations/${current}`)).statusCode).toBe(200);
    expect((await call('POST', `/onboarding/applications/${application.processId}/invitations/${first.invitationId}/send-again`)).json()).toMatchObject({
      sendCount: 3,
      maySendAgain: false,
    });
    expect((await call('POST', `/onboarding/applications/${application.processId}/invitations/${first.invitationId}/send-again`)).statusCode).toBe(409);
    const latest = await tokenMailedTo(app, 'katrin.ilves@example.ee');
    expect((await katrin('GET', `/onboarding/invitations/${current}`)).statusCode).toBe(404);

    const withdrawn = await call('POST', `/onboarding/applications/${application.processId}/invitations/${first.invitationId}/withdraw`);
    expect(withdrawn.json()).toMatchObject({ status: 'WITHDRAWN' });
    expect((await katrin('GET', `/onboarding/invitations/${latest}`)).json()).toMatchObject({ status: 'WITHDRAWN' });
    expect((await signWithIdCard(app, katrin, application, KATRIN)).started.statusCode).toBe(404);
    expect((await katrin('POST', `/onboarding/invitations/${latest}/decline`, { reason: 'Hilja.' })).statusCode).toBe(409);

    const second = await invite(call, application, 'katrin.ilves@example.ee');
    await app.database.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.id, second.invitationId));
    expect((await katrin('GET', `/onboarding/invitations/${second.token}`)).json()).toMatchObject({ status: 'EXPIRED' });
    expect((await signWithIdCard(app, katrin, application, KATRIN)).started.statusCode).toBe(404);
    expect((await coSigningOf(call, application)).coSigners[0]?.invitation).toMatchObject({ status: 'EXPIRED', maySendAgain: false });
    // Expired is not live: the applicant invites again.
    await invite(call, application, 'katrin.ilves@example.ee');
  });
});
