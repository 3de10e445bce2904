import { createHash, sign as signData } from 'node:crypto';
import { isValidPersonalId } from '@onboarding/domain';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { signDigest } from '../modules/identity/digest-signature.js';
import { HASH_BYTE_LENGTHS, HASH_TYPES } from '../modules/identity/hash-types.js';
import { findFailingIdCard, idCardKindOf, type IdCardFailure } from './id-card-identities.js';
import type { SimulatorPki, TestPerson } from './simulator-pki.js';
import { decodeHash } from './simulator-options.js';

export type IdCardRoutesOptions = {
  pki: SimulatorPki;
  /** The person whose card it is: their names as their authentication certificate has them. */
  cardholder(personalId: string): TestPerson;
};

const certificateQuery = z.object({ personalId: z.string() });
const signBody = z.object({ personalId: z.string(), hash: z.string(), hashType: z.enum(HASH_TYPES) });
// Web eID's authenticate(nonce) with the page's origin (docs/eid-facts.md section 5.1 steps 2-4).
const authenticateBody = z.object({ personalId: z.string(), origin: z.string().min(1).max(300), nonce: z.string().min(44).max(200) });

// Web eID's names for the hash functions (docs/eid-facts.md section 5.1 step 6).
const HASH_FUNCTIONS = { SHA256: 'SHA-256', SHA384: 'SHA-384', SHA512: 'SHA-512' } as const;
// What the card's signing key (EC P-384, raw ECDSA) signs with, in a 1.1 token (docs/eid-facts.md section 1.11).
const SUPPORTED_SIGNATURE_ALGORITHMS = Object.values(HASH_FUNCTIONS).map((hashFunction) => ({ cryptoAlgorithm: 'ECC', hashFunction, paddingScheme: 'NONE' }));

// A card refusal is the card's answer, not a broken request: 422 with the hwcrypto error string.
const CARD_REFUSAL = 422;

const refuse = (reply: FastifyReply, error: IdCardFailure | 'invalid_argument') =>
  reply.code(error === 'invalid_argument' ? 400 : CARD_REFUSAL).send({ error });

/**
 * A stand-in for the ID-card in the reader, for the browser's simulated
 * hwcrypto / Web eID in simulated mode: it reads the card's signing
 * certificate and signs a hash with the card's PIN2 key (docs/eid-facts.md
 * section 5.1 step 6, section 5.2), and authenticates with the card's PIN1
 * key as Web eID's authenticate does (section 5.1 steps 2-4): a signature
 * over hash(origin) ‖ hash(nonce). A card of the 2025 generation answers with
 * format web-eid:1.1 and its signing certificate (section 1.11); the others
 * with 1.0. Errors are hwcrypto's strings.
 */
export const idCardRoutes = (options: IdCardRoutesOptions) => async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, _request, reply) =>
    error.statusCode !== undefined && error.statusCode < 500 ? refuse(reply, 'invalid_argument') : reply.code(500).send({ error: 'technical_error' }),
  );

  const signerFor = async (personalId: string) => options.pki.idCardSigner(options.cardholder(personalId), idCardKindOf(personalId).generation);

  app.get('/signing-certificate', async (request, reply) => {
    const query = certificateQuery.safeParse(request.query);
    if (!query.success || !isValidPersonalId(query.data.personalId)) return refuse(reply, 'invalid_argument');
    const failing = findFailingIdCard(query.data.personalId);
    if (failing?.failsAt === 'certificate') return refuse(reply, failing.failure);
    const signer = await signerFor(query.data.personalId);
    return { certificate: signer.certificateDer.toString('base64') };
  });

  app.post('/sign', async (request, reply) => {
    const parsed = signBody.safeParse(request.body);
    if (!parsed.success || !isValidPersonalId(parsed.data.personalId)) return refuse(reply, 'invalid_argument');
    const { personalId, hashType } = parsed.data;
    // A hash whose length does not fit its type is invalid_argument (hwcrypto plugin code 17).
    const hash = decodeHash(parsed.data.hash, HASH_BYTE_LENGTHS[hashType]);
    if (hash === null) return refuse(reply, 'invalid_argument');
    const failing = findFailingIdCard(personalId);
    if (failing !== undefined) return refuse(reply, failing.failure);
    const signer = await signerFor(personalId);
    const isEcc = signer.privateKey.asymmetricKeyType === 'ec';
    return {
      signature: signDigest(signer.privateKey, hash, hashType).toString('base64'),
      // Web eID's SignatureAlgorithm shape; ECDSA values are raw r||s.
      signatureAlgorithm: { cryptoAlgorithm: isEcc ? 'ECC' : 'RSA', hashFunction: HASH_FUNCTIONS[hashType], paddingScheme: isEcc ? 'NONE' : 'PKCS1.5' },
    };
  });

  app.post('/authenticate', async (request, reply) => {
    const parsed = authenticateBody.safeParse(request.body);
    if (!parsed.success || !isValidPersonalId(parsed.data.personalId)) return refuse(reply, 'invalid_argument');
    const { personalId, origin, nonce } = parsed.data;
    // Every failing card fails here: a card that cannot be read, a refused PIN1 or a broken reader.
    const failing = findFailingIdCard(personalId);
    if (failing !== undefined) return refuse(reply, failing.failure);
    const { generation, tokenFormat } = idCardKindOf(personalId);
    const card = await options.pki.idCardPerson(options.cardholder(personalId), generation);
    // The card's authentication key is EC P-384: ES384, SHA-384 (docs/eid-facts.md section 5.1 step 3).
    const sha384 = (text: string) => createHash('sha384').update(text, 'utf8').digest();
    const signature = signData('sha384', Buffer.concat([sha384(origin), sha384(nonce)]), { key: card.privateKey, dsaEncoding: 'ieee-p1363' });
    const signing =
      tokenFormat === 'web-eid:1.1'
        ? {
            unverifiedSigningCertificates: [
              { certificate: (await signerFor(personalId)).certificateDer.toString('base64'), supportedSignatureAlgorithms: SUPPORTED_SIGNATURE_ALGORITHMS },
            ],
          }
        : {};
    return {
      unverifiedCertificate: card.certificateDer.toString('base64'),
      algorithm: 'ES384',
      signature: signature.toString('base64'),
      format: tokenFormat,
      appVersion: 'https://web-eid.eu/simulated',
      ...signing,
    };
  });
};
