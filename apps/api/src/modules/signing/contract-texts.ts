import type { Locale, OpeningReason, RepresentationBasis } from '@onboarding/domain';

/** The contract's wording in one language (docs/requirements.md section 1: ET, EN, RU); a missing language is a compile error. */
export type ContractTexts = {
  title: string;
  number: (processId: string) => string;
  date: string;
  parties: string;
  bank: string;
  customer: string;
  registryCode: string;
  noRegistryCode: string;
  legalAddress: string;
  representative: string;
  personalId: string;
  representationBasis: Record<RepresentationBasis, string>;
  contact: string;
  /** Where the company's facts come from, with the day the register was read (yyyy-MM-dd). */
  registerSource: (date: string) => string;
  services: string;
  service: Record<OpeningReason, string>;
  currentAccount: string;
  fee: string;
  feeText: string;
  terms: string;
  termsText: string[];
  signature: string;
  signatureText: (name: string, personalId: string) => string;
};

export const CONTRACT_TEXTS: Record<Locale, ContractTexts> = {
  et: {
    title: 'Ärikliendi arvelduskonto leping',
    number: (processId) => `Taotluse number ${processId}`,
    date: 'Kuupäev',
    parties: 'Lepingu pooled',
    bank: 'Pank',
    customer: 'Klient',
    registryCode: 'registrikood',
    noRegistryCode: 'registrikoodita',
    legalAddress: 'Juriidiline aadress',
    representative: 'Kliendi esindaja',
    personalId: 'isikukood',
    representationBasis: { MANAGEMENT_BOARD_MEMBER: 'juhatuse liige', AUTHORIZED_PERSON: 'volitatud isik', OTHER: 'muu alus' },
    contact: 'Kontaktandmed',
    registerSource: (date) => `Ettevõtte andmed on äriregistrist seisuga ${date.split('-').reverse().join('.')}.`,
    services: 'Teenused',
    service: {
      CREDIT_PRODUCT: 'Laenutooted',
      DOMESTICSETTLEMENTS: 'Arveldused Eestis',
      CROSSBORDERSETTLEMENTS: 'Piiriülesed maksed',
      DEPOSIT: 'Hoiused',
      OTHER: 'Muu',
    },
    currentAccount: 'Arvelduskonto eurodes',
    fee: 'Konto avamise tasu',
    feeText: 'Konto avamise tasu vastavalt panga kehtivale hinnakirjale.',
    terms: 'Tingimused',
    termsText: [
      'Lepingule kohalduvad panga arvelduskonto üldtingimused ja kehtiv hinnakiri.',
      'Klient kinnitab, et taotluses esitatud andmed on õiged ja kontole laekuvad vahendid on seaduslikku päritolu.',
      'Leping jõustub, kui pank on kliendi taotluse heaks kiitnud.',
    ],
    signature: 'Allkiri',
    signatureText: (name, personalId) => `Allkirjastatud digitaalselt: ${name}, isikukood ${personalId}.`,
  },
  en: {
    title: 'Business current account agreement',
    number: (processId) => `Application number ${processId}`,
    date: 'Date',
    parties: 'Parties',
    bank: 'Bank',
    customer: 'Customer',
    registryCode: 'registry code',
    noRegistryCode: 'no registry code',
    legalAddress: 'Registered address',
    representative: "Customer's representative",
    personalId: 'personal ID code',
    representationBasis: { MANAGEMENT_BOARD_MEMBER: 'management board member', AUTHORIZED_PERSON: 'authorised person', OTHER: 'other basis' },
    contact: 'Contact details',
    registerSource: (date) => `The company's details are from the Business Register as of ${date.split('-').reverse().join('.')}.`,
    services: 'Services',
    service: {
      CREDIT_PRODUCT: 'Credit products',
      DOMESTICSETTLEMENTS: 'Domestic settlements',
      CROSSBORDERSETTLEMENTS: 'Cross-border payments',
      DEPOSIT: 'Deposits',
      OTHER: 'Other',
    },
    currentAccount: 'Current account in euro',
    fee: 'Account opening fee',
    feeText: "The account opening fee according to the bank's price list in force.",
    terms: 'Terms',
    termsText: [
      "The bank's general terms of current accounts and the price list in force apply to this agreement.",
      'The customer confirms that the data in the application are correct and that the funds on the account are of legal origin.',
      "The agreement enters into force once the bank has approved the customer's application.",
    ],
    signature: 'Signature',
    signatureText: (name, personalId) => `Signed digitally by ${name}, personal ID code ${personalId}.`,
  },
  ru: {
    title: 'Договор расчётного счёта бизнес-клиента',
    number: (processId) => `Номер заявления ${processId}`,
    date: 'Дата',
    parties: 'Стороны договора',
    bank: 'Банк',
    customer: 'Клиент',
    registryCode: 'регистрационный код',
    noRegistryCode: 'без регистрационного кода',
    legalAddress: 'Юридический адрес',
    representative: 'Представитель клиента',
    personalId: 'личный код',
    representationBasis: { MANAGEMENT_BOARD_MEMBER: 'член правления', AUTHORIZED_PERSON: 'уполномоченное лицо', OTHER: 'иное основание' },
    contact: 'Контактные данные',
    registerSource: (date) => `Данные компании взяты из коммерческого регистра по состоянию на ${date.split('-').reverse().join('.')}.`,
    services: 'Услуги',
    service: {
      CREDIT_PRODUCT: 'Кредитные продукты',
      DOMESTICSETTLEMENTS: 'Расчёты в Эстонии',
      CROSSBORDERSETTLEMENTS: 'Трансграничные платежи',
      DEPOSIT: 'Депозиты',
      OTHER: 'Другое',
    },
    currentAccount: 'Расчётный счёт в евро',
    fee: 'Плата за открытие счёта',
    feeText: 'Плата за открытие счёта согласно действующему прейскуранту банка.',
    terms: 'Условия',
    termsText: [
      'К договору применяются общие условия расчётного счёта банка и действующий прейскурант.',
      'Клиент подтверждает, что данные в заявлении верны и средства на счёте имеют законное происхождение.',
      'Договор вступает в силу после одобрения заявления клиента банком.',
    ],
    signature: 'Подпись',
    signatureText: (name, personalId) => `Подписано цифровой подписью: ${name}, личный код ${personalId}.`,
  },
};
