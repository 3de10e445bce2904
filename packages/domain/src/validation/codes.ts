/**
 * Validation codes. The first group are the messages of
 * docs/requirements.md section 5; the rest name the related-person and
 * opening-reason rules of the same section. Each code has a text under
 * VALIDATION.<code> in src/i18n/*.json.
 */
export const VALIDATION_CODES = [
  'required',
  'invalidEmail',
  'onlyNumbers',
  'maxLength',
  'exactLength',
  'maxValue',
  'maxOptions',
  'minValue',
  // "Minimum value" says "bigger than N"; a rule whose minimum is itself allowed (0 employees) must say so.
  'minValueInclusive',
  'totalHoldingNotEqual',
  'totalHoldingTooBig',
  'incorrectValue',
  'notUnique',
  'onlyLatinLetters',
  'invalidPersonalId',
  'personAlreadyExists',
  'invalidPhone',
  'invalidRegistryCode',
  'invalidFormat',
  'countryAlreadyAdded',
  'invalidCountryCode',
  'invalidAmount',
  'invalidDate',
  'receivedPaymentsNotMarked',
  'invalidTin',
  'amountMustBePositive',
  // "Minimum amount {minValue}": a custom monthly amount below the highest band's lower bound.
  'minAmount',
  'openingReasonRequired',
  'personWithBirthDateAlreadyExists',
  'ownerRequired',
  'legalEntityAlreadyExists',
  'beneficiariesTotalNotEqual',
  'beneficiariesTotalTooBig',
  // The owners of a legal entity in the ownership structure, at any depth, hold more than 100%.
  'legalEntityOwnersTotalTooBig',
  'managementBoardMemberRequired',
  'legalEntityNotInShareholders',
  'ownerNotInShareholders',
  'representativeIncorrect',
  'technicalIdNotUnique',
  'technicalShareholderMissing',
  'technicalListedCompanyPercent',
  'technicalEntityOwnsItself',
  // The register decides: a step naming another company, a company the register stops, a step its changes reopened.
  'companyMismatch',
  'blockedByRegister',
  'registerChanged',
  // A company typed by hand that the register knows: chosen from the list, or (not the person's) taken up with a manager.
  'companyInRegister',
  'companyInRegisterNotRepresented',
  'registryCodeNotInRegister',
  // The bank asked for more information in this step (MORE_INFORMATION_NEEDED): saved again before signing anew.
  'reopenedByBank',
  // The e-mail confirmation code (personal information screen): typed wrong, with the tries left; or no longer good.
  'wrongConfirmationCode',
  'confirmationCodeExpired',
] as const;
export type ValidationCode = (typeof VALIDATION_CODES)[number];

export type ValidationParams = Readonly<Record<string, string | number>>;

/** What every rule returns when it fails; texts are looked up by code at render time. */
export type ValidationIssue = {
  code: ValidationCode;
  params: ValidationParams;
};

/** A rule result: null when the value passes. */
export type ValidationResult = ValidationIssue | null;

const codes: ReadonlySet<string> = new Set(VALIDATION_CODES);

export const isValidationCode = (value: unknown): value is ValidationCode => typeof value === 'string' && codes.has(value);

export const validationIssue = (code: ValidationCode, params: ValidationParams = {}): ValidationIssue => ({
  code,
  params,
});
