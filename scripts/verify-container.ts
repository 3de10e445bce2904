// Checks a signed contract (.asice) as a relying party would, years later, with nothing but the file and the
// trust anchors: npm run verify-container -- FILE.asice... [--trust CA.pem]... [--tsa-trust CA.pem]... [--data-dir DIR]
// Without --trust, the CAs of the identity simulators that `npm start` keeps in DATA_DIR/simulators (default
// ./data) are trusted, which is what a container signed in a local run needs. Prints every check of every file
// (under the file's name when there are several), naming the signature file each check was about, and for a valid
// file every signer with the signing and time-stamp times; exits 1 when any file fails.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { verifyContainer } from '../apps/api/src/modules/signing/container/verify-container.js';
import { loadSimulatorPki } from '../apps/api/src/simulators/simulator-pki.js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    trust: { type: 'string', multiple: true },
    'tsa-trust': { type: 'string', multiple: true },
    'data-dir': { type: 'string', default: process.env.DATA_DIR ?? './data' },
  },
});

if (positionals.length === 0) {
  console.error('usage: npm run verify-container -- FILE.asice... [--trust CA.pem]... [--tsa-trust CA.pem]... [--data-dir DIR]');
  process.exit(2);
}

async function anchors(): Promise<{ trustAnchors: string[]; timestampTrustAnchors: string[] }> {
  const read = (files: string[]) => files.map((name) => readFileSync(name, 'utf8'));
  if (values.trust && values['tsa-trust']) return { trustAnchors: read(values.trust), timestampTrustAnchors: read(values['tsa-trust']) };
  const directory = path.join(values['data-dir'] ?? './data', 'simulators');
  if (!existsSync(directory)) {
    console.error(`No --trust and --tsa-trust given, and no simulator CAs in ${directory}: name the CAs to trust.`);
    process.exit(2);
  }
  const pki = await loadSimulatorPki(directory);
  return {
    trustAnchors: values.trust ? read(values.trust) : [pki.smartIdCa, pki.mobileIdCa, pki.idCardCa].map((ca) => ca.certificatePem),
    timestampTrustAnchors: values['tsa-trust'] ? read(values['tsa-trust']) : [pki.tsaCa.certificatePem],
  };
}

const trusted = await anchors();
let failed = false;
for (const [index, file] of positionals.entries()) {
  if (positionals.length > 1) console.log(`${index > 0 ? '\n' : ''}${file}:`);
  const report = await verifyContainer(readFileSync(file), trusted);
  // Every check, with the signature file it was about: a container may hold several signatures.
  for (const { check, ok, detail, signature } of report.checks)
    console.log(`${ok ? 'ok  ' : 'FAIL'} ${check.padEnd(19)} ${signature ? `${signature}: ` : ''}${detail}`);
  if (report.ok) {
    const count = report.signatures.length;
    console.log(`\nValid: ${report.documentName ?? ''}, ${count === 1 ? 'one signature' : `${String(count)} signatures`}:`);
    for (const { file: signatureFile, signer, signingTime, timestampTime } of report.signatures)
      console.log(
        `  signed by ${signer.givenName} ${signer.surname} (${signer.personalId}) at ${signingTime.toISOString()}, time-stamped ${timestampTime.toISOString()} (${signatureFile})`,
      );
  } else {
    console.log(`\nNot valid: ${report.failure ?? ''}.`);
    failed = true;
  }
}
if (failed) process.exit(1);
