import {
  applicationFactsOf,
  hasMisstatedRight,
  signingSummaryOf,
  unverifiedFactsOf,
  verifiedNotices,
  type ApplicationFacts,
  type Discrepancy,
  type FactsInput,
  type RegisterCompanyDetails,
  type SigningSummary,
} from '@onboarding/domain';
import { registerOf } from './application-view.js';
import type { DecisionFacts } from './flow/transitions.js';
import type { ApplicationRow } from './rows.js';
import { personOf, type User } from './user.js';

/** Every fact the bank acts on with its source, and where the declaration contradicts the register, for the representative given. */
export const factsFor = (
  application: ApplicationRow,
  representative: FactsInput['representative'],
): { facts: ApplicationFacts; discrepancies: Discrepancy[] } =>
  applicationFactsOf({
    company: {
      businessName: application.companyName,
      registryCode: application.companyRegistryCode,
      registryCountryCode: application.companyRegistryCountryCode,
      legalForm: application.companyLegalForm,
      source: application.companySource,
    },
    register: registerOf(application),
    steps: application.stepData,
    representative,
  });

/** The same for the signed-in representative, named as the eID names them. */
export const factsOf = (application: ApplicationRow, user: User): { facts: ApplicationFacts; discrepancies: Discrepancy[] } =>
  factsFor(application, { ...personOf(user), name: `${user.givenName} ${user.surname}` });

/** What the bank decides on at submission: the verified facts, the notices they give, and the discrepancies. */
export function decisionFactsOf(application: ApplicationRow, user: User): DecisionFacts {
  const { facts, discrepancies } = factsOf(application, user);
  const details = registerOf(application)?.details;
  return {
    facts,
    discrepancies,
    unverifiedFacts: unverifiedFactsOf(facts),
    notices: verifiedNotices(application.stepData, details),
    signing: signingOf(details, user, discrepancies),
  };
}

/**
 * Who signs with the signed-in representative, where the register states the company's representation; a
 * declaration that misstates their own right leaves the others' signatures to the bank.
 */
export function signingOf(details: RegisterCompanyDetails | undefined, user: User, discrepancies: readonly Discrepancy[]): SigningSummary | undefined {
  if (!details?.representation) return undefined;
  const summary = signingSummaryOf(details.representation, { personalId: user.personalId, personalIdCountryCode: user.personalIdCountryCode });
  return hasMisstatedRight(discrepancies) ? { ...summary, isCollected: false } : summary;
}
