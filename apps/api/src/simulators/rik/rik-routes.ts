import { businessNameKey } from '@onboarding/domain';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { FixtureCompany } from '../../modules/registry/fixture/types.js';
import { readRequest, SOAP_ENVELOPE_NAMESPACE } from '../../modules/registry/rik/soap.js';
import { standInWsdl } from './wsdl.js';
import { beneficialOwnersAnswer, detailCard, representationEntry, representativesOf, type RikJson } from './register-data.js';

/**
 * How the stand-in answers, read on every request: NORMAL, or one of the failures a client must survive: 503 (DOWN),
 * late (SLOW), unreadable JSON (GARBLED), or a SOAP Fault of the service's own (FAULT).
 */
export type RikMode = 'NORMAL' | 'DOWN' | 'SLOW' | 'GARBLED' | 'FAULT';

/** The service's own failure, as a Fault that names neither the query nor the credentials. */
export const RIK_SERVER_FAULT_TEXT = 'Teenuse sisemine viga: andmebaas ei vasta';

export type RikRoutesOptions = {
  companies: readonly FixtureCompany[];
  username: string;
  password: string;
  /** The fault text of refused credentials; RIK's own is not published (docs/register-facts.md section 1.5). */
  badCredentialsText?: string;
  /** A group of one as an object rather than a one-element array, the other rendering clients meet. */
  isSingleItemObject?: boolean;
  mode: () => RikMode;
  /** How long a SLOW answer takes. */
  slowMs?: number;
  /** Ends a SLOW answer's wait when the listener closes. */
  closing?: AbortSignal;
};

const escapeXml = (value: string) => value.replace(/[<>&]/g, (character) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;' })[character] ?? character);

const faultXml = (code: string, text: string) =>
  '<?xml version="1.0" encoding="UTF-8"?>' +
  `<SOAP-ENV:Envelope xmlns:SOAP-ENV="${SOAP_ENVELOPE_NAMESPACE}"><SOAP-ENV:Body><SOAP-ENV:Fault>` +
  `<faultcode>${escapeXml(code)}</faultcode><faultstring>${escapeXml(text)}</faultstring>` +
  '</SOAP-ENV:Fault></SOAP-ENV:Body></SOAP-ENV:Envelope>';

/** Turns every one-element `item` array into the object alone. */
const singleItemsAsObjects = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(singleItemsAsObjects);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, entry]) => [
      key,
      key === 'item' && Array.isArray(entry) && entry.length === 1 ? singleItemsAsObjects(entry[0]) : singleItemsAsObjects(entry),
    ]),
  );
};

const DETAIL_FLAGS = ['yandmed', 'iandmed', 'kandmed', 'dandmed', 'maarused'];

/**
 * The e-Business Register's XML service as the register client meets it (docs/register-facts.md sections 1 and 2):
 * one POST address routed by the wrapper element (and its WSDL at `?wsdl`), credentials checked inside `keha`, the query echoed in `paring`
 * with the password, as RIK does, and JSON output when asked. Anything it cannot answer is a SOAP 1.1 Fault.
 */
