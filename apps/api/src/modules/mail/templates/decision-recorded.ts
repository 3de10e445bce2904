import type { BankOffice, Locale, ReopenableStep } from '@onboarding/domain';
import { atSentenceStart, companyPhrase, type CompanyCase } from './applicant-text.js';
import { formatBankDateTime, formatIban } from '@onboarding/domain';
import { plainLines } from './plain-lines.js';
import type { MailTemplate } from './mail-template.js';
import { link, paragraph, type MailBlock, type MailContent } from './layout.js';

/**
 * A mailed decision (MAILED_DECISIONS) with what the mail needs of it beyond the decision itself. FEE_INVOICED is not
 * among them: its mail is the invoice itself (SERVICE_FEE_INVOICE), the same as a submission's.
 */
export type MailedDecision =
  | { type: 'IDENTIFICATION_BOOKED'; office: BankOffice; at: string }
  | { type: 'BOARD_SIGNATURE_REQUESTED'; recipients: readonly { name: string; email: string }[] }
  /** The bank named how many board members sign beside the applicant (decision 41); the status page names them. */
  | { type: 'SIGNERS_NAMED'; count: number }
  | { type: 'MORE_INFORMATION_NEEDED'; steps: readonly ReopenableStep[]; message: string }
  | { type: 'APPROVED'; accountNumber: string }
  | { type: 'DECLINED' };

export type DecisionRecordedParams = {
  representativeName: string;
  /** As the register gives it, shown only quoted (quoteApplicantText); null for a company the register does not know. */
  businessName: string | null;
  applicationNumber: number;
  decision: MailedDecision;
  /** `${PUBLIC_URL}/start/success?processId=<id>&lang=<language>`: the status page, after signing in. */
  link: string;
  supportEmail: string;
  supportPhone: string;
};

/** "члена" or "членов" after a number above one: 2–4 take the genitive singular, the rest (and 11–14) the plural. */
function membersRu(count: number): string {
  const form = new Intl.PluralRules('ru').select(count);
  return form === 'few' ? 'члена' : 'членов';
}

/** The steps by the titles their screens show (apps/web/src/i18n SCREENS.*.TITLE). */
const STEP_TITLES: Record<Locale, Record<ReopenableStep, string>> = {
  et: {
    AccountOpeningReason: 'Konto avamise põhjused',
    CompanyData: 'Ettevõtte andmed',
    Incomes: 'Tulud ja kulud',
    RelatedPersons: 'Seotud isikud',
    ApplicationOverview: 'Ülevaade',
  },
  en: {
    AccountOpeningReason: 'Reasons for opening the account',
    CompanyData: 'Company information',
    Incomes: 'Incomes and expenses',
    RelatedPersons: 'Related persons',
    ApplicationOverview: 'Overview',
  },
  ru: {
    AccountOpeningReason: 'Причины открытия счёта',
    CompanyData: 'Данные компании',
    Incomes: 'Доходы и расходы',
    RelatedPersons: 'Связанные лица',
    ApplicationOverview: 'Обзор',
  },
};

/** A name or address the bank's systems sent: on one line, nothing hidden (the layout escapes it for HTML). */
const oneLine = (text: string): string => plainLines(text).join(' ');

const officeLines = (office: BankOffice, language: Locale): string[] => [
  office.name[language],
  `${office.address}, ${office.postalCode} ${office.city}`,
  office.openingHours[language],
];

type Texts = {
  greeting: (name: string) => string;
  number: (applicationNumber: number) => string;
  statusPage: string;
  /** The status page link's button. */
  statusButton: string;
  support: (email: string, phone: string) => string;
  closing: MailBlock;
  /** The subject and what the mail says about the decision, before the status page's link. */
  body: (params: DecisionRecordedParams, company: (form?: CompanyCase) => string) => { subject: string; blocks: MailBlock[] };
};

