// CPU time of each stage of a signed container, one ID-card (ECDSA P-384) signature at a time, against the
// simulators in this process: npm run bench:container. Prints the mean over 40 containers after 5 warm-ups.
// The time-stamp and OCSP rows include the simulators' side (building and signing the answer), which SK pays
// in live mode. Only figures: nothing is asserted.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { X509Certificate } from 'node:crypto';
import { startSimulators } from '../../apps/api/src/simulators/index.js';
import { loadSimulatorPki } from '../../apps/api/src/simulators/simulator-pki.js';
import { createOcspClient, responderUrlByIssuer } from '../../apps/api/src/modules/identity/ocsp-client.js';
import { createTimestampClient } from '../../apps/api/src/modules/identity/timestamp-client.js';
import { signDigest } from '../../apps/api/src/modules/identity/digest-signature.js';
import { buildContainer } from '../../apps/api/src/modules/signing/container/asic.js';
import { verifyContainer } from '../../apps/api/src/modules/signing/container/verify-container.js';
import { prepareSignature, timestampedBytes, withSignatureValue, withValidationData } from '../../apps/api/src/modules/signing/container/xades.js';

const dir = mkdtempSync(path.join(tmpdir(), 'sealbench-'));
const simulators = await startSimulators({ dataDir: dir, completionDelayMs: 0 });
const pki = await loadSimulatorPki(dir);
// A card the simulators' OCSP responder knows: it loads the signer when the card stand-in hands out its certificate.
const person = { personalId: '39001010044', givenName: 'OK', surname: 'TESTNUMBER' };
await fetch(`${simulators.idCardBaseUrl}/signing-certificate?personalId=${person.personalId}`);
const ocsp = createOcspClient({ timeoutMs: 5000, responderUrlFor: responderUrlByIssuer(simulators.ocspResponders) });
const tsa = createTimestampClient({ url: simulators.tsaUrl, timeoutMs: 5000 });
const pdf = Buffer.alloc(40_000, 7);
const anchors = {
  trustAnchors: [...simulators.smartIdTrustAnchors, ...simulators.mobileIdTrustAnchors, ...simulators.idCardTrustAnchors],
  timestampTrustAnchors: simulators.tsaTrustAnchors,
};
{
  const signer = await pki.idCardSigner(person);
  const issuer = new X509Certificate(pki.idCardCa.certificatePem);
  const totals: Record<string, number> = {};
  const time = async <T>(name: string, work: () => Promise<T> | T): Promise<T> => {
    const start = process.cpuUsage();
    const result = await work();
    const used = process.cpuUsage(start);
    totals[name] = (totals[name] ?? 0) + (used.user + used.system) / 1000;
    return result;
  };
  const runs = 40;
  for (let index = 0; index < runs + 5; index += 1) {
    if (index === 5) for (const key of Object.keys(totals)) delete totals[key];
    const prepared = await time('prepareSignature', () =>
      prepareSignature({ documentName: 'c.pdf', document: pdf, mediaType: 'application/pdf', certificate: signer.certificateDer, signingTime: new Date() }),
    );
    const value = await time('eID signs (simulated)', () => signDigest(signer.privateKey, prepared.digest, 'SHA256'));
    const signed = await time('withSignatureValue', () => withSignatureValue(prepared.signatureXml, value));
    const bytes = await time('timestampedBytes', () => timestampedBytes(signed));
    const token = await time('time-stamp (client + simulated TSA)', () => tsa.stamp(bytes));
    const status = await time('OCSP (client + simulated responder)', () => ocsp.check({ certificate: signer.certificateDer, issuer: issuer.raw }));
    const xml = await time('withValidationData', () =>
      withValidationData(signed, { timestampToken: token.token, certificates: [issuer.raw], ocspResponse: status.response }),
    );
    const container = await time('buildContainer', () => buildContainer([{ name: 'c.pdf', mediaType: 'application/pdf', content: pdf }], [xml]));
    const report = await time('verifyContainer', () => verifyContainer(container, anchors));
    if (!report.ok) throw new Error(JSON.stringify(report.checks));
  }
  console.log(`ID-card (ECDSA P-384) signature: CPU ms per container (mean of ${String(runs)})`);
  let sum = 0;
  for (const [name, total] of Object.entries(totals)) {
    sum += total / runs;
    console.log(`  ${name.padEnd(40)} ${(total / runs).toFixed(1)}`);
  }
  console.log(`  ${'total'.padEnd(40)} ${sum.toFixed(1)}`);
}
await simulators.close();
rmSync(dir, { recursive: true, force: true });
