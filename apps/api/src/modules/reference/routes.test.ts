import { createHash } from 'node:crypto';
import {
  bankOfficesResponseSchema,
  countriesResponseSchema,
  economicActivitiesResponseSchema,
  placesResponseSchema,
  REFERENCE_BASE_PATH,
  referenceEndpoints,
  type BankOfficesResponse,
  type CountriesResponse,
  type EconomicActivitiesResponse,
  type PlacesResponse,
} from '@onboarding/domain';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referenceRoutes } from './routes.js';

let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(swagger, { openapi: { info: { title: 'reference', version: '1' } }, transform: jsonSchemaTransform });
  await app.register(referenceRoutes);
  await app.ready();
});

afterAll(() => app.close());

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

const endpoints = Object.values(referenceEndpoints);

describe('reference endpoints', () => {
  it('are public GET calls under the reference base path', () => {
    for (const endpoint of endpoints) {
      expect(endpoint.method).toBe('GET');
      expect(endpoint.isAuthenticated).toBe(false);
      expect(endpoint.path.startsWith(`${REFERENCE_BASE_PATH}/`)).toBe(true);
    }
  });

  it.each(endpoints.map((endpoint) => [endpoint.path, endpoint] as const))(
    '%s answers its contract with a strong ETag and an hour of caching',
    async (_path, endpoint) => {
      const response = await get(endpoint.path);

      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(response.headers['cache-control']).toBe('public, max-age=3600');
      const digest = createHash('sha256').update(response.body).digest('base64url');
      expect(response.headers.etag).toBe(`"${digest}"`);
      expect(endpoint.response.safeParse(response.json()).success).toBe(true);
    },
  );

  it.each(endpoints.map((endpoint) => [endpoint.path] as const))('%s answers 304 to a matching If-None-Match', async (path) => {
    const etag = String((await get(path)).headers.etag);

    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const response = await get(path, { 'if-none-match': ifNoneMatch });
      expect(response.statusCode, ifNoneMatch).toBe(304);
      expect(response.body).toBe('');
      expect(response.headers.etag).toBe(etag);
      expect(response.headers['cache-control']).toBe('public, max-age=3600');
    }
  });

  it('are in the OpenAPI document with their response schemas', () => {
    const { paths = {} } = app.swagger() as { paths?: Record<string, { get?: { responses?: Record<string, unknown> } }> };
    for (const endpoint of endpoints) {
      expect(Object.keys(paths[endpoint.path]?.get?.responses ?? {}), endpoint.path).toEqual(['200', '304']);
    }
  });

  it('answers 200 with the body when the ETag in If-None-Match is stale', async () => {
    const response = await get(referenceEndpoints.countries.path, { 'if-none-match': '"stale"' });

    expect(response.statusCode).toBe(200);
    expect(response.json<CountriesResponse>().countries.length).toBeGreaterThan(0);
  });

  it('answers HEAD with the same ETag and no body', async () => {
    const { etag } = (await get(referenceEndpoints.places.path)).headers;
    const response = await app.inject({ method: 'HEAD', url: referenceEndpoints.places.path });

    expect(response.statusCode).toBe(200);
    expect(response.headers.etag).toBe(etag);
    expect(response.body).toBe('');
  });
});

describe('countries', () => {
  it('lists every ISO 3166-1 country once, with names in Estonian, English and Russian', async () => {
    const { countries } = countriesResponseSchema.parse((await get(referenceEndpoints.countries.path)).json());

    expect(countries.length).toBeGreaterThanOrEqual(249);
    expect(new Set(countries.map(({ code }) => code)).size).toBe(countries.length);
    expect(countries.find(({ code }) => code === 'EE')?.name).toEqual({ et: 'Eesti', en: 'Estonia', ru: 'Эстония' });
    expect(countries.find(({ code }) => code === 'FI')?.name).toEqual({ et: 'Soome', en: 'Finland', ru: 'Финляндия' });
    // The official name, not the library's aliases (its English GB entry is a list).
    expect(countries.find(({ code }) => code === 'GB')?.name.en).toBe('United Kingdom');
  });
});