const et: Texts = {
  greeting: (name) => `Tere, ${name}!`,
  number: (applicationNumber) => `Taotluse number: ${applicationNumber}`,
  statusButton: 'Ava taotluse olek',
  statusPage: 'Taotluse seisu näed, kui logid sisse:',
  support: (email, phone) => `Kui sul on küsimusi, võta meiega ühendust e-posti aadressil ${email} või telefonil ${phone}.`,
  closing: paragraph('Parimate soovidega', 'Ettevõtete klienditeenindus'),
  body: ({ decision, applicationNumber }, company) => {
    switch (decision.type) {
      case 'IDENTIFICATION_BOOKED':
        return {
          subject: `Ootame sind pangakontorisse, taotlus ${applicationNumber}`,
          blocks: [
            paragraph(`${atSentenceStart(company())} konto avamiseks ootame sind end tuvastama pangakontorisse.`),
            paragraph(`Aeg: ${formatBankDateTime(decision.at, 'et')}`),
            paragraph(...officeLines(decision.office, 'et')),
            paragraph('Võta kaasa kehtiv isikut tõendav dokument. Kui see aeg sulle ei sobi, võta meiega ühendust.'),
          ],
        };
      case 'BOARD_SIGNATURE_REQUESTED':
        return {
          subject: `Lepingu allkirjastamise link on saadetud, taotlus ${applicationNumber}`,
          blocks: [
            paragraph(`Saatsime ${company()} lepingu allkirjastamise lingi neile:`),
            paragraph(...decision.recipients.map((recipient) => `${oneLine(recipient.name)}, ${oneLine(recipient.email)}`)),
            paragraph('Konto avatakse, kui nad on lepingu allkirjastanud.'),
          ],
        };
      case 'SIGNERS_NAMED':
        return {
          subject: `Lepingu peavad allkirjastama ka juhatuse liikmed, taotlus ${applicationNumber}`,
          blocks: [
            paragraph(
              `Äriregistri järgi ei saa sa ${company()} nimel üksi lepingut sõlmida. Pank vaatas esindusõiguse tingimused üle: lepingu peab allkirjastama ka ${decision.count === 1 ? 'üks juhatuse liige' : `${String(decision.count)} juhatuse liiget`}.`,
            ),
            paragraph(
              'Logi sisse ja saada neile olekulehelt kutse. Igaüks allkirjastab sama lepingu oma ID-kaardi, Mobiil-ID või Smart-ID-ga. Taotlus jõuab uuesti panka, kui kõik on allkirjastanud.',
            ),
          ],
        };
      case 'MORE_INFORMATION_NEEDED':
        return {
          subject: `Vajame sinu taotluse kohta lisateavet, taotlus ${applicationNumber}`,
          blocks: [
            paragraph(`Vajame ${company()} konto avamise taotluse kohta lisateavet. Täienda neid samme:`),
            paragraph(...decision.steps.map((step) => `– ${STEP_TITLES.et[step]}`)),
            paragraph('Kliendihalduri sõnum:', ...plainLines(decision.message)),
            paragraph('Logi sisse, täienda samme ja allkirjasta leping uuesti. Ülejäänud sammud jäävad nii, nagu need allkirjastasid.'),
          ],
        };
      case 'APPROVED':
        return {
          subject: `${atSentenceStart(company())} konto on avatud`,
          blocks: [
            paragraph(`${atSentenceStart(company())} konto avamise taotlus on heaks kiidetud ja arvelduskonto on avatud.`),
            paragraph(`Konto number: ${formatIban(decision.accountNumber)}`),
          ],
        };
      case 'DECLINED':
        return {
          subject: `${atSentenceStart(company())} konto avamise taotluse otsus`,
          blocks: [paragraph(`Aitäh, et soovid meie pangaga koostööd teha. Kahjuks ei saa me ${company('allative')} kontot avada.`)],
        };
    }
  },
};

const en: Texts = {
  greeting: (name) => `Hello ${name},`,
  number: (applicationNumber) => `Application number: ${applicationNumber}`,
  statusButton: 'Open the application status',
  statusPage: 'You can see the status of your application after signing in:',
  support: (email, phone) => `If you have any questions, contact us at ${email} or ${phone}.`,
  closing: paragraph('Kind regards', 'Business customer service'),
  body: ({ decision, applicationNumber }, company) => {
    switch (decision.type) {
      case 'IDENTIFICATION_BOOKED':
        return {
          subject: `Your visit to the bank office, application ${applicationNumber}`,
          blocks: [
            paragraph(`To open the business account of ${company()}, please come to the bank office to identify yourself.`),
            paragraph(`Time: ${formatBankDateTime(decision.at, 'en')}`),
            paragraph(...officeLines(decision.office, 'en')),
            paragraph('Please bring a valid identity document. If this time does not suit you, contact us.'),
          ],
        };
      case 'BOARD_SIGNATURE_REQUESTED':
        return {
          subject: `The signing link has been sent, application ${applicationNumber}`,
          blocks: [
            paragraph(`We sent the link to sign the contract of ${company()} to:`),
            paragraph(...decision.recipients.map((recipient) => `${oneLine(recipient.name)}, ${oneLine(recipient.email)}`)),
            paragraph('The account is opened once they have signed the contract.'),
          ],
        };
      case 'SIGNERS_NAMED':
        return {
          subject: `Board members must sign the contract too, application ${applicationNumber}`,
          blocks: [
            paragraph(
              `According to the Business Register you cannot sign for ${company()} alone. The bank has read the conditions of representation: ${decision.count === 1 ? 'one more board member' : `${String(decision.count)} more board members`} must sign the contract too.`,
            ),
            paragraph(
              'Sign in and invite them from the status page. Each signs the same contract with their own ID-card, Mobile-ID or Smart-ID. The application comes back to the bank once all have signed.',
            ),
          ],
        };
      case 'MORE_INFORMATION_NEEDED':
        return {
          subject: `We need more information about your application, application ${applicationNumber}`,
          blocks: [
            paragraph(`We need more information about the account opening application of ${company()}. Please complete these steps:`),
            paragraph(...decision.steps.map((step) => `– ${STEP_TITLES.en[step]}`)),
            paragraph('The relationship manager’s message:', ...plainLines(decision.message)),
            paragraph('Sign in, complete the steps and sign the contract again. The other steps stay as you signed them.'),
          ],
        };
      case 'APPROVED':
        return {
          subject: `The account of ${company()} has been opened`,
          blocks: [
            paragraph(`The account opening application of ${company()} has been approved and the current account has been opened.`),
            paragraph(`Account number: ${formatIban(decision.accountNumber)}`),
          ],
        };
      case 'DECLINED':
        return {
          subject: `Decision on the account opening application of ${company()}`,
          blocks: [paragraph(`Thank you for choosing our bank. Unfortunately we cannot open an account for ${company()}.`)],
        };
    }
  },
};

