import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationFor } from '../../test/application-steps.js';
import { recordQueries, type QueryRecorder } from '../../test/query-recorder.js';
import { signInAsRepresentative } from '../../test/representative.js';
import type { Call } from '../../test/representative.js';
import { startRikStandIn, type RikStandIn } from '../../simulators/rik/start-rik-stand-in.js';
import { buildTestApp } from '../../test/app.js';
import { REGISTRY_CODES } from './fixture/companies.js';
import { createRikRegister } from './rik/rik-register.js';
import { createSimulatedRegister } from './simulated-register.js';

/**
 * The register look-ups on a need-to-know basis, through the whole app: the
 * applicant (OK TESTNUMBER, 40504040001) has an application for Põhjala Puit
 * AS, owned through Põhjala Grupp OÜ and, one level further, Laane Invest OÜ
 * (modules/registry/README.md). What her forms are not filled from answers
 * exactly as a code the register does not have.
 */

const APPLICANT = '40504040001';
/** On the board of Põhjala Puit AS too, but without an application of his own. */
const CO_BOARD_MEMBER = '38001085718';

/** A checksum-valid registry code the register does not have. */
const MISSING_COMPANY = '10060701';
/** A valid personal code the population register does not have. */
const MISSING_PERSON = '38001010015';
/** Lõuna Logistika OÜ: nobody in the applicant's chain, and not hers to represent. */
const STRANGERS_COMPANY = REGISTRY_CODES.minorityShareholders;
/** Its board member, named in no card of the applicant's chain. */
const STRANGER = '50001029996';
/** Rein Org: named only in the cards of Läänemere Energia AS and its owner, which she represents but has no application for. */
const OWNER_OF_A_REPRESENTED_COMPANY = '35803030356';
/** Board of Põhjala Grupp OÜ, named only in that owner's own card. */
const OWNER_BOARD_MEMBER = '30303039816';
/** Anu Saar: board of Laane Invest OÜ, two levels up the chain, named only in its card. */
const SECOND_OWNER_BOARD_MEMBER = '46602250195';

// The one header that differs from one request to the next whatever is asked: the clock's.
const stableHeaders = (response: LightMyRequestResponse) => Object.fromEntries(Object.entries(response.headers).filter(([name]) => name !== 'date'));

let app: FastifyInstance;
let standIn: RikStandIn;
let recorder: QueryRecorder;
let applicant: Call;
let coBoardMember: Call;

// What the forms pre-fill (packages/domain registerCompanyLookupSchema, registerPersonLookupSchema), and nothing else.
// The register names the activity code too (mainFieldOfActivityName), which the form shows for a code its list lacks.
const COMPANY_PREFILL = [
  'businessName',
  'emtakVersion',
  'isListedCompany',
  'legalAddress',
  'mainFieldOfActivityCode',
  'mainFieldOfActivityName',
  'registryCode',
  'registryCountryCode',
];
const PERSON_PREFILL = ['birthDate', 'firstName', 'lastName', 'nationalityCountryCode', 'residency', 'residentialCountryCode'];
const fieldsOf = (response: LightMyRequestResponse) => Object.keys(response.json() as object).sort();

const company = (call: Call, registryCode: string) => call('GET', `/onboarding/register/companies/EE/${registryCode}`);
const person = (call: Call, personalId: string) => call('GET', `/onboarding/register/persons/${personalId}`);

beforeAll(async () => {
  // The register is asked over HTTP (its stand-in), so a pair of requests can straddle the session check's cache under
  // load; a check in one and not the other is the clock's doing, not a difference between the answers.
  // The register is its client alone, without the reuse of answers and the breaker kept in the database: whether a
  // request finds an answer stored, or reads the breaker's row again, depends on the clock and on what was asked
  // before, not on the code asked, and would tell a pair apart. Their own tests cover them.
  standIn = await startRikStandIn();
  const register = createRikRegister({
    url: standIn.url,
    username: standIn.username,
    password: standIn.password,
    timeoutMs: 10_000,
    persons: createSimulatedRegister(),
  });
  app = await buildTestApp({ SESSION_CHECK_CACHE_MS: '60000' }, { register });
  await app.ready();
  applicant = await signInAsRepresentative(app, APPLICANT);
  coBoardMember = await signInAsRepresentative(app, CO_BOARD_MEMBER);
  await applicationFor(applicant, REGISTRY_CODES.chainAs);
  recorder = recordQueries(app.database);
}, 60_000);

afterAll(async () => {
  await app?.close();
  await standIn?.close();
});

