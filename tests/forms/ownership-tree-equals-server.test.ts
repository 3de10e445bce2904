// The ownership tree on the related persons screen marks a company whose owners
// do not add up; the server refuses the step for the same companies. Random
// ownership structures (nested legal entities, shares over and under 100%,
// now and then a company owning itself) go to the web's tree and to the real
// API route; the companies each calls wrong, and their totals, must be the same.
// The example is what once drifted: a nested company owned 90% + 60% was wrong
// in the browser and accepted by the server.
import { completeRepresentativePerson, JAAK_KRISTJAN, REPRESENTATIVE_PERSON_ID } from '@onboarding/domain/test-support';
import type { FieldIssue } from '@onboarding/domain';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../apps/api/src/test/app.js';
import { applicationFor, fillSteps, type TestApplication } from '../../apps/api/src/test/application-steps.js';
import { signInAsRepresentative, type Call } from '../../apps/api/src/test/representative.js';
import { readStepValues, toStepPayload } from '../../apps/web/src/features/application/related-persons/form-values.js';
import { ownershipTree, type OwnersLevel } from '../../apps/web/src/features/application/related-persons/ownership-tree.js';

const PERSONS = ['q0', 'q1', 'q2'];
const ENTITIES = ['e0', 'e1', 'e2', 'e3'];
const OWNERS = [REPRESENTATIVE_PERSON_ID, ...PERSONS, ...ENTITIES];

/** Shares near the totals that matter, and any share with two decimals. */
const share = fc.oneof(
  fc.constantFrom(100, 90, 60, 50, 40, 33.33, 33.34, 10, 0.01, 0),
  fc.integer({ min: 0, max: 10000 }).map((hundredths) => hundredths / 100),
);
const holdings = (minLength: number) =>
  fc.uniqueArray(fc.tuple(fc.constantFrom(...OWNERS), share), { selector: ([personId]) => personId, minLength, maxLength: 4 });

type Structure = { applicant: [string, number][]; entities: [string, number][][] };
const structures: fc.Arbitrary<Structure> = fc.record({
  // The applicant has an owner: with none the step says "owner required" instead of a total.
  applicant: holdings(1),
  entities: fc.tuple(...ENTITIES.map(() => holdings(0))),
});

const toHoldings = (list: readonly [string, number][]) => list.map(([personId, sharePercent]) => ({ personId, sharePercent }));

/** The step as the screen holds it: the representative, three owners with names only, four companies. */
function stepOf({ applicant, entities }: Structure) {
  return readStepValues({
    shareholders: toHoldings(applicant),
    relatedPersons: [
      completeRepresentativePerson(),
      ...PERSONS.map((id, index) => ({
        id,
        type: 'PRIVATE_PERSON',
        roles: [],
        firstName: 'Mari',
        lastName: `Omanik ${String(index)}`,
        birthDate: `1970-01-0${String(index + 1)}`,
      })),
      ...ENTITIES.map((id, index) => ({
        id,
        type: 'LEGAL_ENTITY',
        roles: [],
        businessName: `Omanik ${String(index)} OÜ`,
        registryCountryCode: 'EE',
        shareholders: toHoldings(entities[index] ?? []),
      })),
    ],
  });
}

/** What either side says about the totals: whether the first level is wrong, and each wrong company's total. */
type Verdict = { firstLevelIsWrong: boolean; wrongCompanies: Record<string, number> };

/** The companies the tree shows (each once; a repeated one is shown above), with their levels. */
function levelsOf(level: OwnersLevel, shown = new Map<string, OwnersLevel>()): Map<string, OwnersLevel> {
  for (const node of level.owners) {
    if (node.owners && !shown.has(node.person.id)) {
      shown.set(node.person.id, node.owners);
      levelsOf(node.owners, shown);
    }
  }
  return shown;
}

const FIRST_LEVEL_CODES = new Set(['totalHoldingNotEqual', 'totalHoldingTooBig', 'technicalListedCompanyPercent']);

let app: FastifyInstance;
let call: Call;
let application: TestApplication;

/** Every field issue the server gives for the step (none when it saves). */
async function serverIssues(data: unknown): Promise<FieldIssue[]> {
  const response = await call('PUT', `/onboarding/applications/${application.processId}/steps/RelatedPersons`, { version: application.version, data });
  if (response.statusCode === 200) {
    application = response.json() as TestApplication;
    return [];
  }
  expect(response.statusCode, response.body).toBe(400);
  return (response.json() as { fields: FieldIssue[] }).fields;
}

beforeAll(async () => {
  // Hundreds of saves by one person: the per-person save limits are not what is compared here.
  app = await buildTestApp({ RATE_LIMIT_SAVES_PER_USER: '1000000', RATE_LIMIT_DRAFTS_PER_USER: '1000000', RATE_LIMIT_PREVIEWS_PER_USER: '1000000' });
  call = await signInAsRepresentative(app, JAAK_KRISTJAN.person.personalId);
  application = await fillSteps(call, await applicationFor(call, JAAK_KRISTJAN.company.registryCode ?? ''), 'RelatedPersons');
});
afterAll(() => app.close());

describe('the ownership tree and the server judge the owners’ totals alike', () => {
  it('at the first level and in every company below it', async () => {
    const nestedOverFull: Structure = {
      applicant: [
        [REPRESENTATIVE_PERSON_ID, 50],
        ['e0', 50],
      ],
      entities: [
        [
          ['q0', 90],
          ['q1', 60],
        ],
        [],
        [],
        [],
      ],
    };
    await fc.assert(
      fc.asyncProperty(structures, async (structure) => {
        const values = stepOf(structure);
        // The applicant of the register fixture is not a listed company.
        const tree = ownershipTree(values, { isListedCompany: false });
        const shown = levelsOf(tree);
        const web: Verdict = {
          firstLevelIsWrong: tree.isWrong,
          wrongCompanies: Object.fromEntries([...shown].filter(([, level]) => level.isWrong).map(([id, level]) => [id, level.totalPercent])),
        };

        const issues = await serverIssues(toStepPayload(values));
        const nested = issues.filter((issue) => issue.code === 'legalEntityOwnersTotalTooBig');
        const server: Verdict = {
          firstLevelIsWrong: issues.some((issue) => FIRST_LEVEL_CODES.has(issue.code)),
          // A company the tree does not show (nobody above owns it) is the server's to report alone.
          wrongCompanies: Object.fromEntries(
            nested.map((issue) => [String(issue.params.companyId), Number(issue.params.total)]).filter(([id]) => shown.has(String(id))),
          ),
        };
        expect(web).toEqual(server);
      }),
      { numRuns: 60, examples: [[nestedOverFull]] },
    );
  });
});
