import { relatedPersonsContextOf, type RelatedPersonsContext } from '@onboarding/domain';
import { useMemo } from 'react';
import { useSignedInPerson } from '../../../lib/use-signed-in-person';
import { useApplicationLayout } from '../application-context';
import type { SignedInRepresentative } from './form-values';

export type RelatedPersonsScreenContext = {
  /** What the related-person rules need besides the persons: the company and the signed-in representative. */
  context: RelatedPersonsContext;
  representative: SignedInRepresentative | null;
  /** The applicant company's name, the root of the ownership structure. */
  companyName: string;
  isListedCompany: boolean;
};

/**
 * The rules' context as the server builds it (relatedPersonsContextOf over
 * the saved steps, the application's company and the signed-in person), so
 * the browser and the server judge the step alike.
 */
/** The representation basis the saved company step gives, if it gives one. */
const representationBasisOf = (steps: Readonly<Record<string, unknown>>): unknown => {
  const companyData = steps.CompanyData;
  return typeof companyData === 'object' && companyData !== null ? (companyData as { representationBasis?: unknown }).representationBasis : undefined;
};

export function useRelatedPersonsContext(): RelatedPersonsScreenContext {
  const { application } = useApplicationLayout();
  const claims = useSignedInPerson();
  return useMemo(() => {
    const representative = claims
      ? {
          personalId: claims.personalId,
          personalIdCountryCode: claims.personalIdCountryCode,
          givenName: claims.givenName,
          surname: claims.surname,
          isManagementBoardMember: representationBasisOf(application.steps) === 'MANAGEMENT_BOARD_MEMBER',
        }
      : null;
    // The register's listed status where it has one (the server judges with it too).
    const full = relatedPersonsContextOf(application.steps, application.company, {
      personalId: representative?.personalId ?? '',
      personalIdCountryCode: representative?.personalIdCountryCode ?? '',
    });
    return {
      context: representative ? full : { company: full.company },
      representative,
      // The application's company, fixed when it was started.
      companyName: application.company.businessName,
      isListedCompany: full.company?.isListedCompany === true,
    };
  }, [application.steps, application.company, claims]);
}
