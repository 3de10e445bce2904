import type { RegisterShareholder } from '@onboarding/domain';
import { describe, expect, it } from 'vitest';
import type { RegisterCompanyDetails } from './business-register.js';
import { REGISTRY_CODES } from './fixture/companies.js';
import { lookupScopeOf, type OwnApplication } from './lookup-scope.js';
import { createSimulatedRegister } from './simulated-register.js';

const register = createSimulatedRegister({ today: () => '2025-06-01' });

const cardOf = async (registryCode: string): Promise<RegisterCompanyDetails> => {
  const card = await register.company('EE', registryCode);
  if (!card) throw new Error(`the fixture has no ${registryCode}`);
  return card;
};

const application = async (registryCode: string, status = 'IN_PROGRESS'): Promise<OwnApplication> => ({
  status,
  registryCountryCode: 'EE',
  registryCode,
  card: await cardOf(registryCode),
});

describe('lookupScopeOf', () => {
  it('holds the represented companies, and nothing of their cards without an application', async () => {
    const scope = await lookupScopeOf({ represented: [{ registryCountryCode: 'EE', registryCode: REGISTRY_CODES.listedAs }], applications: [] }, register);
    expect(scope.hasCompany('EE', REGISTRY_CODES.listedAs)).toBe(true);
    // Emajõe Kapital OÜ owns 35% of it; Rein Org sits on its supervisory board.
    expect(scope.hasCompany('EE', REGISTRY_CODES.listedOwnerHolding)).toBe(false);
    expect(scope.hasPerson('EE', '35803030356')).toBe(false);
  });

  it('holds every person a card names: board, supervisory board, procura holder, shareholders and beneficial owners', async () => {
    const scope = await lookupScopeOf(
      { represented: [], applications: [await application(REGISTRY_CODES.maryAnnNew), await application(REGISTRY_CODES.chainAs)] },
      register,
    );
    // Mereranna Disain OÜ: board member 60001019906 and procura holder 60001018800.
    expect(scope.hasPerson('EE', '60001019906')).toBe(true);
    expect(scope.hasPerson('EE', '60001018800')).toBe(true);
    // Põhjala Puit AS: supervisory board member Liis Tamm; 40504040001 holds through the chain and is a beneficial owner.
    expect(scope.hasPerson('EE', '47511190143')).toBe(true);
    expect(scope.hasPerson('EE', '40504040001')).toBe(true);
    // The owners' own cards: Põhjala Grupp OÜ's board (30303039816) and Laane Invest OÜ's (Anu Saar).
    expect(scope.hasPerson('EE', '30303039816')).toBe(true);
    expect(scope.hasPerson('EE', '46602250195')).toBe(true);
    expect(scope.hasCompany('EE', REGISTRY_CODES.chainHoldingSecond)).toBe(true);
    expect(scope.hasPerson('EE', '50001029996')).toBe(false);
  });

  it('opens nothing through a submitted or superseded application', async () => {
    const scope = await lookupScopeOf(
      { represented: [], applications: [await application(REGISTRY_CODES.chainAs, 'SUBMITTED'), await application(REGISTRY_CODES.maryAnnNew, 'SUPERSEDED')] },
      register,
    );
    expect(scope.hasCompany('EE', REGISTRY_CODES.chainAs)).toBe(false);
    expect(scope.hasCompany('EE', REGISTRY_CODES.chainHoldingFirst)).toBe(false);
    expect(scope.hasPerson('EE', '60001018800')).toBe(false);
  });

  it('holds the company of an application the register does not know, and nothing else through it', async () => {
    const scope = await lookupScopeOf(
      { represented: [], applications: [{ status: 'IN_PROGRESS', registryCountryCode: 'EE', registryCode: '10060701', card: null }] },
      register,
    );
    expect(scope.hasCompany('EE', '10060701')).toBe(true);
  });

  it('matches registry codes as the form cleans them', async () => {
    const scope = await lookupScopeOf({ represented: [{ registryCountryCode: 'EE', registryCode: REGISTRY_CODES.onePersonOu }], applications: [] }, register);
    expect(scope.hasCompany('ee', ' 1900 0149 ')).toBe(true);
  });

  it('stops where a chain of owners comes back to a company already read', async () => {
    const top = await cardOf(REGISTRY_CODES.chainHoldingFirst);
    const owner = await cardOf(REGISTRY_CODES.chainHoldingSecond);
    const holding = (card: RegisterCompanyDetails): RegisterShareholder => ({
      type: 'LEGAL_ENTITY',
      businessName: card.businessName,
      registryCode: card.registryCode,
      registryCountryCode: 'EE',
      sharePercent: 100,
      shareholders: [],
    });
    // Each owns the other: a register error, but it must not keep the look-up going.
    const cards = new Map<string, RegisterCompanyDetails>([
      [top.registryCode, { ...top, shareholders: [holding(owner)] }],
      [owner.registryCode, { ...owner, shareholders: [holding(top)] }],
    ]);
    const asked: string[] = [];
    const looping = {
      company: async (_country: string, registryCode: string) => {
        asked.push(registryCode);
        return cards.get(registryCode);
      },
    };
    const scope = await lookupScopeOf(
      { represented: [], applications: [{ status: 'IN_PROGRESS', registryCountryCode: 'EE', registryCode: top.registryCode, card: null }] },
      looping,
    );
    expect(asked).toEqual([top.registryCode, owner.registryCode]);
    expect(scope.hasPerson('EE', '46602250195')).toBe(true);
  });
});
