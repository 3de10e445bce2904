import { randomBytes } from 'node:crypto';
import { id_signedData, SignedData } from '@peculiar/asn1-cms';
import { AsnConvert, OctetString } from '@peculiar/asn1-schema';
import { MessageImprint, PKIStatus, TimeStampReq, TimeStampResp, TSTInfo } from '@peculiar/asn1-tsp';
import { AlgorithmIdentifier } from '@peculiar/asn1-x509';
import { serialToBigInt } from './ocsp-cert-id.js';
import { digest, DIGEST_OIDS } from './signed-bytes.js';
import { IdentityError } from './types.js';

export type Timestamp = {
  /** DER ContentInfo of the TimeStampToken, e.g. for a XAdES SignatureTimeStamp. */
  token: Uint8Array;
  genTime: Date;
};

export type TimestampClient = {
  /**
   * Time-stamps SHA-256(data). Throws IdentityError('timestamp_unavailable')
   * when the TSA is down, slow, refuses, or answers a token that is not for
   * this request. The token's signature is verified by verifyTimestampToken.
   */
  stamp(data: Uint8Array): Promise<Timestamp>;
};

export type TimestampClientOptions = {
  url: string;
  /** Bound on the whole request, connect to last byte. */
  timeoutMs: number;
  fetchFn?: typeof fetch;
};

const unavailable = (detail: string) => new IdentityError('timestamp_unavailable', `TSA: ${detail}`);

const buildRequest = (data: Uint8Array, nonce: Buffer): ArrayBuffer =>
  AsnConvert.serialize(
    new TimeStampReq({
      messageImprint: new MessageImprint({
        hashAlgorithm: new AlgorithmIdentifier({ algorithm: DIGEST_OIDS.sha256 }),
        hashedMessage: new OctetString(digest('sha256', data)),
      }),
      nonce: new Uint8Array(nonce).buffer,
      certReq: true,
    }),
  );

/** The granted token and its TSTInfo, or why the reply is not one for this request. */
const readReply = (reply: Uint8Array, data: Uint8Array, nonce: Buffer): { token: Uint8Array; tstInfo: TSTInfo } | string => {
  const response = AsnConvert.parse(reply, TimeStampResp);
  const status = response.status.status;
  if (status !== PKIStatus.granted && status !== PKIStatus.grantedWithMods) return `status ${String(status)}`;
  if (response.timeStampToken === undefined) return 'no token';
  const token = new Uint8Array(AsnConvert.serialize(response.timeStampToken));
  if (response.timeStampToken.contentType !== id_signedData) return 'token is not SignedData';
  const eContent = AsnConvert.parse(response.timeStampToken.content, SignedData).encapContentInfo.eContent;
  const tstBytes = eContent?.single?.buffer ?? eContent?.any;
  if (tstBytes === undefined) return 'token has no TSTInfo';
  const tstInfo = AsnConvert.parse(tstBytes, TSTInfo);
  if (!digest('sha256', data).equals(Buffer.from(tstInfo.messageImprint.hashedMessage.buffer))) return 'messageImprint is not ours';
  // RFC 3161 section 2.4.2: the nonce must be echoed; compared as INTEGERs, since a TSA may drop a leading zero byte.
  if (tstInfo.nonce === undefined || serialToBigInt(tstInfo.nonce) !== serialToBigInt(new Uint8Array(nonce).buffer)) return 'nonce mismatch';
  return { token, tstInfo };
};

export const createTimestampClient = (options: TimestampClientOptions): TimestampClient => {
  const fetchFn = options.fetchFn ?? fetch;
  return {
    async stamp(data) {
      const nonce = randomBytes(16);
      nonce[0] = (nonce[0] ?? 0) & 0x7f; // a positive INTEGER
      let response: Response;
      let body: ArrayBuffer;
      try {
        response = await fetchFn(options.url, {
          method: 'POST',
          headers: { 'content-type': 'application/timestamp-query', accept: 'application/timestamp-reply' },
          body: buildRequest(data, nonce),
          redirect: 'error',
          signal: AbortSignal.timeout(options.timeoutMs),
        });
        body = await response.arrayBuffer();
      } catch (error) {
        throw unavailable(`request failed: ${error instanceof Error ? error.message : String(error)}`);
      }
      if (response.status !== 200) throw unavailable(`HTTP ${String(response.status)}`);
      let read: ReturnType<typeof readReply>;
      try {
        read = readReply(new Uint8Array(body), data, nonce);
      } catch {
        read = 'reply does not parse';
      }
      if (typeof read === 'string') throw unavailable(read);
      return { token: read.token, genTime: read.tstInfo.genTime };
    },
  };
};
