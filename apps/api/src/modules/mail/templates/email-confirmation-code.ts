import type { MailTemplate } from './mail-template.js';
import { paragraph } from './layout.js';

export type EmailConfirmationCodeParams = {
  /** From the eID. */
  representativeName: string;
  /** The digits to type back on the personal information screen. */
  code: string;
  /** How long the code is good for. */
  validMinutes: number;
  supportEmail: string;
  supportPhone: string;
};

/**
 * The code that confirms the representative's e-mail address (personal information screen). It goes to an address
 * nobody has confirmed yet, so it holds nothing anyone typed, no link, and says what to do if it was not asked for.
 */
export const emailConfirmationCode: MailTemplate<EmailConfirmationCodeParams> = {
  et: (params) => ({
    subject: 'Sinu e-posti aadressi kinnituskood',
    blocks: [
      paragraph(`Tere, ${params.representativeName}!`),
      paragraph('Sisesta ettevõtte konto avamise taotluse isikuandmete lehel see kinnituskood:'),
      paragraph(params.code),
      paragraph(`Kood kehtib ${params.validMinutes} minutit. Ära anna seda kellelegi teisele.`),
      paragraph('Kui sa ei ole koodi küsinud, ei pea sa midagi tegema: aadressi ei kinnitata.'),
      paragraph(`Kui sul on küsimusi, võta meiega ühendust e-posti aadressil ${params.supportEmail} või telefonil ${params.supportPhone}.`),
      paragraph('Parimate soovidega', 'Ettevõtete klienditeenindus'),
    ],
  }),
  en: (params) => ({
    subject: 'Your e-mail confirmation code',
    blocks: [
      paragraph(`Hello ${params.representativeName},`),
      paragraph('Enter this confirmation code on the personal information page of your business account application:'),
      paragraph(params.code),
      paragraph(`The code is valid for ${params.validMinutes} minutes. Do not give it to anyone else.`),
      paragraph('If you did not ask for this code, you do not need to do anything: the address will not be confirmed.'),
      paragraph(`If you have any questions, contact us at ${params.supportEmail} or ${params.supportPhone}.`),
      paragraph('Kind regards', 'Business customer service'),
    ],
  }),
  ru: (params) => ({
    subject: 'Код подтверждения вашего адреса электронной почты',
    blocks: [
      paragraph(`Здравствуйте, ${params.representativeName}!`),
      paragraph('Введите этот код подтверждения на странице личных данных заявления на открытие счёта компании:'),
      paragraph(params.code),
      paragraph(`Код действителен ${params.validMinutes} минут. Никому его не сообщайте.`),
      paragraph('Если вы не запрашивали этот код, ничего делать не нужно: адрес не будет подтверждён.'),
      paragraph(`Если у вас есть вопросы, свяжитесь с нами по электронной почте ${params.supportEmail} или по телефону ${params.supportPhone}.`),
      paragraph('С уважением', 'Служба обслуживания бизнес-клиентов'),
    ],
  }),
};
