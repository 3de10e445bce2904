/** How the simulated OCSP responder answers for a person's certificates; everyone else is GOOD. */
export type OcspTestAnswer = 'REVOKED' | 'UNKNOWN' | 'SLOW';

export type OcspTestPerson = {
  service: 'SMART_ID' | 'MOBILE_ID' | 'ID_CARD';
  personalId: string;
  /** Mobile-ID only: the phone the person signs in with. */
  phoneNumber?: string;
  answer: OcspTestAnswer;
  givenName: string;
};

/*
 * SK's DEMO identities have no documented revoked or unknown signing
 * certificate (docs/eid-facts.md sections 2 and 3.7; SiGa's "certificate
 * revoked" Mobile-ID number is already NOT_MID_CLIENT here), so these are the
 * simulator's own: valid check digits, born 1991-01-01 (Smart-ID, Mobile-ID)
 * or 1980-01-01 beside the failing ID-cards. Each signs in and signs
 * normally; only the OCSP answer for their certificates differs.
 */
export const OCSP_TEST_PEOPLE: readonly OcspTestPerson[] = [
  { service: 'SMART_ID', personalId: '39101019913', answer: 'REVOKED', givenName: 'REVOKED' },
  { service: 'SMART_ID', personalId: '39101019924', answer: 'UNKNOWN', givenName: 'UNKNOWN' },
  { service: 'SMART_ID', personalId: '39101019935', answer: 'SLOW', givenName: 'SLOW OCSP' },
  { service: 'MOBILE_ID', personalId: '49101019914', phoneNumber: '+37200000991', answer: 'REVOKED', givenName: 'REVOKED' },
  { service: 'MOBILE_ID', personalId: '49101019925', phoneNumber: '+37200000992', answer: 'UNKNOWN', givenName: 'UNKNOWN' },
  { service: 'MOBILE_ID', personalId: '49101019936', phoneNumber: '+37200000993', answer: 'SLOW', givenName: 'SLOW OCSP' },
  { service: 'ID_CARD', personalId: '38001019963', answer: 'REVOKED', givenName: 'REVOKED' },
  { service: 'ID_CARD', personalId: '38001019974', answer: 'UNKNOWN', givenName: 'UNKNOWN' },
  { service: 'ID_CARD', personalId: '38001019985', answer: 'SLOW', givenName: 'SLOW OCSP' },
];

export const ocspTestPeople = (service: OcspTestPerson['service']): OcspTestPerson[] => OCSP_TEST_PEOPLE.filter((entry) => entry.service === service);

export const findOcspTestAnswer = (personalId: string): OcspTestAnswer | undefined => OCSP_TEST_PEOPLE.find((entry) => entry.personalId === personalId)?.answer;
