import type { RepresentationBasis } from '@onboarding/domain';
import type { CompanyStatus, LegalForm, RegisterCompanyDetails, RegisterPersonData } from '@onboarding/domain';

export type { CompanyStatus, LegalForm, RegisterCompanyDetails, RegisterPersonData };

/**
 * The register names a person's right to represent a company; OTHER is only ever typed by the user
 * (docs/requirements.md section 3).
 */
export type RegisterRepresentationBasis = Exclude<RepresentationBasis, 'OTHER'>;

/** A company the person may represent, for the choose-company screen (docs/requirements.md section 1). */
export type RegisterCompany = {
  businessName: string;
  registryCode: string;
  registryCountryCode: string;
  legalForm: LegalForm;
  status: CompanyStatus;
  representationBasis: RegisterRepresentationBasis;
  /**
   * Whether the register says the person may act alone (`ainuesindusoigus_olemas`, docs/register-facts.md
   * section 2.5); undefined where the source does not say.
   */
  canActAlone?: boolean;
};

export const IDENTITY_DOCUMENT_TYPES = ['ID_CARD', 'DIGITAL_ID', 'RESIDENCE_PERMIT_CARD', 'PASSPORT'] as const;
export type IdentityDocumentType = (typeof IDENTITY_DOCUMENT_TYPES)[number];

export type IdentityDocument = {
  type: IdentityDocumentType;
  number: string;
  /** yyyy-MM-dd, the last day the document is valid. */
  validUntil: string;
  isValid: boolean;
};

/**
 * A person of the population register. The document decides
 * docs/requirements.md section 4's "identity document missing or invalid" (null
 * when there is none) and the age its "minor" outcome.
 */
export type RegisterPerson = RegisterPersonData & {
  age: number;
  identityDocument: IdentityDocument | null;
};

export type PersonKey = { personalId: string; countryCode: string };

/** One answer of the register as given, kept as evidence: the query's echo and the answer, scrubbed of credentials. */
export type RegisterEvidence = {
  operation: string;
  /** ISO 8601 instant the register was asked. */
  queriedAt: string;
  paring: unknown;
  keha: Record<string, unknown>;
};

/** A company's card with the answers it was read from, and the query time of the oldest of them. */
export type RegisterReading = { details: RegisterCompanyDetails; queriedAt: Date; evidence: RegisterEvidence[] };

/**
 * What the bank asks the state registers (docs/requirements.md section 1). The
 * simulator is one implementation; a live adapter to the e-Business Register
 * and the population register would be another.
 */
export type BusinessRegister = {
  /** Companies the person may represent, deleted ones left out. */
  companiesOf(person: PersonKey): Promise<RegisterCompany[]>;
  company(registryCountryCode: string, registryCode: string): Promise<RegisterCompanyDetails | undefined>;
  /**
   * Companies whose business name is the one given, without regard to case, diacritics, punctuation or the legal
   * form (`businessNameKey`); deleted ones too. RIK's detail query takes a business name (`arinimi`) as well as a code.
   */
  companiesNamed(businessName: string): Promise<RegisterCompanyDetails[]>;
  person(personalId: string, countryCode: string): Promise<RegisterPerson | undefined>;
  /**
   * `company()` with what the register answered and when: the evidence kept with an application. A register that
   * keeps no answers (the fixture's) leaves it out, and its card counts as read when asked.
   */
  companyReading?(registryCountryCode: string, registryCode: string): Promise<RegisterReading | undefined>;
};
