import type { Locale } from '@onboarding/domain';
import type { FastifyPluginAsync } from 'fastify';
import { createTransport } from 'nodemailer';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { createDevMailboxRoutes } from './dev-mailbox-routes.js';
import { createMailSender, type MailAttachment, type MailLogger, type MailSender, type MailTransport } from './mail-sender.js';
import { createOutboxRepository, type OutboxPolicy, type OutboxRepository, type OutboxRow } from './outbox-repository.js';
import { paymentReferenceOf } from './payment-reference.js';
import { assertWithinSendLimits, type SendLimit } from './send-limits.js';
import { renderMail, type ApplicationSubmittedParams, type MailedDecision, type MailTemplateName, type MailTemplateParams } from './templates/index.js';

export type { FlushResult, MailAttachment, MailLogger, MailSender, MailTransport } from './mail-sender.js';
export type { OutboxEntry, OutboxPolicy, OutboxRepository, OutboxStatus } from './outbox-repository.js';
export type { DevMailboxMessage } from './dev-mailbox-routes.js';
export type { ApplicationSubmittedParams, DecisionRecordedParams, MailedDecision, MailTemplateName, MailTemplateParams, RenderedMail, SaveAndContinueLaterParams, ServiceFeeInvoiceParams } from './templates/index.js';
export { renderMail } from './templates/index.js';
export { paymentReferenceOf } from './payment-reference.js';

export type MailModuleConfig = Pick<
  Config,
  | 'SMTP_URL'
  | 'MAIL_FROM'
  | 'MAIL_SEND_INTERVAL_MS'
  | 'PUBLIC_URL'
  | 'SUPPORT_EMAIL'
  | 'SUPPORT_PHONE'
  | 'BANK_NAME'
  | 'SAVE_AND_CONTINUE_MAILS_PER_APPLICATION_PER_HOUR'
  | 'SAVE_AND_CONTINUE_MAILS_PER_ADDRESS_PER_DAY'
  | 'DECISION_MAILS_PER_APPLICATION_PER_HOUR'
>;

export type MailModuleDependencies = {
  config: MailModuleConfig;
  db: Db;
  logger: MailLogger;
  /** Replaces the SMTP transport made from SMTP_URL (tests). */
  transport?: MailTransport;
  /** Lease, retry and clock settings of the outbox (tests). */
  outboxPolicy?: Partial<OutboxPolicy>;
  /** Whether sign-in offers the ID-card (auth's isIdCardSignInOffered); the save-and-continue mail names it only then. Default: offered. */
  isIdCardSignInOffered?: boolean;
};

export type EnqueueMail<Name extends MailTemplateName> = {
  to: string;
  template: Name;
  language: Locale;
  params: MailTemplateParams[Name];
  /** The application the mail is about, kept with the message for the record. */
  processId?: string;
  /** Which of the application's files the template's attachment provider is to give (AttachmentProvider). */
  attachmentKey?: string;
};

export type ApplicationSubmittedMail = {
  to: string;
  language: Locale;
  processId: string;
  /** The signing session that submitted: its container, and no other round's, goes with the mail. */
  signingSessionId: string;
  params: Pick<ApplicationSubmittedParams, 'representativeName' | 'businessName' | 'applicationNumber' | 'followUp' | 'office' | 'discrepancies'>;
};

export type ServiceFeeInvoiceMail = {
  to: string;
  language: Locale;
  processId: string;
  params: { representativeName: string; businessName: string; applicationNumber: number };
};

/** A bank's decision, as mailed: the invoice's payment reference, the payee and the links come from here. */
export type DecisionRecordedMail = {
  to: string;
  language: Locale;
  processId: string;
  params: { representativeName: string; businessName: string; applicationNumber: number };
  decision:
    | Exclude<MailedDecision, { type: 'FEE_INVOICED' }>
    | Omit<Extract<MailedDecision, { type: 'FEE_INVOICED' }>, 'paymentReference' | 'bankName'>;
};

export type SaveAndContinueLaterMail = {
  to: string;
  language: Locale;
  params: { representativeName: string; businessName: string; processId: string; applicationNumber: number };
};

/**
 * A file another module has for the mails of one template about an application,
 * looked up when the mail is sent; undefined when there is none (the mail goes without it).
 * `attachmentKey` is what the mail was enqueued with to say which file (null for a mail from before it was kept).
 */
export type AttachmentProvider = (about: { processId: string; attachmentKey: string | null }) => Promise<MailAttachment | undefined>;