/** Asks both, and says how the answers and the database work behind them differ; empty when nobody could tell them apart. */
async function differences(ask: () => Promise<LightMyRequestResponse>, askMissing: () => Promise<LightMyRequestResponse>): Promise<string[]> {
  const hidden = await recorder.record(ask);
  const missing = await recorder.record(askMissing);
  const problems: string[] = [];
  if (hidden.result.statusCode !== 404) problems.push(`answered ${hidden.result.statusCode} ${hidden.result.body}`);
  if (hidden.result.body !== missing.result.body) problems.push(`body ${hidden.result.body} / missing ${missing.result.body}`);
  if (JSON.stringify(stableHeaders(hidden.result)) !== JSON.stringify(stableHeaders(missing.result))) {
    problems.push(`headers ${JSON.stringify(hidden.result.headers)} / missing ${JSON.stringify(missing.result.headers)}`);
  }
  if (JSON.stringify(hidden.statements) !== JSON.stringify(missing.statements))
    problems.push(`queries ${hidden.statements.join('; ')} / missing ${missing.statements.join('; ')}`);
  if (JSON.stringify(hidden.rowCounts) !== JSON.stringify(missing.rowCounts))
    problems.push(`rows ${JSON.stringify(hidden.rowCounts)} / missing ${JSON.stringify(missing.rowCounts)}`);
  return problems;
}

describe('register look-ups answer only what the applicant’s own forms are filled from', () => {
  it('answers a stranger’s company exactly as a company the register does not have', async () => {
    expect(
      await differences(
        () => company(applicant, STRANGERS_COMPANY),
        () => company(applicant, MISSING_COMPANY),
      ),
    ).toEqual([]);
    const answer = await company(applicant, STRANGERS_COMPANY);
    expect(answer.json()).toEqual({ code: 'NOT_FOUND', message: 'The register has no company with this registry code.' });
  });

  it('answers a person named in no card of the applicant’s chain exactly as a person the register does not have', async () => {
    expect(
      await differences(
        () => person(applicant, STRANGER),
        () => person(applicant, MISSING_PERSON),
      ),
    ).toEqual([]);
    expect(
      await differences(
        () => person(applicant, OWNER_OF_A_REPRESENTED_COMPANY),
        () => person(applicant, MISSING_PERSON),
      ),
    ).toEqual([]);
    const answer = await person(applicant, STRANGER);
    expect(answer.json()).toEqual({ code: 'NOT_FOUND', message: 'The register has no person with this personal ID code.' });
  });

  it('opens the chain of owners only through an application: a company she represents shows its name, not its owners', async () => {
    const represented = await company(applicant, REGISTRY_CODES.listedAs);
    expect(represented.statusCode).toBe(200);
    expect(represented.json()).toMatchObject({ businessName: 'Läänemere Energia AS' });
    expect(fieldsOf(represented)).toEqual(COMPANY_PREFILL);
    expect(
      await differences(
        () => company(applicant, REGISTRY_CODES.listedOwnerHolding),
        () => company(applicant, MISSING_COMPANY),
      ),
    ).toEqual([]);
  });

  it('opens nothing of another representative’s application to a co-board member', async () => {
    // He represents Põhjala Puit AS, so its name is offered; its owners are the applicant's application's, not his.
    expect((await company(coBoardMember, REGISTRY_CODES.chainAs)).statusCode).toBe(200);
    expect(
      await differences(
        () => company(coBoardMember, REGISTRY_CODES.chainHoldingFirst),
        () => company(coBoardMember, MISSING_COMPANY),
      ),
    ).toEqual([]);
    expect(
      await differences(
        () => person(coBoardMember, OWNER_BOARD_MEMBER),
        () => person(coBoardMember, MISSING_PERSON),
      ),
    ).toEqual([]);
  });

  it('answers the application’s company and every owner company up the chain, with only the pre-fill fields', async () => {
    for (const [registryCode, businessName] of [
      [REGISTRY_CODES.chainAs, 'Põhjala Puit AS'],
      [REGISTRY_CODES.chainHoldingFirst, 'Põhjala Grupp OÜ'],
      [REGISTRY_CODES.chainHoldingSecond, 'Laane Invest OÜ'],
    ] as const) {
      const response = await company(applicant, registryCode);
      expect(response.statusCode, registryCode).toBe(200);
      expect(response.json(), registryCode).toMatchObject({ businessName, registryCode, registryCountryCode: 'EE' });
      expect(fieldsOf(response), registryCode).toEqual(COMPANY_PREFILL);
      // The card's persons stay on the server: none of its personal codes is in the answer.
      for (const personalId of [APPLICANT, CO_BOARD_MEMBER, OWNER_BOARD_MEMBER, SECOND_OWNER_BOARD_MEMBER]) expect(response.body).not.toContain(personalId);
    }
  });

  it('answers the persons the chain’s cards name, the owners’ own boards included, with only the pre-fill fields', async () => {
    for (const [personalId, firstName] of [
      [CO_BOARD_MEMBER, 'JAAK-KRISTJAN'],
      [OWNER_BOARD_MEMBER, 'OK'],
      [SECOND_OWNER_BOARD_MEMBER, 'Anu'],
    ] as const) {
      const response = await person(applicant, personalId);
      expect(response.statusCode, personalId).toBe(200);
      expect(response.json(), personalId).toMatchObject({ firstName });
      expect(fieldsOf(response), personalId).toEqual(PERSON_PREFILL);
    }
  });

  it('answers 400 for a code that is not one, whoever it would name', async () => {
    expect((await company(applicant, '12AB')).statusCode).toBe(400);
    expect((await person(applicant, '38001085719')).statusCode).toBe(400);
  });
});
