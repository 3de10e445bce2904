import { registerCompanyDetailsSchema } from '@onboarding/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRikStandIn, type RikStandIn } from '../../../simulators/rik/start-rik-stand-in.js';
import { FIXTURE_COMPANIES, REGISTRY_CODES } from '../fixture/companies.js';
import { FIXTURE_PERSONS } from '../fixture/persons.js';
import { createSimulatedRegister } from '../simulated-register.js';
import { toAppError } from '../../../plugins/error-handler.js';
import { isRikError, RikError, type RikFailure } from './errors.js';
import { createRikRegister, type RikRegister } from './rik-register.js';

const TODAY = '2025-06-01';
const simulated = createSimulatedRegister({ today: () => TODAY });
let standIn: RikStandIn;
let register: RikRegister;

const registerWith = (overrides: { password?: string; timeoutMs?: number; url?: string } = {}) =>
  createRikRegister({
    url: overrides.url ?? standIn.url,
    username: standIn.username,
    password: overrides.password ?? standIn.password,
    timeoutMs: overrides.timeoutMs ?? 5000,
    today: () => TODAY,
    persons: simulated,
    isListed: (code) => code === REGISTRY_CODES.listedAs,
  });

beforeAll(async () => {
  standIn = await startRikStandIn({ slowMs: 2000 });
  register = registerWith();
});
afterAll(async () => standIn.close());

/** The failure a call ended with; the test fails when it succeeded or failed otherwise. */
const failureOf = async (call: Promise<unknown>): Promise<RikFailure> => {
  const error: unknown = await call.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!isRikError(error)) throw new Error(`expected a RikError, got ${String(error)}`);
  return error.failure;
};