export type MailModule = {
  repository: OutboxRepository;
  sender: MailSender;
  renderMail: typeof renderMail;
  /**
   * Renders and adds a mail to the outbox; pass your transaction as `tx` so the
   * mail is sent only if your write commits. Resolves to the outbox id.
   */
  enqueue<Name extends MailTemplateName>(mail: EnqueueMail<Name>, tx?: Db): Promise<number>;
  /**
   * SPEC.md sections 1 and 4: the save-and-continue-later mail, with the link and support contacts from configuration.
   * Within SAVE_AND_CONTINUE_MAILS_PER_APPLICATION_PER_HOUR and _PER_ADDRESS_PER_DAY only: beyond them it throws
   * 429 RATE_LIMITED and enqueues nothing. `tx` must be a transaction (it holds the limits' locks); without it, one is opened.
   */
  enqueueSaveAndContinueLater(mail: SaveAndContinueLaterMail, tx?: Db): Promise<number>;
  /** SPEC.md section 4: the follow-up after submission, with the support contacts from configuration. */
  enqueueApplicationSubmitted(mail: ApplicationSubmittedMail, tx?: Db): Promise<number>;
  /** SPEC.md section 4: the service fee invoice the PAY_SERVICE_FEE follow-up promises, with its payment reference. */
  enqueueServiceFeeInvoice(mail: ServiceFeeInvoiceMail, tx?: Db): Promise<number>;
  /**
   * A bank's decision the applicant must hear about (MAILED_DECISIONS), linking to the status page. Within
   * DECISION_MAILS_PER_APPLICATION_PER_HOUR only: beyond it 429 RATE_LIMITED and nothing enqueued, so a bank client
   * posting in a loop cannot flood the applicant. `tx` must be a transaction (it holds the limit's lock).
   */
  enqueueDecisionRecorded(mail: DecisionRecordedMail, tx?: Db): Promise<number>;
  /** `${PUBLIC_URL}/start/success`: the applicant's status page. */
  statusPageLink(): string;
  /**
   * Sends the provider's file with every mail of `template` about an application
   * (e.g. signing's container with APPLICATION_SUBMITTED). Asked at each attempt,
   * so the file is never copied into the outbox. Register before the server is ready.
   */
  attachToTemplate(template: MailTemplateName, provider: AttachmentProvider): void;
  /** `${PUBLIC_URL}/start/?processId=<id>` */
  continueLaterLink(processId: string): string;
  /** GET /dev/mailbox and /dev/mailbox/messages.json; register only when IDENTITY_MODE is simulated. */
  devMailboxRoutes: FastifyPluginAsync;
};

// Kept well below the outbox lease (5 minutes), so a send cannot outlive its claim.
const smtpTimeouts = { connectionTimeout: 20_000, greetingTimeout: 20_000, socketTimeout: 60_000 };

/**
 * Mail: nodemailer over SMTP when SMTP_URL is set; otherwise mail stays in the
 * outbox table, shown at /dev/mailbox in simulated mode (DESIGN.md). The outbox
 * lives in the database, so any number of instances share it.
 */
