import { ocspTestPeople } from './ocsp-identities.js';

/** Smart-ID RP API v3 end results the stand-in can give (docs/eid-facts.md section 1.9). */
export type SmartIdOutcome = 'OK' | 'USER_REFUSED' | 'USER_REFUSED_INTERACTION' | 'USER_REFUSED_CERT_CHOICE' | 'WRONG_VC' | 'TIMEOUT' | 'DOCUMENT_UNUSABLE';

export type SmartIdIdentity = {
  personalId: string;
  outcome: SmartIdOutcome;
  givenName: string;
  surname: string;
  /** USER_REFUSED_INTERACTION: the screen the person cancelled on, answered as result.details.interaction. */
  refusedInteraction?: string;
};

const identity = (personalId: string, outcome: SmartIdOutcome, givenName = 'OK', refusedInteraction?: string, surname = 'TESTNUMBER'): SmartIdIdentity => ({
  personalId,
  outcome,
  givenName,
  surname,
  ...(refusedInteraction === undefined ? {} : { refusedInteraction }),
});

/**
 * SK's Estonian DEMO accounts (docs/eid-facts.md sections 2 and 1.10), so the same test
 * identities behave alike here and at SK DEMO. SK documents no
 * DOCUMENT_UNUSABLE account; 30403039994 is this simulator's own. Every other
 * valid personal code has no account and gets 404.
 */
export const SMART_ID_IDENTITIES: readonly SmartIdIdentity[] = [
  identity('40504040001', 'OK'),
  identity('50001029996', 'OK', 'ADULT'),
  identity('39901012239', 'OK', 'MULTIPLE ACCOUNTS'),
  identity('61101012257', 'OK', 'MINOR'),
  identity('30303039914', 'OK'),
  identity('40404049996', 'OK'),
  identity('40404049985', 'OK'),
  identity('30303039903', 'OK'),
  identity('30303039816', 'OK'),
  identity('30403039917', 'USER_REFUSED', 'REFUSED'),
  // v3 answers the refusals on a screen as USER_REFUSED_INTERACTION naming the screen (docs/eid-facts.md section 2).
  identity('30403039928', 'USER_REFUSED_INTERACTION', 'REFUSED', 'displayTextAndPIN'),
  identity('30403039939', 'USER_REFUSED_INTERACTION', 'REFUSED', 'confirmationMessageAndVerificationCodeChoice'),
  identity('30403039946', 'USER_REFUSED_INTERACTION', 'REFUSED', 'confirmationMessage'),
  identity('30403039950', 'USER_REFUSED_INTERACTION', 'REFUSED', 'confirmationMessageAndVerificationCodeChoice'),
  identity('30403039961', 'USER_REFUSED_CERT_CHOICE', 'REFUSED'),
  identity('30403039972', 'WRONG_VC', 'WRONG VC'),
  identity('30403039983', 'TIMEOUT', 'TIMEOUT'),
  identity('30403039994', 'DOCUMENT_UNUSABLE', 'UNUSABLE'),
  // SK's device-link accounts (docs/eid-facts.md section 1.10); they answer notifications too.
  identity('40404040009', 'OK', 'ADULT'),
  identity('61101019999', 'OK', 'MINOR'),
  // The simulator's own: OK accounts whose signing certificate's OCSP answer differs (ocsp-identities.ts).
  ...ocspTestPeople('SMART_ID').map((person) => identity(person.personalId, 'OK', person.givenName)),
  // The simulator's own: a board member of the register fixture's jointly represented company, who co-signs with
  // Smart-ID (decision 39); her code is fictitious, so SK DEMO has no account for it.
  identity('47103220312', 'OK', 'KATRIN', undefined, 'ILVES'),
];

export const findSmartIdIdentity = (personalId: string): SmartIdIdentity | undefined => SMART_ID_IDENTITIES.find((entry) => entry.personalId === personalId);
