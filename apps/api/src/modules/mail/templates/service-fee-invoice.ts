import type { Locale } from '@onboarding/domain';
import { companyPhrase } from './applicant-text.js';
import { formatCalendarDate, formatEuroCents, formatIban } from '@onboarding/domain';
import type { MailTemplate } from './mail-template.js';
import { link, paragraph, type MailContent } from './layout.js';

export type ServiceFeeInvoiceParams = {
  representativeName: string;
  /** As the register gives it, shown only quoted (quoteApplicantText); null for a company the register does not know. */
  businessName: string | null;
  applicationNumber: number;
  amountCents: number;
  /** The last day to pay, yyyy-MM-dd. */
  dueDate: string;
  /** The brand's name: the payee, as in the contract. */
  payeeName: string;
  /** SERVICE_FEE_IBAN: the only account the fee is paid to. */
  payeeIban: string;
  /** The application number with its 7-3-1 check digit (paymentReferenceOf). */
  paymentReference: string;
  /** `${PUBLIC_URL}/start/success`: the status page, where the same invoice is shown after signing in. */
  link: string;
  supportEmail: string;
  supportPhone: string;
};

type Texts = {
  subject: (amount: string, applicationNumber: number) => string;
  greeting: (name: string) => string;
  intro: (company: string) => string;
  number: string;
  amount: string;
  dueDate: string;
  payee: string;
  payeeAccount: string;
  reference: string;
  payWithReference: string;
  /** The same invoice is on the status page: a mail asking to pay elsewhere is not ours. */
  statusPage: string;
  /** The status page link's button. */
  statusButton: string;
  support: (email: string, phone: string) => string;
  closing: [string, string];
};

const TEXTS: Record<Locale, Texts> = {
  et: {
    subject: (amount, applicationNumber) => `Arve: konto avamise teenustasu ${amount}, taotlus ${applicationNumber}`,
    greeting: (name) => `Tere, ${name}!`,
    intro: (company) => `Saadame sulle arve ${company} konto avamise teenustasu kohta.`,
    number: 'Taotluse number',
    amount: 'Summa',
    dueDate: 'Maksetähtaeg',
    payee: 'Saaja',
    payeeAccount: 'Saaja konto',
    reference: 'Viitenumber',
    payWithReference: 'Maksa arve selle viitenumbriga, et saaksime makse sinu taotlusega siduda. Ettevõtte arvelduskonto avatakse, kui teenustasu on tasutud.',
    statusButton: 'Ava taotluse olek',
    statusPage: 'Sama arve on sinu taotluse olekulehel, kui logid sisse. Kui mõni e-kiri palub sul maksta teisele kontole, ära maksa ja võta meiega ühendust.',
    support: (email, phone) => `Kui sul on arve kohta küsimusi, võta meiega ühendust e-posti aadressil ${email} või telefonil ${phone}.`,
    closing: ['Parimate soovidega', 'Ettevõtete klienditeenindus'],
  },
  en: {
    subject: (amount, applicationNumber) => `Invoice: account opening service fee of ${amount}, application ${applicationNumber}`,
    greeting: (name) => `Hello ${name},`,
    intro: (company) => `Here is the invoice for the service fee for opening the business account of ${company}.`,
    number: 'Application number',
    amount: 'Amount',
    dueDate: 'Due date',
    payee: 'Payee',
    payeeAccount: 'Payee’s account',
    reference: 'Payment reference',
    payWithReference:
      'Please pay with this payment reference, so that we can match the payment to your application. The company’s current account is opened once the service fee is paid.',
    statusButton: 'Open the application status',
    statusPage:
      'The same invoice is on the status page of your application after signing in. If an e-mail ever asks you to pay to another account, do not pay and contact us.',
    support: (email, phone) => `If you have any questions about the invoice, contact us at ${email} or ${phone}.`,
    closing: ['Kind regards', 'Business customer service'],
  },
  ru: {
    subject: (amount, applicationNumber) => `Счёт-фактура: плата за открытие счёта ${amount}, заявление № ${applicationNumber}`,
    greeting: (name) => `Здравствуйте, ${name}!`,
    intro: (company) => `Направляем вам счёт-фактуру на плату за услугу открытия счёта ${company}.`,
    number: 'Номер заявления',
    amount: 'Сумма',
    dueDate: 'Срок оплаты',
    payee: 'Получатель',
    payeeAccount: 'Счёт получателя',
    reference: 'Ссылочный номер',
    payWithReference:
      'Оплатите счёт-фактуру с этим ссылочным номером, чтобы мы могли связать платёж с вашим заявлением. Расчётный счёт компании откроем после оплаты.',
    statusButton: 'Открыть статус заявления',
    statusPage:
      'Эта же счёт-фактура есть на странице статуса вашего заявления после входа. Если в каком-либо письме вас попросят заплатить на другой счёт, не платите и свяжитесь с нами.',
    support: (email, phone) => `Если у вас есть вопросы о счёте-фактуре, свяжитесь с нами по электронной почте ${email} или по телефону ${phone}.`,
    closing: ['С уважением', 'Служба обслуживания бизнес-клиентов'],
  },
};

const render =
  (language: Locale) =>
  (params: ServiceFeeInvoiceParams): MailContent => {
    const texts = TEXTS[language];
    const amount = formatEuroCents(params.amountCents, language);
    return {
      subject: texts.subject(amount, params.applicationNumber),
      blocks: [
        paragraph(texts.greeting(params.representativeName)),
        paragraph(texts.intro(companyPhrase(params.businessName, language))),
        paragraph(
          `${texts.number}: ${params.applicationNumber}`,
          `${texts.amount}: ${amount}`,
          `${texts.dueDate}: ${formatCalendarDate(params.dueDate, language)}`,
          `${texts.payee}: ${params.payeeName}`,
          `${texts.payeeAccount}: ${formatIban(params.payeeIban)}`,
          `${texts.reference}: ${params.paymentReference}`,
        ),
        paragraph(texts.payWithReference),
        paragraph(texts.statusPage),
        link(params.link, texts.statusButton),
        paragraph(texts.support(params.supportEmail, params.supportPhone)),
        paragraph(...texts.closing),
      ],
    };
  };

/**
 * The invoice of the account opening service fee (docs/requirements.md section 4: "the user pays a service fee on an
 * e-mailed invoice"): one per application, with everything a payment needs — the amount, the due date, the payee and
 * its account, and the payment reference that ties the payment to the application. Sent with the submission when the
 * product holds the price and the account, or when the bank records FEE_INVOICED; never without an account to pay to.
 */
export const serviceFeeInvoice: MailTemplate<ServiceFeeInvoiceParams> = {
  et: render('et'),
  en: render('en'),
  ru: render('ru'),
};
