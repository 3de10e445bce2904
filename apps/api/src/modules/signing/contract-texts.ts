import type { Locale, OpeningReason, RepresentationBasis } from '@onboarding/domain';

/** The contract's wording in one language (docs/requirements.md section 1: ET, EN, RU); a missing language is a compile error. */
export type ContractTexts = {
  title: string;
  /** The application's number for people (applications.application_number), as the success page and the mails give it. */
  number: (applicationNumber: number) => string;
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
  /** Where the company's facts come from, with the day the register was read, written as the contract's date is. */
  registerSource: (date: string) => string;
  services: string;
  currentAccount: string;
  /** The reasons for opening the account, as the applicant chose them: named as the opening reasons screen names them. */
  openingReasons: string;
  openingReason: Record<OpeningReason, string>;
  /** That the reasons are the customer's answer, not services of the agreement; and, if one is a credit product or a deposit, that it is agreed apart. */
  openingReasonsNote: (isAgreedApart: boolean) => string;
  fee: string;
  feeText: string;
  terms: string;
  termsText: string[];
  signature: string;
  signatureText: (name: string, personalId: string) => string;
  /** The footer's page number: this page of how many. */
  page: (page: number, pages: number) => string;
};

export const CONTRACT_TEXTS: Record<Locale, ContractTexts> = {
  et: {
    title: 'Ärikliendi arvelduskonto leping',
    number: (applicationNumber) => `Taotluse number ${String(applicationNumber)}`,
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
    registerSource: (date) => `Ettevõtte andmed on äriregistrist seisuga ${date}.`,
    services: 'Teenused',
    currentAccount: 'Arvelduskonto eurodes',
    openingReasons: 'Taotluses märgitud konto avamise põhjused',
    openingReason: {
      CREDIT_PRODUCT: 'Laenutoode',
      DOMESTICSETTLEMENTS: 'Arveldused Eestis',
      CROSSBORDERSETTLEMENTS: 'Piiriülesed maksed',
      DEPOSIT: 'Hoius',
      OTHER: 'Muu põhjus',
    },
    openingReasonsNote: (isAgreedApart) =>
      `Põhjused kirjeldavad, milleks klient kontot kasutada kavatseb, ja ei ole selle lepingu teenused.${isAgreedApart ? ' Laenutoode ja hoius lepitakse kokku eraldi lepinguga.' : ''}`,
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
    page: (page, pages) => `Lehekülg ${String(page)}/${String(pages)}`,
  },
  en: {
    title: 'Business current account agreement',
    number: (applicationNumber) => `Application number ${String(applicationNumber)}`,
    date: 'Date',
    parties: 'Parties',
    bank: 'Bank',
    customer: 'Customer',
    registryCode: 'registry code',
    noRegistryCode: 'no registry code',
    legalAddress: 'Registered address',
    representative: 'Customer’s representative',
    personalId: 'personal ID code',
    representationBasis: { MANAGEMENT_BOARD_MEMBER: 'management board member', AUTHORIZED_PERSON: 'authorised person', OTHER: 'other basis' },
    contact: 'Contact details',
    registerSource: (date) => `The company's details are from the Business Register as of ${date}.`,
    services: 'Services',
    currentAccount: 'Current account in euro',
    openingReasons: 'Reasons for opening the account, as given in the application',
    openingReason: {
      CREDIT_PRODUCT: 'Credit product',
      DOMESTICSETTLEMENTS: 'Settlements in Estonia',
      CROSSBORDERSETTLEMENTS: 'Cross-border payments',
      DEPOSIT: 'Deposit',
      OTHER: 'Other reason',
    },
    openingReasonsNote: (isAgreedApart) =>
      `The reasons describe what the customer intends to use the account for; they are not services of this agreement.${isAgreedApart ? ' A credit product or a deposit is agreed in a contract of its own.' : ''}`,
    fee: 'Account opening fee',
    feeText: 'The account opening fee according to the bank’s price list in force.',
    terms: 'Terms',
    termsText: [
      'The bank’s general terms of current accounts and the price list in force apply to this agreement.',
      'The customer confirms that the data in the application are correct and that the funds on the account are of legal origin.',
      'The agreement enters into force once the bank has approved the customer’s application.',
    ],
    signature: 'Signature',
    signatureText: (name, personalId) => `Signed digitally by ${name}, personal ID code ${personalId}.`,
    page: (page, pages) => `Page ${String(page)} of ${String(pages)}`,
  },
  ru: {
    title: 'Договор расчётного счёта бизнес-клиента',
    number: (applicationNumber) => `Номер заявления ${String(applicationNumber)}`,
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
    registerSource: (date) => `Данные компании взяты из коммерческого регистра по состоянию на ${date}.`,
    services: 'Услуги',
    currentAccount: 'Расчётный счёт в евро',
    openingReasons: 'Причины открытия счёта, указанные в заявлении',
    openingReason: {
      CREDIT_PRODUCT: 'Кредитный продукт',
      DOMESTICSETTLEMENTS: 'Расчёты в Эстонии',
      CROSSBORDERSETTLEMENTS: 'Трансграничные платежи',
      DEPOSIT: 'Депозит',
      OTHER: 'Другая причина',
    },
    openingReasonsNote: (isAgreedApart) =>
      `Причины описывают, для чего клиент намерен использовать счёт, и не являются услугами по этому договору.${isAgreedApart ? ' Кредитный продукт и депозит оформляются отдельным договором.' : ''}`,
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
    page: (page, pages) => `Страница ${String(page)} из ${String(pages)}`,
  },
};