export function createMailModule(dependencies: MailModuleDependencies): MailModule {
  const { config, db, logger } = dependencies;
  const repository = createOutboxRepository(db, dependencies.outboxPolicy);
  const transport =
    dependencies.transport ?? (config.SMTP_URL ? createTransport({ url: config.SMTP_URL, ...smtpTimeouts }) : undefined);
  const attachmentProviders = new Map<MailTemplateName, AttachmentProvider[]>();

  async function attachmentsFor(message: OutboxRow): Promise<MailAttachment[]> {
    const providers = attachmentProviders.get(message.template as MailTemplateName) ?? [];
    if (providers.length === 0) return [];
    const { processId, attachmentKey } = message;
    const found = processId ? await Promise.all(providers.map((provide) => provide({ processId, attachmentKey }))) : [];
    const attachments = found.filter((attachment): attachment is MailAttachment => attachment !== undefined);
    // The outbox id says which mail; the row has the recipient, the log must not.
    if (attachments.length < providers.length) logger.warn({ outboxId: message.id }, 'mail attachment not found; sending the mail without it');
    return attachments;
  }

  const sender = createMailSender({ repository, transport, from: config.MAIL_FROM, intervalMs: config.MAIL_SEND_INTERVAL_MS, logger, attachmentsFor });
  const publicUrl = config.PUBLIC_URL.replace(/\/+$/, '');

  const continueLaterLink = (processId: string): string => `${publicUrl}/start/?processId=${encodeURIComponent(processId)}`;
  // A link to one's own application must not become a way to flood someone else's mailbox.
  const saveAndContinueLaterLimits: SendLimit[] = [
    { per: 'APPLICATION', max: config.SAVE_AND_CONTINUE_MAILS_PER_APPLICATION_PER_HOUR, windowSeconds: 3600 },
    { per: 'MAILBOX', max: config.SAVE_AND_CONTINUE_MAILS_PER_ADDRESS_PER_DAY, windowSeconds: 86_400 },
  ];

  const statusPageLink = (): string => `${publicUrl}/start/success`;
  // Per application only: the applicant is one mailbox, and the bank writes about each application on its own.
  const decisionLimits: SendLimit[] = [{ per: 'APPLICATION', max: config.DECISION_MAILS_PER_APPLICATION_PER_HOUR, windowSeconds: 3600 }];

  async function enqueue<Name extends MailTemplateName>(mail: EnqueueMail<Name>, tx?: Db): Promise<number> {
    const rendered = renderMail(mail.template, mail.language, mail.params);
    const row = await repository.enqueue(
      { recipient: mail.to, ...rendered, template: mail.template, language: mail.language, processId: mail.processId ?? null, attachmentKey: mail.attachmentKey ?? null },
      tx,
    );
    return row.id;
  }

  return {
    repository,
    sender,
    renderMail,
    enqueue,
    enqueueSaveAndContinueLater: (mail, tx) => {
      const template = 'SAVE_AND_CONTINUE_LATER';
      const limitedEnqueue = async (executor: Db): Promise<number> => {
        await assertWithinSendLimits(executor, repository, { template, processId: mail.params.processId, to: mail.to }, saveAndContinueLaterLimits);
        return enqueue(
          {
            to: mail.to,
            template,
            language: mail.language,
            processId: mail.params.processId,
            params: {
              representativeName: mail.params.representativeName,
              businessName: mail.params.businessName,
              applicationNumber: mail.params.applicationNumber,
              isIdCardOffered: dependencies.isIdCardSignInOffered ?? true,
              link: continueLaterLink(mail.params.processId),
              supportEmail: config.SUPPORT_EMAIL,
              supportPhone: config.SUPPORT_PHONE,
            },
          },
          executor,
        );
      };
      return tx ? limitedEnqueue(tx) : db.transaction((transaction) => limitedEnqueue(transaction as unknown as Db));
    },
    enqueueApplicationSubmitted: (mail, tx) =>
      enqueue(
        {
          to: mail.to,
          template: 'APPLICATION_SUBMITTED',
          language: mail.language,
          processId: mail.processId,
          attachmentKey: mail.signingSessionId,
          params: { ...mail.params, link: `${publicUrl}/start/`, supportEmail: config.SUPPORT_EMAIL, supportPhone: config.SUPPORT_PHONE },
        },
        tx,
      ),
    enqueueServiceFeeInvoice: (mail, tx) =>
      enqueue(
        {
          to: mail.to,
          template: 'SERVICE_FEE_INVOICE',
          language: mail.language,
          processId: mail.processId,
          params: {
            ...mail.params,
            paymentReference: paymentReferenceOf(mail.params.applicationNumber),
            bankName: config.BANK_NAME,
            supportEmail: config.SUPPORT_EMAIL,
            supportPhone: config.SUPPORT_PHONE,
          },
        },
        tx,
      ),
    enqueueDecisionRecorded: (mail, tx) => {
      const template = 'DECISION_RECORDED';
      const limitedEnqueue = async (executor: Db): Promise<number> => {
        await assertWithinSendLimits(executor, repository, { template, processId: mail.processId, to: mail.to }, decisionLimits);
        const decision: MailedDecision =
          mail.decision.type === 'FEE_INVOICED'
            ? { ...mail.decision, paymentReference: paymentReferenceOf(mail.params.applicationNumber), bankName: config.BANK_NAME }
            : mail.decision;
        return enqueue(
          {
            to: mail.to,
            template,
            language: mail.language,
            processId: mail.processId,
            params: { ...mail.params, decision, link: statusPageLink(), supportEmail: config.SUPPORT_EMAIL, supportPhone: config.SUPPORT_PHONE },
          },
          executor,
        );
      };
      return tx ? limitedEnqueue(tx) : db.transaction((transaction) => limitedEnqueue(transaction as unknown as Db));
    },
    statusPageLink,
    attachToTemplate(template, provider) {
      attachmentProviders.set(template, [...(attachmentProviders.get(template) ?? []), provider]);
    },
    continueLaterLink,
    devMailboxRoutes: createDevMailboxRoutes(repository),
  };
}
