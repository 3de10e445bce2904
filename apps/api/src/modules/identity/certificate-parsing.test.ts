import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSimulatorPki } from '../../simulators/simulator-pki.js';
import { isIssuedBy, parseCertificate, parseTrustAnchors } from './certificate-parsing.js';

const pki = await loadSimulatorPki(mkdtempSync(path.join(tmpdir(), 'certificate-parsing-')));
const card = await pki.issueIdCard({ personalId: '38001085718', givenName: 'MARI', surname: 'MAASIKAS' });
const der = (pem: string) => Buffer.from(pem.replace(/-----[^-]+-----|\s/g, ''), 'base64');

describe('certificates parsed once', () => {
  it('are the same object for the same bytes or text, and null for what does not parse', () => {
    expect(parseCertificate(card.certificatePem)).toBe(parseCertificate(card.certificatePem));
    expect(parseCertificate(der(card.certificatePem))).toBe(parseCertificate(new Uint8Array(der(card.certificatePem))));
    expect(parseCertificate(der(card.certificatePem))?.subject).toBe(parseCertificate(card.certificatePem)?.subject);
    const broken = der(card.certificatePem).subarray(0, 100);
    expect(parseCertificate(broken)).toBeNull();
    expect(parseCertificate(broken)).toBeNull();
  });

  it('give the same anchors for the same texts, and refuse texts without one', () => {
    const anchors = [pki.idCardCa.certificatePem];
    expect(parseTrustAnchors(anchors)).toBe(parseTrustAnchors([...anchors]));
    expect(() => parseTrustAnchors(['not a certificate'])).toThrow(/no trust anchor/);
  });

  it('answer who issued whom per pair, not per subject', () => {
    const certificate = parseCertificate(card.certificatePem);
    const [idCardCa] = parseTrustAnchors([pki.idCardCa.certificatePem]);
    const [smartIdCa] = parseTrustAnchors([pki.smartIdCa.certificatePem]);
    if (!certificate || !idCardCa || !smartIdCa) throw new Error('the test certificates parse');
    expect(isIssuedBy(certificate, idCardCa)).toBe(true);
    expect(isIssuedBy(certificate, smartIdCa)).toBe(false);
    expect(isIssuedBy(certificate, idCardCa)).toBe(true);
  });
});