const ru: Texts = {
  greeting: (name) => `Здравствуйте, ${name}!`,
  number: (applicationNumber) => `Номер заявления: ${applicationNumber}`,
  statusButton: 'Открыть статус заявления',
  statusPage: 'Статус заявления можно посмотреть после входа:',
  support: (email, phone) => `Если у вас есть вопросы, свяжитесь с нами по электронной почте ${email} или по телефону ${phone}.`,
  closing: paragraph('С уважением', 'Служба обслуживания бизнес-клиентов'),
  body: ({ decision, applicationNumber }, company) => {
    switch (decision.type) {
      case 'IDENTIFICATION_BOOKED':
        return {
          subject: `Ждём вас в отделении банка, заявление № ${applicationNumber}`,
          blocks: [
            paragraph(`Для открытия счёта ${company()} ждём вас в отделении банка, чтобы пройти идентификацию.`),
            paragraph(`Время: ${formatBankDateTime(decision.at, 'ru')}`),
            paragraph(...officeLines(decision.office, 'ru')),
            paragraph('Возьмите с собой действительный документ, удостоверяющий личность. Если это время вам не подходит, свяжитесь с нами.'),
          ],
        };
      case 'BOARD_SIGNATURE_REQUESTED':
        return {
          subject: `Ссылка для подписания договора отправлена, заявление № ${applicationNumber}`,
          blocks: [
            paragraph(`Мы отправили ссылку для подписания договора ${company()}:`),
            paragraph(...decision.recipients.map((recipient) => `${oneLine(recipient.name)}, ${oneLine(recipient.email)}`)),
            paragraph('Счёт откроем после того, как они подпишут договор.'),
          ],
        };
      case 'SIGNERS_NAMED':
        return {
          subject: `Договор должны подписать и члены правления, заявление № ${applicationNumber}`,
          blocks: [
            paragraph(
              `По данным коммерческого регистра вы не можете подписать договор ${company()} единолично. Банк изучил условия представительства: договор должен подписать ещё ${decision.count === 1 ? 'один член правления' : `${String(decision.count)} ${membersRu(decision.count)} правления`}.`,
            ),
            paragraph(
              'Войдите в систему и пригласите их со страницы статуса. Каждый подписывает тот же договор своей ID-картой, Mobiil-ID или Smart-ID. Заявление вернётся в банк, когда все подпишут.',
            ),
          ],
        };
      case 'MORE_INFORMATION_NEEDED':
        return {
          subject: `Нам нужна дополнительная информация, заявление № ${applicationNumber}`,
          blocks: [
            paragraph(`Нам нужна дополнительная информация по заявлению на открытие счёта ${company()}. Дополните эти шаги:`),
            paragraph(...decision.steps.map((step) => `– ${STEP_TITLES.ru[step]}`)),
            paragraph('Сообщение клиентского менеджера:', ...plainLines(decision.message)),
            paragraph('Войдите, дополните шаги и подпишите договор ещё раз. Остальные шаги остаются такими, какими вы их подписали.'),
          ],
        };
      case 'APPROVED':
        return {
          subject: `Расчётный счёт ${company()} открыт`,
          blocks: [
            paragraph(`Заявление на открытие счёта ${company()} одобрено, расчётный счёт открыт.`),
            paragraph(`Номер счёта: ${formatIban(decision.accountNumber)}`),
          ],
        };
      case 'DECLINED':
        return {
          subject: `Решение по заявлению на открытие счёта ${company()}`,
          blocks: [paragraph(`Благодарим вас за интерес к нашему банку. К сожалению, мы не можем открыть счёт для ${company()}.`)],
        };
    }
  },
};

const render =
  (texts: Texts, language: Locale) =>
  (params: DecisionRecordedParams): MailContent => {
    const { subject, blocks } = texts.body(params, (form) => companyPhrase(params.businessName, language, form));
    return {
      subject,
      blocks: [
        paragraph(texts.greeting(params.representativeName)),
        ...blocks,
        paragraph(texts.number(params.applicationNumber)),
        paragraph(texts.statusPage),
        link(params.link, texts.statusButton),
        paragraph(texts.support(params.supportEmail, params.supportPhone)),
        texts.closing,
      ],
    };
  };

/**
 * A bank's decision the applicant must act on or hear about at once (MAILED_DECISIONS), in the contact language:
 * the booked visit, where the signing link went, what more is needed, the account, or the refusal
 * (polite, without a reason: the bank gives none in writing). Each links to the status page.
 */
export const decisionRecorded: MailTemplate<DecisionRecordedParams> = {
  et: render(et, 'et'),
  en: render(en, 'en'),
  ru: render(ru, 'ru'),
};