describe('economic activities', () => {
  let tree: EconomicActivitiesResponse;
  beforeAll(async () => {
    tree = economicActivitiesResponseSchema.parse((await get(referenceEndpoints.economicActivities.path)).json());
  });

  const divisionsOf = () => tree.sections.flatMap(({ divisions }) => divisions);
  const activitiesOf = () => divisionsOf().flatMap(({ activities }) => activities);

  it('names its EMTAK version', () => {
    expect(tree.version).toBe('EMTAK 2008');
  });

  it('has all 21 sections A–U and all 88 divisions, each once', () => {
    expect(tree.sections.map(({ code }) => code).join('')).toBe('ABCDEFGHIJKLMNOPQRSTU');
    const divisions = divisionsOf().map(({ code }) => code);
    expect(divisions).toHaveLength(88);
    expect(new Set(divisions).size).toBe(88);
    expect(divisions).toEqual([...divisions].sort());
  });

  it('places each division in the section NACE Rev. 2 gives it', () => {
    // First and last division of each section (NACE Rev. 2).
    const ranges: Record<string, [number, number]> = {
      A: [1, 3],
      B: [5, 9],
      C: [10, 33],
      D: [35, 35],
      E: [36, 39],
      F: [41, 43],
      G: [45, 47],
      H: [49, 53],
      I: [55, 56],
      J: [58, 63],
      K: [64, 66],
      L: [68, 68],
      M: [69, 75],
      N: [77, 82],
      O: [84, 84],
      P: [85, 85],
      Q: [86, 88],
      R: [90, 93],
      S: [94, 96],
      T: [97, 98],
      U: [99, 99],
    };
    for (const section of tree.sections) {
      const [first, last] = ranges[section.code] ?? [0, -1];
      for (const division of section.divisions) {
        expect(Number(division.code), `${section.code} ${division.code}`).toBeGreaterThanOrEqual(first);
        expect(Number(division.code), `${section.code} ${division.code}`).toBeLessThanOrEqual(last);
      }
    }
  });

  it('files every five-digit code under the division of its first two digits, each code once', () => {
    for (const division of divisionsOf()) {
      for (const activity of division.activities) expect(activity.code.slice(0, 2), activity.code).toBe(division.code);
    }
    const codes = activitiesOf().map(({ code }) => code);
    expect(codes.length).toBeGreaterThanOrEqual(60);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('has the codes small companies name most', () => {
    const codes = new Set(activitiesOf().map(({ code }) => code));
    for (const code of [
      '62011',
      '62021',
      '62091',
      '47911',
      '70221',
      '69201',
      '69101',
      '41201',
      '43341',
      '49411',
      '56101',
      '56301',
      '68201',
      '68311',
      '73111',
      '74101',
      '85599',
      '86231',
      '96021',
    ]) {
      expect(codes.has(code), code).toBe(true);
    }
    expect(activitiesOf().find(({ code }) => code === '62011')?.name).toEqual({
      et: 'Programmeerimine',
      en: 'Computer programming activities',
      ru: 'Компьютерное программирование',
    });
  });
});

describe('places', () => {
  let places: PlacesResponse;
  beforeAll(async () => {
    places = placesResponseSchema.parse((await get(referenceEndpoints.places.path)).json());
  });

  it('has the 15 counties of Estonia with their names in each language', () => {
    expect(places.counties.map(({ name }) => name.et)).toEqual([
      'Harju maakond',
      'Hiiu maakond',
      'Ida-Viru maakond',
      'Jõgeva maakond',
      'Järva maakond',
      'Lääne maakond',
      'Lääne-Viru maakond',
      'Põlva maakond',
      'Pärnu maakond',
      'Rapla maakond',
      'Saare maakond',
      'Tartu maakond',
      'Valga maakond',
      'Viljandi maakond',
      'Võru maakond',
    ]);
    expect(places.counties[0]).toMatchObject({ code: 'EE-37', name: { et: 'Harju maakond', en: 'Harju County', ru: 'Харьюский уезд' } });
  });

  it('has the 79 local governments of the 2017 reform, 15 of them urban', () => {
    const districts = places.counties.flatMap(({ districts }) => districts);
    expect(districts).toHaveLength(79);
    expect(new Set(districts.map(({ code }) => code)).size).toBe(79);
    expect(districts.filter(({ type }) => type === 'URBAN_MUNICIPALITY')).toHaveLength(15);
  });

  it("gives Tallinn's eight city districts as its cities, as Estonian addresses write them", () => {
    const tallinn = places.counties[0]?.districts.find(({ name }) => name === 'Tallinn');
    expect(tallinn?.type).toBe('URBAN_MUNICIPALITY');
    expect(tallinn?.cities).toHaveLength(8);
    expect(tallinn?.cities).toContain('Kesklinna linnaosa');
  });

  it('has every county seat', () => {
    const cities = new Set(places.counties.flatMap(({ districts }) => districts.flatMap(({ cities }) => cities)));
    for (const seat of [
      'Kärdla',
      'Jõhvi',
      'Jõgeva',
      'Paide',
      'Haapsalu',
      'Rakvere',
      'Põlva',
      'Pärnu',
      'Rapla',
      'Kuressaare',
      'Tartu',
      'Valga',
      'Viljandi',
      'Võru',
    ]) {
      expect(cities.has(seat), seat).toBe(true);
    }
  });
});

describe('bank offices', () => {
  let offices: BankOfficesResponse['bankOffices'];
  let places: PlacesResponse;
  beforeAll(async () => {
    offices = bankOfficesResponseSchema.parse((await get(referenceEndpoints.bankOffices.path)).json()).bankOffices;
    places = placesResponseSchema.parse((await get(referenceEndpoints.places.path)).json());
  });

  it('has branches and banking points, cash-free and not', () => {
    expect(new Set(offices.map(({ type }) => type))).toEqual(new Set(['BRANCH', 'BANKING_POINT']));
    for (const type of ['BRANCH', 'BANKING_POINT']) {
      expect(new Set(offices.filter((office) => office.type === type).map(({ isCashFree }) => isCashFree)), type).toEqual(new Set([true, false]));
    }
  });

  it('gives each office its own id', () => {
    expect(new Set(offices.map(({ id }) => id)).size).toBe(offices.length);
  });

  it('places each office in a county and city of the places list', () => {
    for (const office of offices) {
      const county = places.counties.find(({ code }) => code === office.countyCode);
      expect(county, office.id).toBeDefined();
      const isKnownCity = county?.districts.some(({ name, cities }) => name === office.city || cities.includes(office.city));
      expect(isKnownCity, office.id).toBe(true);
    }
  });
});
