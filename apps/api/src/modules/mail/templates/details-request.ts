import { quoteApplicantText } from './applicant-text.js';
import type { MailTemplate } from './mail-template.js';
import { link, paragraph } from './layout.js';
import type { CoSigningInvitationParams } from './co-signing-invitation.js';

/**
 * As for an invitation to sign: who asks, for which company, the link and its last day, and the methods offered. The
 * registry code is empty for a company the register does not know; `inviteeName` is the applicant's typing and is not
 * written (the mail greets without it).
 */
export type DetailsRequestParams = CoSigningInvitationParams;

const methods = {
  et: ['Smart-ID, Mobiil-ID või ID-kaardiga', 'Smart-ID või Mobiil-ID-ga'],
  en: ['Smart-ID, Mobile-ID or ID-card', 'Smart-ID or Mobile-ID'],
  ru: ['Smart-ID, Mobiil-ID или ID-карты', 'Smart-ID или Mobiil-ID'],
} as const;

const withCode = (businessName: string, registryCode: string, language: 'et' | 'en' | 'ru') => {
  const name = quoteApplicantText(businessName, language);
  if (!registryCode) return name;
  return { et: `${name} (registrikood ${registryCode})`, en: `${name} (registry code ${registryCode})`, ru: `${name} (регистрационный код ${registryCode})` }[
    language
  ];
};

/**
 * A related person is asked to give their own details for an application (decision 40). Every word but the
 * applicant's name (their eID's) is the bank's; the company's name is quoted as the applicant's text, and the invited
 * person's name, which the applicant typed, is not written. The link carries no credentials: only the person
 * it names opens it, by signing in as themselves.
 */
export const detailsRequest: MailTemplate<DetailsRequestParams> = {
  et: (params) => ({
    subject: 'Palun anna oma andmed ettevõtte konto taotluse jaoks',
    blocks: [
      paragraph('Tere!'),
      paragraph(
        `${params.applicantName} taotleb ettevõttele ${withCode(params.businessName, params.registryCode, 'et')} kontot ja palub sul anda taotluse jaoks oma isikuandmed: sünniriik, kodakondsus, elukoht, maksuresidentsus ja kas oled riikliku taustaga isik.`,
      ),
      paragraph('Andmed saad anda sellel lingil:'),
      link(params.link, 'Anna oma andmed'),
      paragraph(
        `Link avaneb ainult sulle: logi sisse iseendana – ${params.isIdCardOffered ? methods.et[0] : methods.et[1]}. Link kehtib kuni ${params.validUntil}. Kui sa ei soovi andmeid anda, saad samal lehel põhjusega keelduda.`,
      ),
      paragraph(`Kui sul on küsimusi, võta meiega ühendust e-posti aadressil ${params.supportEmail} või telefonil ${params.supportPhone}.`),
      paragraph('Parimate soovidega', 'Ettevõtete klienditeenindus'),
    ],
  }),
  en: (params) => ({
    subject: 'Please give your details for a business account application',
    blocks: [
      paragraph('Hello,'),
      paragraph(
        `${params.applicantName} is applying for a business account for ${withCode(params.businessName, params.registryCode, 'en')} and asks you to give your own details for the application: country of birth, nationality, residence, tax residences and whether you are a politically exposed person.`,
      ),
      paragraph('You can give them through this link:'),
      link(params.link, 'Give your details'),
      paragraph(
        `The link opens for you only: sign in as yourself with ${params.isIdCardOffered ? methods.en[0] : methods.en[1]}. The link is valid until ${params.validUntil}. If you do not wish to give your details, you can decline on the same page and give a reason.`,
      ),
      paragraph(`If you have any questions, contact us at ${params.supportEmail} or ${params.supportPhone}.`),
      paragraph('Kind regards', 'Business customer service'),
    ],
  }),
  ru: (params) => ({
    subject: 'Пожалуйста, укажите свои данные для заявления на счёт компании',
    blocks: [
      paragraph('Здравствуйте!'),
      paragraph(
        `${params.applicantName} подаёт заявление на открытие счёта компании ${withCode(params.businessName, params.registryCode, 'ru')} и просит вас указать для заявления свои личные данные: страну рождения, гражданство, место жительства, налоговое резидентство и являетесь ли вы политически значимым лицом.`,
      ),
      paragraph('Указать данные можно по этой ссылке:'),
      link(params.link, 'Указать свои данные'),
      paragraph(
        `Ссылка открывается только для вас: войдите в систему лично с помощью ${params.isIdCardOffered ? methods.ru[0] : methods.ru[1]}. Ссылка действительна до ${params.validUntil}. Если вы не хотите указывать данные, на той же странице можно отказаться, указав причину.`,
      ),
      paragraph(`Если у вас есть вопросы, свяжитесь с нами по электронной почте ${params.supportEmail} или по телефону ${params.supportPhone}.`),
      paragraph('С уважением', 'Служба обслуживания бизнес-клиентов'),
    ],
  }),
};
