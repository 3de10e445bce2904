import type { Locale } from '@onboarding/domain';
import { renderLayout, type MailLook, type RenderedMail } from './layout.js';
import type { MailTemplate } from './mail-template.js';
import { applicationSubmitted } from './application-submitted.js';
import { coSigningInvitation } from './co-signing-invitation.js';
import { decisionRecorded } from './decision-recorded.js';
import { detailsRequest } from './details-request.js';
import { emailConfirmationCode } from './email-confirmation-code.js';
import { saveAndContinueLater } from './save-and-continue-later.js';
import { serviceFeeInvoice } from './service-fee-invoice.js';

export type { MailLook, RenderedMail } from './layout.js';
export type { SaveAndContinueLaterParams } from './save-and-continue-later.js';
export type { ApplicationSubmittedParams } from './application-submitted.js';
export type { ServiceFeeInvoiceParams } from './service-fee-invoice.js';
export type { DecisionRecordedParams, MailedDecision } from './decision-recorded.js';
export type { EmailConfirmationCodeParams } from './email-confirmation-code.js';
export type { CoSigningInvitationParams } from './co-signing-invitation.js';
export type { DetailsRequestParams } from './details-request.js';

/** Every mail the product sends. A new mail: a file beside this one and a line here. */
const templates = {
  SAVE_AND_CONTINUE_LATER: saveAndContinueLater,
  APPLICATION_SUBMITTED: applicationSubmitted,
  SERVICE_FEE_INVOICE: serviceFeeInvoice,
  DECISION_RECORDED: decisionRecorded,
  EMAIL_CONFIRMATION_CODE: emailConfirmationCode,
  CO_SIGNING_INVITATION: coSigningInvitation,
  DETAILS_REQUEST: detailsRequest,
} satisfies Record<string, MailTemplate<never>>;

export type MailTemplateName = keyof typeof templates;

export type MailTemplateParams = {
  [Name in MailTemplateName]: (typeof templates)[Name] extends MailTemplate<infer Params> ? Params : never;
};

export const MAIL_TEMPLATE_NAMES = Object.keys(templates) as MailTemplateName[];

export function renderMail<Name extends MailTemplateName>(
  template: Name,
  language: Locale,
  params: MailTemplateParams[Name],
  look: MailLook,
): Promise<RenderedMail> {
  // TypeScript cannot correlate the template's name with its parameters through the lookup.
  const render = templates[template][language] as (params: MailTemplateParams[Name]) => ReturnType<MailTemplate<unknown>[Locale]>;
  return renderLayout(language, render(params), look);
}
