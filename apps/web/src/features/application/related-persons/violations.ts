import {
  legalEntitySchema,
  parseWithIssues,
  privatePersonSchema,
  validateRelatedPersons,
  type FieldIssue,
  type Locale,
  type RelatedPersonsContext,
  type RelatedPersonsViolation,
} from '@onboarding/domain';
import type { TFunction } from 'i18next';
import { validationMessage } from '../../../lib/domain-resolver';
import { withConsistentRoles, type PersonValues, type RelatedPersonsValues } from './form-values';
import { formatPercent } from './percent';

/**
 * The related-person rules of docs/requirements.md section 5 over the whole
 * step, as the server will judge it on Continue (the same function, the same
 * context).
 */
export function browserViolations(values: RelatedPersonsValues, context: RelatedPersonsContext): RelatedPersonsViolation[] {
  return validateRelatedPersons({ ...withConsistentRoles(values), ...context });
}

/** The details a person still lacks or has wrong, as their schema sees them; none for a complete person. */
export function missingDetails(person: PersonValues): FieldIssue[] {
  const result = parseWithIssues(person.type === 'LEGAL_ENTITY' ? legalEntitySchema : privatePersonSchema, person);
  return result.success ? [] : result.issues;
}

/** A field error the server gave one person, with the path inside that person (e.g. "taxResidences.0.tin"). */
export type PersonFieldIssue = FieldIssue & { personId: string };

/** What the server said on Continue, tied to the values it judged, so it goes stale as soon as they change. */
export type ServerFeedback = {
  values: RelatedPersonsValues;
  fieldIssues: PersonFieldIssue[];
  violations: RelatedPersonsViolation[];
};

const PERSON_PATH = /^relatedPersons\.(\d+)(?:\.(.+))?$/;
const APPLICANT_HOLDING_PATH = /^shareholders\.(\d+)(?:\..+)?$/;
/** The person form's share in the applicant company, which is always the first company of its Ownership part. */
export const APPLICANT_SHARE_PATH = 'holdings.0.sharePercent';

/**
 * The API's fields (400 VALIDATION_FAILED) on the persons they name:
 * "relatedPersons.3.firstName" is person 3's first name; "relatedPersons.3"
 * alone is a whole-list rule naming person 3 (one issue per person named),
 * "relatedPersons" one naming nobody. A share in the applicant's list
 * belongs to its holder.
 */
export function serverFeedback(fields: readonly FieldIssue[], values: RelatedPersonsValues): ServerFeedback {
  const fieldIssues: PersonFieldIssue[] = [];
  const grouped = new Map<string, RelatedPersonsViolation>();
  const addViolation = (issue: FieldIssue, personId: string | undefined) => {
    const key = `${issue.code}:${JSON.stringify(issue.params)}`;
    const violation = grouped.get(key) ?? { code: issue.code, params: issue.params, personIds: [] };
    if (personId !== undefined && !violation.personIds.includes(personId)) violation.personIds.push(personId);
    grouped.set(key, violation);
  };
  for (const issue of fields) {
    const personMatch = PERSON_PATH.exec(issue.path);
    const holdingMatch = APPLICANT_HOLDING_PATH.exec(issue.path);
    const person = personMatch ? values.relatedPersons[Number(personMatch[1])] : undefined;
    const holder = holdingMatch ? values.shareholders[Number(holdingMatch[1])] : undefined;
    if (person && personMatch?.[2]) fieldIssues.push({ ...issue, personId: person.id, path: personMatch[2] });
    else if (holder) fieldIssues.push({ ...issue, personId: holder.personId, path: APPLICANT_SHARE_PATH });
    else addViolation(issue, person?.id);
  }
  return { values, fieldIssues, violations: [...grouped.values()] };
}

const sameViolation = (a: RelatedPersonsViolation, b: RelatedPersonsViolation) =>
  a.code === b.code && [...a.personIds].sort().join() === [...b.personIds].sort().join();

/** The browser's violations and those only the server found (its context may know more); each once. */
export function mergeViolations(browser: readonly RelatedPersonsViolation[], server: readonly RelatedPersonsViolation[]): RelatedPersonsViolation[] {
  return [...browser, ...server.filter((violation) => !browser.some((known) => sameViolation(known, violation)))];
}

const RULES = 'APPLICATION.RELATED_PERSONS.RULES';

/** Hundredths, so that 100 - 85.1 is 14.9 and not 14.900000000000006. */
const difference = (a: number, b: number) => Math.abs(Math.round(a * 100) - Math.round(b * 100)) / 100;

/**
 * A violation in words a person understands (docs/requirements.md section 5,
 * related-person rules): the totals say what the owners hold and how much is
 * missing or too much, with the numbers in the page's language. Rules without a
 * text of their own (the technical problems) take the domain's message.
 */
export function violationText(t: TFunction, violation: RelatedPersonsViolation, locale: Locale): string {
  const total = Number(violation.params.total ?? 0);
  const expected = Number(violation.params.expected ?? 100);
  const numbers = {
    total: formatPercent(total, locale),
    expected: formatPercent(expected, locale),
    difference: formatPercent(difference(total, expected), locale),
  };
  switch (violation.code) {
    case 'totalHoldingNotEqual':
      return t(`${RULES}.OWNERS_TOTAL_MISSING`, numbers);
    case 'totalHoldingTooBig':
    case 'technicalListedCompanyPercent':
      return t(`${RULES}.OWNERS_TOTAL_TOO_BIG`, numbers);
    case 'legalEntityOwnersTotalTooBig':
      return t(`${RULES}.LEGAL_ENTITY_OWNERS_TOTAL_TOO_BIG`, numbers);
    case 'beneficiariesTotalNotEqual':
      return violation.personIds.length === 0 ? t(`${RULES}.BENEFICIARIES_MISSING`, numbers) : t(`${RULES}.BENEFICIARIES_TOTAL_MISSING`, numbers);
    case 'beneficiariesTotalTooBig':
      return t(`${RULES}.BENEFICIARIES_TOTAL_TOO_BIG`, numbers);
    case 'ownerRequired':
      return t(`${RULES}.OWNER_REQUIRED`);
    case 'managementBoardMemberRequired':
      return t(`${RULES}.MANAGEMENT_BOARD_MEMBER_REQUIRED`);
    case 'legalEntityNotInShareholders':
      return t(`${RULES}.LEGAL_ENTITY_NOT_IN_SHAREHOLDERS`);
    case 'ownerNotInShareholders':
      return t(`${RULES}.OWNER_NOT_IN_SHAREHOLDERS`);
    case 'personAlreadyExists':
      return t(`${RULES}.PERSON_ALREADY_EXISTS`);
    case 'personWithBirthDateAlreadyExists':
      return t(`${RULES}.PERSON_WITH_BIRTH_DATE_ALREADY_EXISTS`);
    case 'legalEntityAlreadyExists':
      return t(`${RULES}.LEGAL_ENTITY_ALREADY_EXISTS`);
    case 'representativeIncorrect':
      return t(`${RULES}.REPRESENTATIVE_INCORRECT`);
    default: {
      const types = Object.fromEntries(Object.entries(violation.params).map(([key, value]) => [key, String(value)]));
      return validationMessage(t, { message: violation.code, types }) ?? violation.code;
    }
  }
}
