import type { Discrepancy, FollowUp, Locale } from '@onboarding/domain';
import { discrepancyLines } from '../discrepancy-texts.js';
import { atSentenceStart, companyPhrase, quoteApplicantText } from './applicant-text.js';
import type { MailTemplate } from './mail-template.js';
import { link, paragraph, type MailBlock } from './layout.js';

export type FeeInvoice = 'SENT_SEPARATELY' | 'SENT_BEFORE' | 'FROM_THE_BANK';

export type ApplicationSubmittedParams = {
  representativeName: string;
  /** As the register gives it, shown only quoted (quoteApplicantText); null for a company the register does not know. */
  businessName: string | null;
  /** The application's number for people, as the success page shows it. */
  applicationNumber: number;
  followUp: FollowUp;
  /**
   * With the follow-up PAY_SERVICE_FEE: whether the fee's invoice goes in a mail of its own with this one, went with an
   * earlier submission of the application, or comes from the bank (the product holds no price and account to invoice).
   */
  feeInvoice: FeeInvoice;
  /** Declarations that differ from the register: the mail shows the register's value and the declared one apart. */
  discrepancies?: readonly Discrepancy[];
  /** The identification location chosen on the overview, in the mail's language; for IDENTIFY_IN_OFFICE. */
  office?: { name: string; address: string; openingHours: string } | undefined;
  /**
   * `${PUBLIC_URL}/start/success?processId=<id>&lang=<language>`: the status page, where the signed contract, attached
   * to the mail, can also be downloaded after signing in.
   */
  link: string;
  supportEmail: string;
  supportPhone: string;
};

/** What the submission mail says of the service fee's invoice (FeeInvoice) before "the account is opened once it is paid". */
const FEE_INVOICE: Record<FeeInvoice, Record<Locale, string>> = {
  SENT_SEPARATELY: {
    et: 'Saadame sulle eraldi e-kirjaga arve konto avamise teenustasu kohta.',
    en: 'We are sending you the invoice for the account opening service fee in a separate e-mail.',
    ru: 'Мы отправим вам счёт-фактуру за открытие счёта отдельным письмом.',
  },
  SENT_BEFORE: {
    et: 'Arve konto avamise teenustasu kohta saatsime sulle varem, see kehtib edasi.',
    en: 'We sent you the invoice for the account opening service fee before; it is still valid.',
    ru: 'Мы отправили вам счёт-фактуру за открытие счёта ранее, она остаётся в силе.',
  },
  FROM_THE_BANK: {
    et: 'Pank saadab sulle arve konto avamise teenustasu kohta.',
    en: 'The bank will send you the invoice for the account opening service fee.',
    ru: 'Банк отправит вам счёт-фактуру за открытие счёта.',
  },
};

/**
 * docs/requirements.md section 4: after submission the bank follows up per case
 * — a manager contacts the customer within a couple of working days, the
 * customer pays the service fee on an e-mailed invoice, identifies in an
 * office, or signs electronically by an e-mailed link. One mail says which.
 */
/** The register's values and the declared ones, fact by fact; nothing when they agree. */
function differences(params: ApplicationSubmittedParams, language: Locale): MailBlock[] {
  if (!params.discrepancies || params.discrepancies.length === 0) return [];
  const texts = discrepancyLines(params.discrepancies, language);
  return [
    paragraph(texts.heading),
    paragraph(texts.intro),
    ...texts.lines.map((line) =>
      paragraph(line.fact, `${texts.register}: ${line.register}`, `${texts.declared}: ${quoteApplicantText(line.declared, language)}`),
    ),
  ];
}

