import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject, serializerCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../errors.js';
import { registerErrorHandlers } from '../../plugins/error-handler.js';
import { validatorCompiler } from '../../plugins/validation.js';
import { REGISTRY_CODES } from './fixture/companies.js';
import { registerLookupRoutes } from './lookup-routes.js';
import { lookupScopeOf } from './lookup-scope.js';
import { createSimulatedRegister } from './simulated-register.js';

const TOKEN = 'test-token';

/** Stands in for the auth module's requireUser: a fixed bearer token or 401. */
const requireUser = async (request: FastifyRequest) => {
  if (request.headers.authorization !== `Bearer ${TOKEN}`) throw new AppError('UNAUTHORIZED');
};

let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandlers(app);
  // As app.ts declares it, so the routes' bearerAuth security resolves.
  await app.register(swagger, {
    openapi: {
      info: { title: 'test', version: '1' },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  // Consent is the onboarding module's to check (its tests refuse a look-up without it); here everyone has given it.
  // The signed-in person has one application in progress, for the AS with the chain (lookup-access.test.ts asks the whole app).
  const register = createSimulatedRegister({ today: () => '2025-06-01' });
  const card = (await register.company('EE', REGISTRY_CODES.chainAs)) ?? null;
  const scope = await lookupScopeOf(
    { represented: [], applications: [{ status: 'IN_PROGRESS', registryCountryCode: 'EE', registryCode: REGISTRY_CODES.chainAs, card }] },
    register,
  );
  await app.register(registerLookupRoutes, {
    register,
    requireUser,
    requireConsent: async () => undefined,
    scopeOf: async () => scope,
    limitLookups: async () => undefined,
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
});

const get = (url: string, isSignedIn = true) => app.inject({ method: 'GET', url, headers: isSignedIn ? { authorization: `Bearer ${TOKEN}` } : {} });

describe('GET /onboarding/register/companies/:registryCountryCode/:registryCode', () => {
  it('answers 401 without a signed-in user', async () => {
    const response = await get(`/onboarding/register/companies/EE/${REGISTRY_CODES.chainAs}`, false);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('gives only what the company form pre-fills: no persons, owners, status or dates', async () => {
    const response = await get(`/onboarding/register/companies/EE/${REGISTRY_CODES.chainAs}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      businessName: 'Põhjala Puit AS',
      registryCode: REGISTRY_CODES.chainAs,
      registryCountryCode: 'EE',
      emtakVersion: 'EMTAK 2008',
      mainFieldOfActivityCode: '16101',
      isListedCompany: false,
      legalAddress: {
        countryCode: 'EE',
        county: 'Lääne-Viru maakond',
        district: 'Rakvere linn',
        city: 'Rakvere',
        street: 'Tööstuse tn 12',
        postalCode: '44311',
      },
    });
  });

  it('answers 404 for a code the register does not know', async () => {
    const response = await get('/onboarding/register/companies/EE/10060701');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('answers a company outside the scope with the same 404 as a code the register does not know', async () => {
    const outside = await get(`/onboarding/register/companies/EE/${REGISTRY_CODES.minorityShareholders}`);
    const missing = await get('/onboarding/register/companies/EE/10060701');
    expect(outside.statusCode).toBe(404);
    expect(outside.body).toBe(missing.body);
  });

  it('answers 400 with the form’s code for a registry code that is not one', async () => {
    const response = await get('/onboarding/register/companies/EE/12AB');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: [{ path: 'registryCode', code: 'onlyNumbers' }] });
    const long = await get('/onboarding/register/companies/EE/123456789');
    expect(long.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: [{ path: 'registryCode', code: 'maxLength', params: { max: 8 } }] });
  });
});

describe('GET /onboarding/register/persons/:personalId', () => {
  it('answers 401 without a signed-in user', async () => {
    expect((await get('/onboarding/register/persons/38001085718', false)).statusCode).toBe(401);
  });

  it('gives name, birth date and residency, and never the identity document, age or the code asked about', async () => {
    // On the board of the AS with the chain.
    const response = await get('/onboarding/register/persons/38001085718');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      firstName: 'JAAK-KRISTJAN',
      lastName: 'JÕEORG',
      birthDate: '1980-01-08',
      nationalityCountryCode: 'EE',
      residentialCountryCode: 'EE',
      residency: 'RESIDENT',
    });
    expect(response.body).not.toContain('AC0000014');
  });

  it('answers 404 for a valid code the register does not know', async () => {
    expect((await get('/onboarding/register/persons/38001010015')).statusCode).toBe(404);
  });

  it('answers a person outside the scope with the same 404 as a code the register does not know', async () => {
    // Mary Änn is in the register, on no card of the chain.
    const outside = await get('/onboarding/register/persons/60001019906');
    const missing = await get('/onboarding/register/persons/38001010015');
    expect(outside.statusCode).toBe(404);
    expect(outside.body).toBe(missing.body);
  });

  it('answers 400 for a code that is not a valid Estonian personal ID', async () => {
    const response = await get('/onboarding/register/persons/38001085719');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ fields: [{ path: 'personalId', code: 'invalidPersonalId' }] });
  });
});

describe('OpenAPI', () => {
  it('documents both lookups with only the fields the forms pre-fill', () => {
    const document = app.swagger() as {
      paths: Record<string, { get?: { security?: unknown; responses?: Record<string, { content?: Record<string, { schema?: { properties?: object } }> }> } }>;
    };
    const fieldsOf = (path: string) =>
      Object.keys(document.paths[path]?.get?.responses?.['200']?.content?.['application/json']?.schema?.properties ?? {}).sort();
    const company = document.paths['/onboarding/register/companies/{registryCountryCode}/{registryCode}']?.get;
    expect(company?.security).toEqual([{ bearerAuth: [] }]);
    expect(fieldsOf('/onboarding/register/companies/{registryCountryCode}/{registryCode}')).toEqual([
      'businessName',
      'emtakVersion',
      'isListedCompany',
      'legalAddress',
      'mainFieldOfActivityCode',
      'mainFieldOfActivityName',
      'registryCode',
      'registryCountryCode',
    ]);
    expect(fieldsOf('/onboarding/register/persons/{personalId}')).toEqual([
      'birthDate',
      'firstName',
      'lastName',
      'nationalityCountryCode',
      'residency',
      'residentialCountryCode',
    ]);
  });
});
