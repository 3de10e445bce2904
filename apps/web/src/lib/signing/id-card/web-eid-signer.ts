import { IdCardError, type IdCardErrorCode, type IdCardSigner } from './id-card-signer';

/*
 * The Web eID browser extension's page messaging protocol, as web-eid.js
 * (github.com/web-eid/web-eid.js, src/services/WebExtensionService.ts and
 * src/web-eid.ts) speaks it. The official library is not on the npm registry
 * this project installs from (the npm package "web-eid" is a 2017 prototype
 * that talks to a WebSocket app, not this extension), so this module speaks
 * the protocol itself; it is the library's getSigningCertificate() and sign(), no more.
 *
 * - The page posts { action: 'web-eid:<action>', libraryVersion, ...arguments } to itself.
 * - The extension's content script answers '<action>-ack' at once, then
 *   '<action>-success' with the result or '<action>-failure' with { error: { code, message } }.
 * - No ack within the handshake time: no extension (ERR_WEBEID_EXTENSION_UNAVAILABLE).
 */

/**
 * The library version the extension checks compatibility against. An older
 * library than the extension is always accepted, so this is the first 2.x
 * release, the protocol version this module speaks.
 */
const LIBRARY_VERSION = '2.0.0';

/** web-eid.js src/config.ts (docs/eid-facts.md section 5.3). */
export const WEB_EID_TIMEOUTS = {
  extensionHandshakeMs: 1000,
  nativeAppHandshakeMs: 5000,
  userInteractionMs: 2 * 60 * 1000,
} as const;

type Action = 'web-eid:get-signing-certificate' | 'web-eid:sign';

/** web-eid.js names the hash functions as Web Crypto does (SignatureAlgorithm.ts). */
const HASH_FUNCTIONS = { SHA256: 'SHA-256' } as const;

/**
 * Web eID error codes (src/errors/ErrorCode.ts) as the hwcrypto.js strings
 * the signing view knows (docs/eid-facts.md sections 5.2 and 5.3):
 * - a missing or outdated extension or native app is no usable backend: no_implementation;
 * - an insecure page is hwcrypto's not_allowed;
 * - a PIN dialog left open until it timed out ends like a closed one: user_cancel;
 * - the native app failing at the card or reader is driver_error;
 * - anything else is technical_error.
 */
const ERROR_CODES: Readonly<Record<string, IdCardErrorCode>> = {
  ERR_WEBEID_USER_CANCELLED: 'user_cancel',
  ERR_WEBEID_USER_TIMEOUT: 'user_cancel',
  ERR_WEBEID_EXTENSION_UNAVAILABLE: 'no_implementation',
  ERR_WEBEID_NATIVE_UNAVAILABLE: 'no_implementation',
  ERR_WEBEID_VERSION_MISMATCH: 'no_implementation',
  ERR_WEBEID_VERSION_INVALID: 'no_implementation',
  ERR_WEBEID_CONTEXT_INSECURE: 'not_allowed',
  ERR_WEBEID_NATIVE_INVALID_ARGUMENT: 'invalid_argument',
  ERR_WEBEID_MISSING_PARAMETER: 'invalid_argument',
  ERR_WEBEID_NATIVE_FATAL: 'driver_error',
  ERR_WEBEID_ACTION_PENDING: 'technical_error',
  ERR_WEBEID_ACTION_TIMEOUT: 'technical_error',
  ERR_WEBEID_UNKNOWN_ERROR: 'technical_error',
};

export const idCardErrorOfWebEidCode = (code: unknown): IdCardErrorCode => (typeof code === 'string' ? ERROR_CODES[code] : undefined) ?? 'technical_error';

type WebEidWindow = Pick<Window, 'postMessage' | 'addEventListener' | 'removeEventListener' | 'isSecureContext' | 'setTimeout' | 'clearTimeout'> & {
  location: Pick<Location, 'origin'>;
};

type Reply = { action?: unknown; error?: { code?: unknown } } & Record<string, unknown>;

/**
 * Sends one action and waits for its answer. Only the page itself may answer
 * (the content script posts from the page's window), and only with this action's replies.
 */
function send(win: WebEidWindow, message: { action: Action } & Record<string, unknown>, replyTimeoutMs: number): Promise<Reply> {
  if (!win.isSecureContext) return Promise.reject(new IdCardError('not_allowed'));
  return new Promise((resolve, reject) => {
    const finish = (outcome: () => void) => {
      win.clearTimeout(ackTimer);
      win.clearTimeout(replyTimer);
      win.removeEventListener('message', onMessage);
      outcome();
    };
    const onMessage = (event: MessageEvent) => {
      if (event.source !== win) return;
      const data = event.data as Reply | null;
      if (typeof data?.action !== 'string') return;
      if (data.action === `${message.action}-ack`) win.clearTimeout(ackTimer);
      else if (data.action === `${message.action}-success`) finish(() => resolve(data));
      else if (data.action === `${message.action}-failure`) finish(() => reject(new IdCardError(idCardErrorOfWebEidCode(data.error?.code))));
    };
    const ackTimer = win.setTimeout(() => finish(() => reject(new IdCardError('no_implementation'))), WEB_EID_TIMEOUTS.extensionHandshakeMs);
    const replyTimer = win.setTimeout(() => finish(() => reject(new IdCardError('technical_error'))), replyTimeoutMs);
    win.addEventListener('message', onMessage);
    // A file: page's origin is "null", which postMessage does not accept as a target.
    win.postMessage({ ...message, libraryVersion: LIBRARY_VERSION }, win.location.origin === 'null' ? '*' : win.location.origin);
  });
}

const stringField = (reply: Reply, field: string): string => {
  const value = reply[field];
  if (typeof value !== 'string' || value === '') throw new IdCardError('technical_error');
  return value;
};

/** The real ID-card: the Web eID extension and native app on the user's computer. */
export function createWebEidSigner(win: WebEidWindow = window): IdCardSigner {
  // web-eid.js: handshakes plus the user's time, twice for the certificate choice and PIN entry.
  const timeoutMs = WEB_EID_TIMEOUTS.extensionHandshakeMs + WEB_EID_TIMEOUTS.nativeAppHandshakeMs + WEB_EID_TIMEOUTS.userInteractionMs * 2;
  return {
    getSigningCertificate: async ({ lang }) => {
      const reply = await send(win, { action: 'web-eid:get-signing-certificate', options: { lang } }, timeoutMs);
      return { certificate: stringField(reply, 'certificate') };
    },
    sign: async (certificate, { hash, hashType }, { lang }) => {
      const reply = await send(win, { action: 'web-eid:sign', certificate, hash, hashFunction: HASH_FUNCTIONS[hashType], options: { lang } }, timeoutMs);
      return { signature: stringField(reply, 'signature') };
    },
  };
}
