import { isValidPersonalId } from '@onboarding/domain';
import type { CertificateFields } from './certificate-fields.js';
import type { AuthenticatedPerson } from './types.js';

const OID = { serialNumber: '2.5.4.5', givenName: '2.5.4.42', surname: '2.5.4.4', country: '2.5.4.6', commonName: '2.5.4.3' };

// Smart-ID and ID-card subjects carry PNOEE-<code>; Mobile-ID test certificates a bare code
// (docs/eid-facts.md sections 3.7, 4.2).
const ESTONIAN_SERIAL_NUMBER = /^(?:PNOEE-)?(\d{11})$/;

const single = (values: string[] | undefined): string | null => {
  const value = values?.length === 1 ? values[0]?.trim() : undefined;
  return value ? value : null;
};

/** Names from CN "SURNAME,GIVENNAME,code" when GN/SN are absent (older ESTEID layout). */
const namesFromCommonName = (commonName: string | null, personalId: string): { givenName: string; surname: string } | null => {
  const parts = commonName?.split(',') ?? [];
  if (parts.length !== 3 || parts[2] !== personalId || !parts[0] || !parts[1]) return null;
  return { surname: parts[0], givenName: parts[1] };
};

/**
 * The person a certificate names: the identity always comes from the
 * certificate subject, never from the request (docs/eid-facts.md section 4.1
 * item 4). Null unless the subject is an Estonian personal code with a valid
 * check digit.
 */
export const personFromCertificate = ({ subject }: CertificateFields): AuthenticatedPerson | null => {
  const personalId = ESTONIAN_SERIAL_NUMBER.exec(single(subject.get(OID.serialNumber)) ?? '')?.[1];
  if (personalId === undefined || !isValidPersonalId(personalId)) return null;
  const countries = subject.get(OID.country);
  if (countries !== undefined && single(countries) !== 'EE') return null;
  const givenName = single(subject.get(OID.givenName));
  const surname = single(subject.get(OID.surname));
  const names = givenName !== null && surname !== null ? { givenName, surname } : namesFromCommonName(single(subject.get(OID.commonName)), personalId);
  if (names === null) return null;
  return { personalId, countryCode: 'EE', ...names };
};
