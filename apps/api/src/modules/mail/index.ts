/**
 * The mail module's entry: what the other modules may use of it. The outbox is the mail module's; the others add a
 * mail through MailModule (in their transaction) and never reach its repository. Wired in app.ts by plugin.ts.
 */
export {
  createMailModule,
  type ApplicationSubmittedMail,
  type CoSigningInvitationMail,
  type AttachmentProvider,
  type DecisionRecordedMail,
  type EmailConfirmationCodeMail,
  type MailModule,
  type MailModuleConfig,
  type MailModuleDependencies,
  type SaveAndContinueLaterMail,
  type ServiceFeeInvoiceMail,
} from './mail-module.js';
export { discrepancyLines, type DiscrepancyLine } from './discrepancy-texts.js';
export { paymentReferenceOf } from './payment-reference.js';
export { escapeHtml } from './templates/escape-html.js';
export type { CompanySource } from './shown-business-name.js';
export type { MailAttachment, MailLogger, MailTransport } from './mail-sender.js';
export type { OutboxPolicy } from './outbox-repository.js';