describe('createRikRegister against the stand-in', () => {
  it('reads every fixture company as the simulated register has it, the foreign owners’ own owners aside', async () => {
    for (const entry of FIXTURE_COMPANIES) {
      const expected = await simulated.company('EE', entry.registryCode);
      const actual = await register.company('EE', entry.registryCode);
      expect(actual, entry.businessName).toBeDefined();
      // The register names no owner of a foreign company, the fixture does; and only the register names the activity
      // and the manner of control in its own words.
      const strip = (value: unknown): unknown =>
        JSON.parse(
          JSON.stringify(value, function (this: Record<string, unknown>, key, inner: unknown) {
            if (key === 'shareholders' && this.type === 'LEGAL_ENTITY' && this.registryCountryCode !== 'EE') return [];
            // Only the register states representation: it has a test of its own below.
            if (key === 'mainFieldOfActivityName' || key === 'representation' || key === 'controlTypeCode' || key === 'controlTypeName') return undefined;
            return inner;
          }),
        );
      expect(strip(actual), entry.businessName).toEqual(strip(expected));
    }
  });

  it('names the activity as the register does, in Estonian', async () => {
    expect((await register.company('EE', REGISTRY_CODES.onePersonOu))?.mainFieldOfActivityName).toBeTruthy();
  });

  it('lists the companies each person may represent as the simulated register does, and whether they may act alone', async () => {
    for (const person of FIXTURE_PERSONS.filter((entry) => entry.personalId !== undefined)) {
      const key = { personalId: person.personalId ?? '', countryCode: person.personalIdCountryCode };
      const actual = await register.companiesOf(key);
      expect(
        actual.map(({ canActAlone: _canActAlone, ...company }) => company),
        key.personalId,
      ).toEqual(await simulated.companiesOf(key));
    }
    const joint = await register.companiesOf({ personalId: '60001017869', countryCode: 'EE' });
    expect(joint.find((company) => company.registryCode === REGISTRY_CODES.jointRepresentation)?.canActAlone).toBe(false);
    expect(joint.find((company) => company.registryCode === REGISTRY_CODES.minorityShareholders)?.canActAlone).toBe(true);
    expect(joint.find((company) => company.registryCode === REGISTRY_CODES.bankrupt)?.status).toBe('BANKRUPT');
  });

  it('finds companies by business name, exactly as the port’s rule has it', async () => {
    expect((await register.companiesNamed('näidis tehnoloogia')).map((company) => company.registryCode)).toEqual([REGISTRY_CODES.onePersonOu]);
    // The register's search also finds "Põhjala Grupp OÜ" for "Põhjala": the client keeps only the same name.
    expect(await register.companiesNamed('Põhjala')).toEqual([]);
    expect(await register.companiesNamed('  ')).toEqual([]);
    expect((await register.companiesNamed('Näidis\u0000 Tehnoloogia OÜ')).map((company) => company.registryCode)).toEqual([REGISTRY_CODES.onePersonOu]);
  });

  it('answers not found for an unknown code and a foreign register, and nobody for an unknown person', async () => {
    expect(await register.company('EE', '10060701')).toBeUndefined();
    expect(await register.company('LV', REGISTRY_CODES.onePersonOu)).toBeUndefined();
    expect(await register.companiesOf({ personalId: '38001010015', countryCode: 'EE' })).toEqual([]);
  });

  it('keeps hidden beneficial owners, discrepancy notices, the joint condition and the evidence', async () => {
    const hidden = await register.record(REGISTRY_CODES.hiddenBeneficialOwners);
    expect(hidden?.beneficialOwnership).toMatchObject({ total: 2, hidden: 1 });
    const notice = await register.record(REGISTRY_CODES.discrepancyNotice);
    expect(notice?.beneficialOwnership.discrepancyNoticeOn).toEqual(['EE:38802050512']);
    const joint = await register.record(REGISTRY_CODES.jointRepresentation);
    expect(joint?.representation.specialConditions).toEqual([{ text: 'Osaühingut esindavad kaks juhatuse liiget ühiselt.' }]);
    const chain = await register.record(REGISTRY_CODES.chainAs);
    // The company's card, its two owners' cards down the chain and its beneficial owners.
    expect(chain?.evidence.map((entry) => entry.operation)).toEqual(['detailandmed_v2', 'detailandmed_v2', 'detailandmed_v2', 'tegelikudKasusaajad_v2']);
    expect(chain?.evidence[0]?.paring).toMatchObject({ ariregistri_kood: REGISTRY_CODES.chainAs, yandmed: 'true' });
    expect(chain?.evidence[0]?.queriedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('states representation: each alone without a condition, and the register’s own JAH or EI with one', async () => {
    const sole = await register.record(REGISTRY_CODES.onePersonOu);
    expect(sole?.details.representation).toEqual({
      rule: { kind: 'EACH_ALONE' },
      specialConditions: [],
      representatives: [
        { firstName: 'OK', lastName: 'TESTNUMBER', personalId: '40504040001', personalIdCountryCode: 'EE', role: 'MANAGEMENT_BOARD_MEMBER', mayActAlone: true },
      ],
    });
    // Without a condition nobody is asked whether they may act alone.
    expect(sole?.evidence.map((entry) => entry.operation)).not.toContain('esindus_v2');

    const joint = await register.record(REGISTRY_CODES.jointRepresentation);
    expect(joint?.details.representation?.rule).toEqual({ kind: 'JOINTLY', count: 2 });
    expect(joint?.details.representation?.specialConditions).toEqual(['Osaühingut esindavad kaks juhatuse liiget ühiselt.']);
    expect(joint?.details.representation?.representatives.map((entry) => [entry.personalId, entry.role, entry.mayActAlone])).toEqual([
      ['60001017869', 'MANAGEMENT_BOARD_MEMBER', false],
      ['47103220312', 'MANAGEMENT_BOARD_MEMBER', false],
    ]);
    expect(joint?.evidence.map((entry) => entry.operation)).toContain('esindus_v2');
  });

  it('puts on the card what the register says of the beneficial owners besides their names', async () => {
    const hidden = await register.company('EE', REGISTRY_CODES.hiddenBeneficialOwners);
    expect(hidden).toMatchObject({ hiddenBeneficialOwners: 1, hasBeneficialOwnersMissingNotice: false });
    expect(hidden?.beneficialOwners).toEqual([
      expect.objectContaining({ personalId: '60001017869', benefitType: 'SHARE_OWNERSHIP', controlTypeCode: 'O', controlTypeName: 'otsene osalus' }),
    ]);
    const notice = await register.company('EE', REGISTRY_CODES.discrepancyNotice);
    expect(notice?.hiddenBeneficialOwners).toBe(0);
    expect(notice?.beneficialOwners.map((owner) => [owner.personalId, owner.beneficiarySharePercent, owner.hasDiscrepancyNotice])).toEqual([
      ['60001017869', 60, undefined],
      ['38802050512', 40, true],
    ]);
    // The card parses as the application stores it.
    expect(registerCompanyDetailsSchema.parse(notice)).toEqual(notice);
  });

  it('puts the notice that the beneficial-owner data are missing on the card', async () => {
    const [template] = FIXTURE_COMPANIES;
    if (!template) throw new Error('the fixture is empty');
    const missing = await startRikStandIn({ companies: [{ ...template, hasBeneficialOwnersMissingNotice: true }] });
    try {
      const other = createRikRegister({
        url: missing.url,
        username: missing.username,
        password: missing.password,
        timeoutMs: 5000,
        today: () => TODAY,
        persons: simulated,
      });
      expect(await other.company('EE', template.registryCode)).toMatchObject({ hasBeneficialOwnersMissingNotice: true, hiddenBeneficialOwners: 0 });
    } finally {
      await missing.close();
    }
  });

  it('never lets the password out, though the stand-in echoes it', async () => {
    const record = await register.record(REGISTRY_CODES.chainAs);
    const companies = await register.companiesOf({ personalId: '40504040001', countryCode: 'EE' });
    const text = JSON.stringify([record, companies]);
    expect(text).not.toContain(standIn.password);
    expect(text).not.toContain('ariregister_parool');
    expect(text).not.toContain(standIn.username);
  });

  it('reads a group of one sent as an object as it reads an array', async () => {
    const objects = await startRikStandIn({ isSingleItemObject: true });
    try {
      const other = createRikRegister({
        url: objects.url,
        username: objects.username,
        password: objects.password,
        timeoutMs: 5000,
        today: () => TODAY,
        persons: simulated,
      });
      expect(await other.company('EE', REGISTRY_CODES.onePersonOu)).toEqual(await register.company('EE', REGISTRY_CODES.onePersonOu));
      expect((await other.companiesOf({ personalId: '60001018800', countryCode: 'EE' })).map((company) => company.representationBasis)).toEqual([
        'AUTHORIZED_PERSON',
      ]);
    } finally {
      await objects.close();
    }
  });
});

describe('a chain of owners that loops', () => {
  it('ends where a company comes round again, instead of asking without end', async () => {
    const [template] = FIXTURE_COMPANIES;
    if (!template) throw new Error('the fixture is empty');
    // Two companies that own each other: a register mistake the client must survive.
    const first = { ...template, registryCode: '19000149', shareholders: [{ kind: 'COMPANY' as const, registryCode: '19001278', sharePercent: 100 }] };
    const second = {
      ...template,
      registryCode: '19001278',
      businessName: 'Ringis OÜ',
      shareholders: [{ kind: 'COMPANY' as const, registryCode: '19000149', sharePercent: 100 }],
    };
    const looping = await startRikStandIn({ companies: [first, second] });
    try {
      const other = createRikRegister({
        url: looping.url,
        username: looping.username,
        password: looping.password,
        timeoutMs: 5000,
        today: () => TODAY,
        persons: simulated,
      });
      const card = await other.company('EE', '19000149');
      expect(card?.shareholders).toMatchObject([{ registryCode: '19001278', shareholders: [{ registryCode: '19000149', shareholders: [] }] }]);
    } finally {
      await looping.close();
    }
  });
});

describe('failures are failures, never not found', () => {
  it('refused credentials are a typed error that holds no password', async () => {
    const wrong = registerWith({ password: 'wrong-secret-123' });
    const failure = await failureOf(wrong.company('EE', REGISTRY_CODES.onePersonOu));
    expect(failure.kind).toBe('BAD_CREDENTIALS');
    expect(JSON.stringify(failure)).not.toContain('wrong-secret-123');
    expect((await failureOf(wrong.companiesOf({ personalId: '40504040001', countryCode: 'EE' }))).kind).toBe('BAD_CREDENTIALS');
  });

  it('a 5xx, a timeout and an unreadable answer each end as their own error', async () => {
    try {
      standIn.setMode('DOWN');
      expect(await failureOf(register.company('EE', REGISTRY_CODES.onePersonOu))).toEqual({ kind: 'HTTP_STATUS', status: 503 });
      standIn.setMode('GARBLED');
      expect(await failureOf(register.companiesOf({ personalId: '40504040001', countryCode: 'EE' }))).toMatchObject({ kind: 'MALFORMED' });
      standIn.setMode('SLOW');
      expect(await failureOf(registerWith({ timeoutMs: 200 }).company('EE', REGISTRY_CODES.onePersonOu))).toEqual({ kind: 'TIMEOUT', timeoutMs: 200 });
    } finally {
      standIn.setMode('NORMAL');
    }
  });

  it('a register nobody answers at is unreachable', async () => {
    const closed = await startRikStandIn();
    const url = closed.url;
    await closed.close();
    expect((await failureOf(registerWith({ url }).company('EE', REGISTRY_CODES.onePersonOu))).kind).toBe('UNREACHABLE');
  });
});

describe('RikError', () => {
  it('answers the API’s client 503 REGISTER_UNAVAILABLE, with nothing of the register in the body', () => {
    const error = toAppError(new RikError('esindus_v2', { kind: 'FAULT', faultCode: 'SOAP-ENV:Server', faultString: 'internal' }));
    expect(error.code).toBe('REGISTER_UNAVAILABLE');
    expect(error.statusCode).toBe(503);
    expect(JSON.stringify(error.toJSON())).not.toContain('internal');
  });
});
