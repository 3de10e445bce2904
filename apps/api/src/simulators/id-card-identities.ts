import { ocspTestPeople } from './ocsp-identities.js';
import type { IdCardGeneration, TestPerson } from './simulator-pki.js';

/**
 * The hwcrypto.js error strings a simulated card can answer with
 * (docs/eid-facts.md section 5.2; docs/requirements.md section 8). pin_blocked
 * is in the hwcrypto API specification for sign(), though hwcrypto.js has no
 * constant for it.
 */
export type IdCardFailure = 'user_cancel' | 'pin_blocked' | 'no_certificates' | 'driver_error' | 'technical_error';

export type IdCardIdentity = TestPerson & {
  failure: IdCardFailure;
  /** certificate: GET signing-certificate fails (and so does sign); sign: the certificate is read, the PIN2 step fails. */
  failsAt: 'certificate' | 'sign';
};

const card = (personalId: string, failure: IdCardFailure, failsAt: IdCardIdentity['failsAt'], givenName: string): IdCardIdentity => ({
  personalId,
  givenName,
  surname: 'TESTNUMBER',
  failure,
  failsAt,
});

/**
 * Test cards that fail in the signing stand-in. SK publishes no ID-card
 * signing test identities, so these codes are this simulator's own (valid
 * check digits, born 1980-01-01). Every other valid personal code has a
 * working card.
 */
export const ID_CARD_FAILING_CARDS: readonly IdCardIdentity[] = [
  card('38001019919', 'user_cancel', 'sign', 'CANCEL'),
  card('38001019922', 'pin_blocked', 'sign', 'PIN BLOCKED'),
  card('38001019930', 'no_certificates', 'certificate', 'NO CERTIFICATES'),
  card('38001019941', 'driver_error', 'sign', 'DRIVER ERROR'),
  card('38001019952', 'technical_error', 'sign', 'TECHNICAL ERROR'),
];

export const findFailingIdCard = (personalId: string): IdCardIdentity | undefined => ID_CARD_FAILING_CARDS.find((entry) => entry.personalId === personalId);

/** The Web eID token formats a simulated card answers with (docs/eid-facts.md sections 1.11, 5.1 step 4). */
export type WebEidTokenFormat = 'web-eid:1.0' | 'web-eid:1.1';

export type IdCardKind = TestPerson & { generation: IdCardGeneration; tokenFormat: WebEidTokenFormat };

/**
 * Cards of each generation, the simulator's own codes (born 1980-01-01):
 * a card on the ESTEID2025 chain whose Web eID answers with format 1.1 and its
 * signing certificate, and one on the ESTEID2018 chain answering with 1.0.
 * Every other card is an ESTEID2018 card answering with 1.0.
 */
export const ID_CARD_GENERATION_CARDS: readonly IdCardKind[] = [
  { personalId: '48001019964', givenName: 'CARD 2025', surname: 'TESTNUMBER', generation: 'ESTEID2025', tokenFormat: 'web-eid:1.1' },
  { personalId: '48001019975', givenName: 'CARD 2018', surname: 'TESTNUMBER', generation: 'ESTEID2018', tokenFormat: 'web-eid:1.0' },
];

const DEFAULT_KIND = { generation: 'ESTEID2018', tokenFormat: 'web-eid:1.0' } as const satisfies Omit<IdCardKind, keyof TestPerson>;

/** The card's chain and the token format it answers with. */
export const idCardKindOf = (personalId: string): Pick<IdCardKind, 'generation' | 'tokenFormat'> => {
  const card = ID_CARD_GENERATION_CARDS.find((entry) => entry.personalId === personalId);
  return card === undefined ? DEFAULT_KIND : { generation: card.generation, tokenFormat: card.tokenFormat };
};

/**
 * Working cards whose holder has a name of its own: SK's test ID-card
 * (docs/eid-facts.md), whose name the simulated business register gives the
 * same code, and the OCSP test cards. Other working cards are OK TESTNUMBER's.
 */
export const ID_CARD_NAMED_CARDS: readonly TestPerson[] = [
  { personalId: '38001085718', givenName: 'JAAK-KRISTJAN', surname: 'JÕEORG' },
  ...ID_CARD_GENERATION_CARDS.map(({ personalId, givenName, surname }) => ({ personalId, givenName, surname })),
  // The simulator's own: working cards whose signing certificate's OCSP answer differs (ocsp-identities.ts).
  ...ocspTestPeople('ID_CARD').map((person) => ({ personalId: person.personalId, givenName: person.givenName, surname: 'TESTNUMBER' })),
];

export const findNamedIdCard = (personalId: string): TestPerson | undefined => ID_CARD_NAMED_CARDS.find((entry) => entry.personalId === personalId);