export const rikRoutes =
  (options: RikRoutesOptions): FastifyPluginAsync =>
  async (app) => {
    const byCode = new Map(options.companies.map((company) => [company.registryCode, company]));
    const nameOf = (registryCode: string) => byCode.get(registryCode)?.businessName ?? '';

    for (const type of ['text/xml', 'application/soap+xml']) {
      app.addContentTypeParser(type, { parseAs: 'string' }, (_request, body, done) => done(null, body));
    }

    const fault = (reply: FastifyReply, code: string, text: string) => reply.code(500).type('text/xml; charset=utf-8').send(faultXml(code, text));

    const answer = async (body: unknown, reply: FastifyReply) => {
      const mode = options.mode();
      if (mode === 'DOWN') return reply.code(503).type('text/html').send('<html><body>Service Unavailable</body></html>');
      if (mode === 'SLOW') await sleep(options.slowMs ?? 30_000, undefined, options.closing ? { signal: options.closing } : {}).catch(() => undefined);
      if (mode === 'GARBLED') return reply.code(200).type('application/json').send('{"paring": {"ariregistri_kood": 1');
      if (mode === 'FAULT') return fault(reply, 'SOAP-ENV:Server', RIK_SERVER_FAULT_TEXT);

      const request = typeof body === 'string' ? readRequest(body) : undefined;
      if (!request) return fault(reply, 'SOAP-ENV:Client', 'Request is not a SOAP envelope of the producer namespace');
      const one = (name: string) => request.fields.get(name)?.[0]?.trim();
      if (one('ariregister_kasutajanimi') !== options.username || one('ariregister_parool') !== options.password) {
        return fault(reply, 'SOAP-ENV:Client', options.badCredentialsText ?? 'Vale kasutajanimi või parool');
      }
      if (one('ariregister_valjundi_formaat') !== 'json') return fault(reply, 'SOAP-ENV:Server', 'Only JSON output is simulated');
      // The echo, password and all, exactly as RIK sends it back (docs/register-facts.md section 1.3).
      const paring = Object.fromEntries([...request.fields].map(([name, values]) => [name, values.length === 1 ? values[0] : values]));

      let keha: RikJson;
      switch (request.operation) {
        case 'detailandmed_v2': {
          const missing = DETAIL_FLAGS.filter((flag) => !['true', 'false', '1', '0'].includes(one(flag) ?? ''));
          if (missing.length > 0) return fault(reply, 'SOAP-ENV:Client', `Mandatory field missing: ${missing.join(', ')}`);
          const code = one('ariregistri_kood');
          const name = one('arinimi');
          const matched =
            code !== undefined
              ? [byCode.get(code)].filter((company) => company !== undefined)
              : name !== undefined && businessNameKey(name) !== ''
                ? options.companies.filter((company) => businessNameKey(company.businessName).includes(businessNameKey(name)))
                : [];
          // evarv caps the companies in one answer (docs/register-facts.md section 1.6).
          const limit = Number(one('evarv'));
          const found = Number.isInteger(limit) && limit > 0 ? matched.slice(0, limit) : matched;
          keha = {
            leitud_ettevotjate_arv: found.length,
            ...(found.length === 0 ? {} : { ettevotjad: { item: found.map((company) => detailCard(company, nameOf)) } }),
          };
          break;
        }
        case 'esindus_v2': {
          const code = one('fyysilise_isiku_kood');
          const country = one('fyysilise_isiku_koodi_riik') ?? 'EST';
          const represented = options.companies.filter((company) =>
            representativesOf(company).some((person) => person.fyysilise_isiku_kood === code && person.isikukood_riik === country),
          );
          keha = { ettevotjad: { item: represented.map(representationEntry) } };
          break;
        }
        case 'tegelikudKasusaajad_v2':
          keha = beneficialOwnersAnswer(byCode.get(one('ariregistri_kood') ?? ''));
          break;
        default:
          return fault(reply, 'SOAP-ENV:Client', `Unknown operation ${request.operation}`);
      }
      const output = { paring, keha };
      return reply
        .code(200)
        .type('application/json; charset=utf-8')
        .send(options.isSingleItemObject ? singleItemsAsObjects(output) : output);
    };

    app.get('/', async (request, reply) => {
      if (typeof request.query !== 'object' || request.query === null || !('wsdl' in request.query)) return reply.code(404).send({ error: 'not found' });
      const location = `${request.protocol}://${request.host}${new URL(request.url, 'http://localhost').pathname}`;
      return reply.code(200).type('text/xml; charset=utf-8').send(standInWsdl(location));
    });
    app.post('/', async (request, reply) => answer(request.body, reply));
    app.post('/ariregxml', async (request, reply) => answer(request.body, reply));
  };
