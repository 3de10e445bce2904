import { quoteApplicantText } from './applicant-text.js';
import type { MailTemplate } from './mail-template.js';
import { link, paragraph } from './layout.js';

export type CoSigningInvitationParams = {
  /** The invited board member, as the register names them. */
  inviteeName: string;
  /** The applicant, as their eID names them. */
  applicantName: string;
  /** As the register gives it: an invitation is only sent for a company the register knows. */
  businessName: string;
  registryCode: string;
  /** The last day the link opens the invitation, as a date of the mail's language (27.12.2026). */
  validUntil: string;
  /** Whether the sign-in page offers the ID-card: the mail names only what it offers. */
  isIdCardOffered: boolean;
  /** `${PUBLIC_URL}/start/invitation/<token>?lang=<language>`: it only locates the invitation; signing in as the invitee opens it. */
  link: string;
  supportEmail: string;
  supportPhone: string;
};

const methods = {
  et: ['Smart-ID, Mobiil-ID või ID-kaardiga', 'Smart-ID või Mobiil-ID-ga'],
  en: ['Smart-ID, Mobile-ID or ID-card', 'Smart-ID or Mobile-ID'],
  ru: ['Smart-ID, Mobiil-ID или ID-карты', 'Smart-ID или Mobiil-ID'],
} as const;

/**
 * A board member is asked to sign the account contract the applicant signed (decision 39). Every word but the names
 * is the bank's: the names come from the eID and the register, the company from the register. The link carries no
 * credentials, so the mail says that only the person it names opens it, by signing in as themselves.
 */
export const coSigningInvitation: MailTemplate<CoSigningInvitationParams> = {
  et: (params) => ({
    subject: 'Palun allkirjasta ettevõtte konto leping',
    blocks: [
      paragraph(`Tere, ${params.inviteeName}!`),
      paragraph(
        `${params.applicantName} allkirjastas ettevõtte ${quoteApplicantText(params.businessName, 'et')} (registrikood ${params.registryCode}) konto avamise lepingu. Äriregistri järgi on vaja ka sinu kui juhatuse liikme allkirja.`,
      ),
      paragraph('Lepingu saad läbi lugeda ja allkirjastada sellel lingil:'),
      link(params.link, 'Loe ja allkirjasta leping'),
      paragraph(
        `Link avab lepingu ainult sulle: logi sisse iseendana – ${params.isIdCardOffered ? methods.et[0] : methods.et[1]}. Link kehtib kuni ${params.validUntil}. Kui sa ei soovi lepingut allkirjastada, saad selle samal lehel põhjusega tagasi lükata.`,
      ),
      paragraph(`Kui sul on küsimusi, võta meiega ühendust e-posti aadressil ${params.supportEmail} või telefonil ${params.supportPhone}.`),
      paragraph('Parimate soovidega', 'Ettevõtete klienditeenindus'),
    ],
  }),
  en: (params) => ({
    subject: 'Please sign the business account contract',
    blocks: [
      paragraph(`Hello ${params.inviteeName},`),
      paragraph(
        `${params.applicantName} has signed the contract to open a business account for ${quoteApplicantText(params.businessName, 'en')} (registry code ${params.registryCode}). According to the Business Register, your signature as a management board member is needed too.`,
      ),
      paragraph('You can read and sign the contract through this link:'),
      link(params.link, 'Read and sign the contract'),
      paragraph(
        `The link opens the contract for you only: sign in as yourself with ${params.isIdCardOffered ? methods.en[0] : methods.en[1]}. The link is valid until ${params.validUntil}. If you do not wish to sign, you can decline on the same page and give a reason.`,
      ),
      paragraph(`If you have any questions, contact us at ${params.supportEmail} or ${params.supportPhone}.`),
      paragraph('Kind regards', 'Business customer service'),
    ],
  }),
  ru: (params) => ({
    subject: 'Пожалуйста, подпишите договор о счёте компании',
    blocks: [
      paragraph(`Здравствуйте, ${params.inviteeName}!`),
      paragraph(
        `${params.applicantName} подписал(а) договор об открытии счёта компании ${quoteApplicantText(params.businessName, 'ru')} (регистрационный код ${params.registryCode}). По данным коммерческого регистра нужна и ваша подпись как члена правления.`,
      ),
      paragraph('Прочитать и подписать договор можно по этой ссылке:'),
      link(params.link, 'Прочитать и подписать договор'),
      paragraph(
        `Ссылка открывает договор только для вас: войдите в систему лично с помощью ${params.isIdCardOffered ? methods.ru[0] : methods.ru[1]}. Ссылка действительна до ${params.validUntil}. Если вы не хотите подписывать договор, на той же странице можно отказаться, указав причину.`,
      ),
      paragraph(`Если у вас есть вопросы, свяжитесь с нами по электронной почте ${params.supportEmail} или по телефону ${params.supportPhone}.`),
      paragraph('С уважением', 'Служба обслуживания бизнес-клиентов'),
    ],
  }),
};
