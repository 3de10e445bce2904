import { formatAddress, type Discrepancy, type DiscrepancyFact, type FactParty, type Locale, type RepresentationBasis } from '@onboarding/domain';

/** How the submitted mail and the contract (signing's render-contract.ts) name a declaration that differs from the register (docs/glossary.md terms). */
type DiscrepancyTexts = {
  heading: string;
  intro: string;
  register: string;
  declared: string;
  fact: Record<DiscrepancyFact, string>;
  basis: Record<RepresentationBasis, string>;
  none: string;
  yes: string;
  no: string;
  percent: (value: number) => string;
};

const NBSP = '\u00a0';

const TEXTS: Record<Locale, DiscrepancyTexts> = {
  et: {
    heading: 'Andmed, mis erinevad äriregistri andmetest',
    intro: 'Pank lähtub äriregistri andmetest. Kliendi esindaja esitatud andmed, mis neist erinevad, on toodud nende kõrval ja pank kontrollib need üle.',
    register: 'Äriregister',
    declared: 'Esindaja andmed',
    fact: {
      REPRESENTATION_BASIS: 'Esindusõigus',
      LISTED_COMPANY: 'Börsiettevõte',
      LEGAL_ADDRESS: 'Juriidiline aadress',
      MAIN_FIELD_OF_ACTIVITY: 'Põhitegevusala (EMTAK-i kood)',
      MANAGEMENT_BOARD: 'Juhatuse liikmed',
      SHAREHOLDERS: 'Osanikud või aktsionärid',
      BENEFICIAL_OWNERS: 'Tegelikud kasusaajad',
    },
    basis: { MANAGEMENT_BOARD_MEMBER: 'juhatuse liige', AUTHORIZED_PERSON: 'volitatud isik', OTHER: 'muu alus' },
    none: 'puudub',
    yes: 'jah',
    no: 'ei',
    percent: (value) => `${String(value).replace('.', ',')}%`,
  },
  en: {
    heading: 'Facts that differ from the Business Register',
    intro:
      'The bank relies on the Business Register. Where the customer’s representative declared otherwise, the declaration is shown beside it and the bank will check it.',
    register: 'Business Register',
    declared: 'Declared by the representative',
    fact: {
      REPRESENTATION_BASIS: 'Right of representation',
      LISTED_COMPANY: 'Listed company',
      LEGAL_ADDRESS: 'Legal address',
      MAIN_FIELD_OF_ACTIVITY: 'Main field of activity (EMTAK code)',
      MANAGEMENT_BOARD: 'Management board members',
      SHAREHOLDERS: 'Shareholders',
      BENEFICIAL_OWNERS: 'Beneficial owners',
    },
    basis: { MANAGEMENT_BOARD_MEMBER: 'management board member', AUTHORIZED_PERSON: 'authorised person', OTHER: 'other basis' },
    none: 'none',
    yes: 'yes',
    no: 'no',
    percent: (value) => `${String(value)}%`,
  },
  ru: {
    heading: 'Данные, отличающиеся от данных коммерческого регистра',
    intro: 'Банк исходит из данных коммерческого регистра. Данные, указанные представителем клиента иначе, приведены рядом с ними, и банк их проверит.',
    register: 'Коммерческий регистр',
    declared: 'Указано представителем',
    fact: {
      REPRESENTATION_BASIS: 'Право представительства',
      LISTED_COMPANY: 'Компания, котирующаяся на бирже',
      LEGAL_ADDRESS: 'Юридический адрес',
      MAIN_FIELD_OF_ACTIVITY: 'Основная сфера деятельности (код EMTAK)',
      MANAGEMENT_BOARD: 'Члены правления',
      SHAREHOLDERS: 'Пайщики или акционеры',
      BENEFICIAL_OWNERS: 'Фактические выгодоприобретатели',
    },
    basis: { MANAGEMENT_BOARD_MEMBER: 'член правления', AUTHORIZED_PERSON: 'уполномоченное лицо', OTHER: 'иное основание' },
    none: 'нет',
    yes: 'да',
    no: 'нет',
    percent: (value) => `${String(value).replace('.', ',')}${NBSP}%`,
  },
};

function formatParties(parties: readonly FactParty[], texts: DiscrepancyTexts): string {
  if (parties.length === 0) return texts.none;
  return parties.map((party) => (party.sharePercent === undefined ? party.name : `${party.name} ${texts.percent(party.sharePercent)}`)).join('; ');
}

export type DiscrepancyLine = { fact: string; register: string; declared: string };

/** Each discrepancy as a line in `language`: the fact, the register's value and the declared one. */
export function discrepancyLines(
  discrepancies: readonly Discrepancy[],
  language: Locale,
): { heading: string; intro: string; register: string; declared: string; lines: DiscrepancyLine[] } {
  const texts = TEXTS[language];
  const lines = discrepancies.map((discrepancy): DiscrepancyLine => {
    const fact = texts.fact[discrepancy.fact];
    switch (discrepancy.fact) {
      case 'REPRESENTATION_BASIS':
        return { fact, register: discrepancy.register ? texts.basis[discrepancy.register] : texts.none, declared: texts.basis[discrepancy.declared] };
      case 'LISTED_COMPANY':
        return { fact, register: discrepancy.register ? texts.yes : texts.no, declared: discrepancy.declared ? texts.yes : texts.no };
      case 'LEGAL_ADDRESS':
        return {
          fact,
          register: formatAddress(discrepancy.register),
          declared: formatAddress(discrepancy.declared),
        };
      case 'MAIN_FIELD_OF_ACTIVITY':
        return { fact, register: discrepancy.register, declared: discrepancy.declared };
      default:
        return { fact, register: formatParties(discrepancy.register, texts), declared: formatParties(discrepancy.declared, texts) };
    }
  });
  return { heading: texts.heading, intro: texts.intro, register: texts.register, declared: texts.declared, lines };
}
