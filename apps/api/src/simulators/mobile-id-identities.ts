import { ocspTestPeople } from './ocsp-identities.js';

/** Mobile-ID session results the simulator can give (docs/eid-facts.md section 3.4). */
export type MobileIdOutcome =
  'OK' | 'TIMEOUT' | 'NOT_MID_CLIENT' | 'USER_CANCELLED' | 'SIGNATURE_HASH_MISMATCH' | 'PHONE_ABSENT' | 'DELIVERY_ERROR' | 'SIM_ERROR';

/** What POST /certificate answers (docs/eid-facts.md section 3.4). */
export type MobileIdCertificateResult = 'OK' | 'NOT_FOUND' | 'NOT_ACTIVE';

export type MobileIdIdentity = {
  phoneNumber: string;
  personalId: string;
  /** The result of every authentication and signature session. */
  outcome: MobileIdOutcome;
  /** People with no active Mobile-ID have no signing certificate either; everyone else's failure comes with the PIN2 session. */
  certificateResult: MobileIdCertificateResult;
  givenName: string;
  surname: string;
};

const identity = (phoneNumber: string, personalId: string, outcome: MobileIdOutcome, givenName = 'OK', surname = 'TESTNUMBER'): MobileIdIdentity => ({
  phoneNumber,
  personalId,
  outcome,
  certificateResult: outcome === 'NOT_MID_CLIENT' ? 'NOT_FOUND' : 'OK',
  givenName,
  surname,
});

/**
 * SK's DEMO numbers (docs/eid-facts.md section 3.7). The TIMEOUT person is
 * listed with both +37066000266 (SK's code) and +37266000266 (third-party code)
 * because the sources disagree. Any other phone and code pair is
 * NOT_MID_CLIENT, as SK answers for a pair that does not belong together.
 * 60001019928 is the account SK's tests call "not activated": its
 * certificate answer is NOT_ACTIVE, the other NOT_MID_CLIENT people's
 * NOT_FOUND (this simulator's reading; SK documents no /certificate test
 * identities).
 */
export const MOBILE_ID_IDENTITIES: readonly MobileIdIdentity[] = [
  identity('+37200000766', '60001019906', 'OK', 'MARY ÄNN', 'O’CONNEŽ-ŠUSLIK TESTNUMBER'),
  identity('+37200000566', '60001018800', 'OK'),
  identity('+37268000769', '60001017869', 'OK'),
  identity('+37269930366', '51307149560', 'OK'),
  identity('+37060000666', '50001018865', 'OK'),
  identity('+37200000266', '60001019939', 'NOT_MID_CLIENT'),
  { ...identity('+37200000366', '60001019928', 'NOT_MID_CLIENT'), certificateResult: 'NOT_ACTIVE' },
  identity('+37060000266', '50001018832', 'NOT_MID_CLIENT'),
  identity('+37207110066', '60001019947', 'DELIVERY_ERROR'),
  identity('+37201100266', '60001019950', 'USER_CANCELLED'),
  identity('+37061100266', '50001018854', 'USER_CANCELLED'),
  identity('+37200000666', '60001019961', 'SIGNATURE_HASH_MISMATCH'),
  identity('+37201200266', '60001019972', 'SIM_ERROR'),
  identity('+37061200266', '50001018876', 'SIM_ERROR'),
  identity('+37213100266', '60001019983', 'PHONE_ABSENT'),
  identity('+37066000266', '50001018908', 'TIMEOUT'),
  identity('+37266000266', '50001018908', 'TIMEOUT'),
  // The simulator's own: OK numbers whose signing certificate's OCSP answer differs (ocsp-identities.ts).
  ...ocspTestPeople('MOBILE_ID').map((person) => identity(person.phoneNumber ?? '', person.personalId, 'OK', person.givenName)),
];

export const findMobileIdIdentity = (phoneNumber: string, personalId: string): MobileIdIdentity | undefined =>
  MOBILE_ID_IDENTITIES.find((entry) => entry.phoneNumber === phoneNumber && entry.personalId === personalId);
