import { atSentenceStart, companyPhrase } from './applicant-text.js';
import type { MailTemplate } from './mail-template.js';
import { link, paragraph } from './layout.js';

export type SaveAndContinueLaterParams = {
  /** From the eID. */
  representativeName: string;
  /** As the register gives it, shown only quoted (quoteApplicantText); null for a company the register does not know. */
  businessName: string | null;
  /** The application's number for people, as the success page and the other mails show it. */
  applicationNumber: number;
  /** Whether the sign-in page offers the ID-card (isIdCardSignInOffered): the mail names only what it offers. */
  isIdCardOffered: boolean;
  /** `${PUBLIC_URL}/start/application?processId=<id>&lang=<language>`; it only names the application, it does not sign anyone in. */
  link: string;
  supportEmail: string;
  supportPhone: string;
};

/**
 * docs/requirements.md section 1: "The application can be saved and continued later
 * through a link sent by e-mail"; section 4: "Save and continue later sends an e-mail
 * with a link". The link carries no credentials, so the mail says that the representative
 * must sign in again as themselves (only one representative works on an application).
 * Estonian uses "sina", as the web app does.
 */
export const saveAndContinueLater: MailTemplate<SaveAndContinueLaterParams> = {
  et: (params) => ({
    subject: 'Sinu ettevõtte konto avamise taotlus on salvestatud',
    blocks: [
      paragraph(`Tere, ${params.representativeName}!`),
      paragraph(
        `${atSentenceStart(companyPhrase(params.businessName, 'et'))} konto avamise taotlus on salvestatud. Saad selle täitmist igal ajal jätkata sellel lingil:`,
      ),
      link(params.link, 'Jätka taotlust'),
      paragraph(`Taotluse number: ${params.applicationNumber}`),
      paragraph(
        `Jätkamiseks pead uuesti sisse logima iseendana – ${params.isIdCardOffered ? 'Smart-ID, Mobiil-ID või ID-kaardiga' : 'Smart-ID või Mobiil-ID-ga'}. Link üksi taotlust ei ava.`,
      ),
      paragraph(`Kui sul on küsimusi, võta meiega ühendust e-posti aadressil ${params.supportEmail} või telefonil ${params.supportPhone}.`),
      paragraph('Parimate soovidega', 'Ettevõtete klienditeenindus'),
    ],
  }),
  en: (params) => ({
    subject: 'Your business account application has been saved',
    blocks: [
      paragraph(`Hello ${params.representativeName},`),
      paragraph(
        `The account opening application for ${companyPhrase(params.businessName, 'en')} has been saved. You can continue filling it in at any time through this link:`,
      ),
      link(params.link, 'Continue the application'),
      paragraph(`Application number: ${params.applicationNumber}`),
      paragraph(
        `To continue, you must sign in again as yourself with ${params.isIdCardOffered ? 'Smart-ID, Mobile-ID or ID-card' : 'Smart-ID or Mobile-ID'}. The link alone does not open the application.`,
      ),
      paragraph(`If you have any questions, contact us at ${params.supportEmail} or ${params.supportPhone}.`),
      paragraph('Kind regards', 'Business customer service'),
    ],
  }),
  ru: (params) => ({
    subject: 'Ваше заявление на открытие счёта компании сохранено',
    blocks: [
      paragraph(`Здравствуйте, ${params.representativeName}!`),
      paragraph(
        `Заявление на открытие счёта для ${companyPhrase(params.businessName, 'ru')} сохранено. Продолжить его заполнение можно в любое время по этой ссылке:`,
      ),
      link(params.link, 'Продолжить заявление'),
      paragraph(`Номер заявления: ${params.applicationNumber}`),
      paragraph(
        `Чтобы продолжить, вам нужно снова войти в систему лично — с помощью ${params.isIdCardOffered ? 'Smart-ID, Mobiil-ID или ID-карты' : 'Smart-ID или Mobiil-ID'}. Сама по себе ссылка заявление не открывает.`,
      ),
      paragraph(`Если у вас есть вопросы, свяжитесь с нами по электронной почте ${params.supportEmail} или по телефону ${params.supportPhone}.`),
      paragraph('С уважением', 'Служба обслуживания бизнес-клиентов'),
    ],
  }),
};
