import { companyPhrase } from './applicant-text.js';
import type { MailTemplate } from './mail-template.js';
import { paragraph } from './layout.js';

export type ServiceFeeInvoiceParams = {
  representativeName: string;
  /** As the register gives it, shown only quoted (quoteApplicantText); null for a company the register does not know. */
  businessName: string | null;
  applicationNumber: number;
  /** The application number with its 7-3-1 check digit (paymentReferenceOf). */
  paymentReference: string;
  /** BANK_NAME: the payee, as in the contract. */
  bankName: string;
  supportEmail: string;
  supportPhone: string;
};

/**
 * docs/requirements.md section 4: "the user pays a service fee on an e-mailed
 * invoice"; the success page and the submission mail promise it in a separate
 * e-mail, sent with the submission. The fee follows the bank's price list,
 * whose amount the product does not hold (docs/requirements.md section 1), so
 * the invoice names the price list rather than a figure, and states what it
 * can: the application, the payee and the payment reference that ties the
 * payment to the application.
 */
export const serviceFeeInvoice: MailTemplate<ServiceFeeInvoiceParams> = {
  et: (params) => ({
    subject: `Arve: konto avamise teenustasu, taotlus ${params.applicationNumber}`,
    blocks: [
      paragraph(`Tere, ${params.representativeName}!`),
      paragraph(`Saadame sulle arve ${companyPhrase(params.businessName, 'et')} konto avamise teenustasu kohta.`),
      paragraph(
        `Taotluse number: ${params.applicationNumber}`,
        'Teenus: ettevõtte konto avamine',
        'Summa: panga hinnakirja järgi',
        `Saaja: ${params.bankName}`,
        `Viitenumber: ${params.paymentReference}`,
      ),
      paragraph('Maksa arve selle viitenumbriga, et saaksime makse sinu taotlusega siduda. Ettevõtte arvelduskonto avatakse, kui teenustasu on tasutud.'),
      paragraph(`Kui sul on arve kohta küsimusi, võta meiega ühendust e-posti aadressil ${params.supportEmail} või telefonil ${params.supportPhone}.`),
      paragraph('Parimate soovidega', 'Ettevõtete klienditeenindus'),
    ],
  }),
  en: (params) => ({
    subject: `Invoice: account opening service fee, application ${params.applicationNumber}`,
    blocks: [
      paragraph(`Hello ${params.representativeName},`),
      paragraph(`Here is the invoice for the service fee for opening the business account of ${companyPhrase(params.businessName, 'en')}.`),
      paragraph(
        `Application number: ${params.applicationNumber}`,
        'Service: opening a business account',
        "Amount: as in the bank's price list",
        `Payee: ${params.bankName}`,
        `Payment reference: ${params.paymentReference}`,
      ),
      paragraph(
        "Please pay with this payment reference, so that we can match the payment to your application. The company's current account is opened once the service fee is paid.",
      ),
      paragraph(`If you have any questions about the invoice, contact us at ${params.supportEmail} or ${params.supportPhone}.`),
      paragraph('Kind regards', 'Business customer service'),
    ],
  }),
  ru: (params) => ({
    subject: `Счёт-фактура: плата за открытие счёта, заявление № ${params.applicationNumber}`,
    blocks: [
      paragraph(`Здравствуйте, ${params.representativeName}!`),
      paragraph(`Направляем вам счёт-фактуру на плату за услугу открытия счёта ${companyPhrase(params.businessName, 'ru')}.`),
      paragraph(
        `Номер заявления: ${params.applicationNumber}`,
        'Услуга: открытие счёта компании',
        'Сумма: по прейскуранту банка',
        `Получатель: ${params.bankName}`,
        `Ссылочный номер: ${params.paymentReference}`,
      ),
      paragraph(
        'Оплатите счёт-фактуру с этим ссылочным номером, чтобы мы могли связать платёж с вашим заявлением. Расчётный счёт компании откроем после оплаты.',
      ),
      paragraph(
        `Если у вас есть вопросы о счёте-фактуре, свяжитесь с нами по электронной почте ${params.supportEmail} или по телефону ${params.supportPhone}.`,
      ),
      paragraph('С уважением', 'Служба обслуживания бизнес-клиентов'),
    ],
  }),
};
