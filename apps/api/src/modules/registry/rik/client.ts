import { requestRetryDelayMs } from '@onboarding/domain';
import { RikError, type RikFailure } from './errors.js';
import { buildEnvelope, readFault, type RikField, type SoapFault } from './soap.js';
import { isObject, type RikObject } from './values.js';

export type RikClientOptions = {
  /** The service's address; every operation is posted to it (docs/register-facts.md section 1.1). */
  url: string;
  username: string;
  password: string;
  timeoutMs: number;
  fetch?: typeof fetch;
  /** The clock of the evidence's query time. */
  now?: () => Date;
};

/** What the register said, kept for an auditor: the scrubbed echo of the query and the answer, with the time asked. */
export type RikEvidence = {
  operation: string;
  /** ISO 8601 instant. */
  queriedAt: string;
  paring: unknown;
  keha: RikObject;
};

export type RikAnswer = { keha: RikObject; evidence: RikEvidence };

export type RikClient = {
  /** Posts the operation with the credentials and JSON output before `fields`; throws RikError on any failure. */
  call(operation: string, fields: readonly RikField[]): Promise<RikAnswer>;
};

// The echo repeats the credentials in clear (docs/register-facts.md section 1.3).
const CREDENTIAL_FIELDS = new Set(['ariregister_kasutajanimi', 'ariregister_parool', 'ariregister_sessioon']);

/** The echo without credentials, and without any other value that is the password, however deep. */
export const scrubEcho = (value: unknown, password: string): unknown => {
  if (typeof value === 'string') return password !== '' && value === password ? '***' : value;
  if (Array.isArray(value)) return value.map((entry) => scrubEcho(entry, password));
  if (!isObject(value)) return value;
  return Object.fromEntries(Object.entries(value).flatMap(([key, entry]) => (CREDENTIAL_FIELDS.has(key) ? [] : [[key, scrubEcho(entry, password)]])));
};

const scrubText = (text: string, password: string): string => (password === '' ? text : text.replaceAll(password, '***'));

/*
 * RIK's fault texts are not published (docs/register-facts.md section 1.5), so refused credentials are told apart
 * only by the words a fault about them is likely to hold; any other fault stays a fault.
 */
const CREDENTIAL_WORDS = /parool|kasutaja|password|user ?name|credential|autent|authenticat/i;
const failureOfFault = (fault: SoapFault): RikFailure =>
  CREDENTIAL_WORDS.test(fault.faultString) ? { kind: 'BAD_CREDENTIALS', faultString: fault.faultString } : { kind: 'FAULT', ...fault };

/**
 * Every query is a read, so one that met a passing failure is asked again: a refused connection or a 5xx, twice more,
 * after 100 and 200 ms (and a little jitter). Not a timeout: a register that is slow is not helped by more queries,
 * and the person has waited long enough. Not a fault, refused credentials or an unreadable answer: the same query
 * gets the same answer.
 */
const RETRIES = 2;
const isPassing = (failure: RikFailure) => failure.kind === 'UNREACHABLE' || (failure.kind === 'HTTP_STATUS' && failure.status >= 500);
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The register's XML service, in JSON output (docs/register-facts.md sections 1.2 to 1.5). */
export const createRikClient = (options: RikClientOptions): RikClient => {
  const send = options.fetch ?? fetch;
  const now = options.now ?? (() => new Date());

  const attempt = async (operation: string, fields: readonly RikField[]): Promise<RikAnswer> => {
    const failure = (what: RikFailure) => new RikError(operation, what);
    const envelope = buildEnvelope(operation, [
      ['ariregister_kasutajanimi', options.username],
      ['ariregister_parool', options.password],
      ['ariregister_valjundi_formaat', 'json'],
      ...fields,
    ]);
    const queriedAt = now().toISOString();
    let status = 0;
    let text = '';
    try {
      const response = await send(options.url, {
        method: 'POST',
        headers: { 'Content-Type': 'text/xml;charset=UTF-8', SOAPAction: '""' },
        body: envelope,
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
        throw failure({ kind: 'TIMEOUT', timeoutMs: options.timeoutMs });
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
      throw failure({ kind: 'UNREACHABLE', reason: cause instanceof Error ? cause.message : String(cause) });
    }
    // A SOAP 1.1 fault comes with HTTP 500, and may come with 200 too.
    const fault = readFault(text);
    // A fault's text is logged with the error: should it quote the query, the password goes no further.
    if (fault) throw failure(failureOfFault({ ...fault, faultString: scrubText(fault.faultString, options.password) }));
    if (status < 200 || status > 299) throw failure({ kind: 'HTTP_STATUS', status });
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw failure({ kind: 'MALFORMED', reason: 'not JSON' });
    }
    if (!isObject(body) || !isObject(body.keha)) throw failure({ kind: 'MALFORMED', reason: 'no keha' });
    const scrubbed = scrubEcho(body.keha, options.password);
    const keha = isObject(scrubbed) ? scrubbed : {};
    return { keha, evidence: { operation, queriedAt, paring: scrubEcho(body.paring ?? {}, options.password), keha } };
  };

  return {
    call: async (operation, fields) => {
      for (let retry = 0; ; retry += 1) {
        try {
          return await attempt(operation, fields);
        } catch (error) {
          if (!(error instanceof RikError) || !isPassing(error.failure) || retry >= RETRIES) throw error;
          await wait(requestRetryDelayMs(retry));
        }
      }
    },
  };
};