export const applicationSubmitted: MailTemplate<ApplicationSubmittedParams> = {
  et: (params) => {
    const next: Record<FollowUp, MailBlock[]> = {
      MANAGER_CONTACT: [paragraph('Sinu taotlus vajab panga kliendihalduri ülevaatust. Kliendihaldur võtab sinuga ühendust paari tööpäeva jooksul.')],
      PAY_SERVICE_FEE: [paragraph(`${FEE_INVOICE[params.feeInvoice].et} Konto avatakse, kui arve on tasutud.`)],
      IDENTIFY_IN_OFFICE: [
        paragraph('Enne konto avamist palume sul end tuvastada pangakontoris, mille taotluses valisid:'),
        ...(params.office ? [paragraph(params.office.name, params.office.address, params.office.openingHours)] : []),
        paragraph('Võta kaasa kehtiv isikut tõendav dokument.'),
      ],
      SIGN_BY_LINK: [paragraph('Lepingu peavad allkirjastama ka ettevõtte juhatuse liikmed. Saadame neile allkirjastamise lingi eraldi e-kirjaga.')],
    };
    return {
      subject: `${atSentenceStart(companyPhrase(params.businessName, 'et'))} konto avamise taotlus on esitatud`,
      blocks: [
        paragraph(`Tere, ${params.representativeName}!`),
        paragraph(`Aitäh! Allkirjastasid lepingu ja ${companyPhrase(params.businessName, 'et')} konto avamise taotlus on esitatud.`),
        paragraph(`Taotluse number: ${params.applicationNumber}`),
        ...next[params.followUp],
        ...differences(params, 'et'),
        paragraph(
          'Leping koos sinu digiallkirjaga on selle e-kirja manuses allkirjastatud konteinerina (.asice). Ava see DigiDoc4-ga. Lepingu saad alla laadida ka siis, kui logid sisse:',
        ),
        link(params.link, 'Logi sisse ja laadi leping alla'),
        paragraph(`Kui sul on küsimusi, võta meiega ühendust e-posti aadressil ${params.supportEmail} või telefonil ${params.supportPhone}.`),
        paragraph('Parimate soovidega', 'Ettevõtete klienditeenindus'),
      ],
    };
  },
  en: (params) => {
    const next: Record<FollowUp, MailBlock[]> = {
      MANAGER_CONTACT: [paragraph('Your application needs a review by the bank’s relationship manager, who will contact you within a couple of working days.')],
      PAY_SERVICE_FEE: [paragraph(`${FEE_INVOICE[params.feeInvoice].en} The account is opened once the invoice is paid.`)],
      IDENTIFY_IN_OFFICE: [
        paragraph('Before the account is opened, please identify yourself at the office you chose in the application:'),
        ...(params.office ? [paragraph(params.office.name, params.office.address, params.office.openingHours)] : []),
        paragraph('Please bring a valid identity document.'),
      ],
      SIGN_BY_LINK: [paragraph('The company’s management board must also sign the contract. We will send the signing link in a separate e-mail.')],
    };
    return {
      subject: `The account opening application of ${companyPhrase(params.businessName, 'en')} has been submitted`,
      blocks: [
        paragraph(`Hello ${params.representativeName},`),
        paragraph(`Thank you. You signed the contract and the account opening application of ${companyPhrase(params.businessName, 'en')} has been submitted.`),
        paragraph(`Application number: ${params.applicationNumber}`),
        ...next[params.followUp],
        ...differences(params, 'en'),
        paragraph(
          'The contract with your digital signature is attached to this e-mail as a signed container (.asice). Open it in DigiDoc4. You can also download it after signing in:',
        ),
        link(params.link, 'Sign in to download the contract'),
        paragraph(`If you have any questions, contact us at ${params.supportEmail} or ${params.supportPhone}.`),
        paragraph('Kind regards', 'Business customer service'),
      ],
    };
  },
  ru: (params) => {
    const next: Record<FollowUp, MailBlock[]> = {
      MANAGER_CONTACT: [paragraph('Ваше заявление должен рассмотреть клиентский менеджер банка. Он свяжется с вами в течение пары рабочих дней.')],
      PAY_SERVICE_FEE: [paragraph(`${FEE_INVOICE[params.feeInvoice].ru} Расчётный счёт компании откроем после её оплаты.`)],
      IDENTIFY_IN_OFFICE: [
        paragraph('Перед открытием счёта просим вас пройти идентификацию в отделении банка, выбранном в заявлении:'),
        ...(params.office ? [paragraph(params.office.name, params.office.address, params.office.openingHours)] : []),
        paragraph('Возьмите с собой действительный документ, удостоверяющий личность.'),
      ],
      SIGN_BY_LINK: [paragraph('Договор должны подписать и члены правления компании. Мы отправим им ссылку для подписания отдельным письмом.')],
    };
    return {
      subject: `Заявление на открытие счёта ${companyPhrase(params.businessName, 'ru')} подано`,
      blocks: [
        paragraph(`Здравствуйте, ${params.representativeName}!`),
        paragraph(`Спасибо! Вы подписали договор, и заявление на открытие счёта ${companyPhrase(params.businessName, 'ru')} подано.`),
        paragraph(`Номер заявления: ${params.applicationNumber}`),
        ...next[params.followUp],
        ...differences(params, 'ru'),
        paragraph(
          'Договор с вашей цифровой подписью приложен к этому письму в виде подписанного контейнера (.asice). Откройте его в DigiDoc4. Договор также можно скачать после входа в систему:',
        ),
        link(params.link, 'Войти и скачать договор'),
        paragraph(`Если у вас есть вопросы, свяжитесь с нами по электронной почте ${params.supportEmail} или по телефону ${params.supportPhone}.`),
        paragraph('С уважением', 'Служба обслуживания бизнес-клиентов'),
      ],
    };
  },
};
