import type { Locale } from '@onboarding/domain';
import type { FastifyPluginAsync } from 'fastify';
import { createTransport } from 'nodemailer';
import type { Config } from '../../config.js';
import type { Db, Executor } from '../../db/database.js';
import { createDevMailboxRoutes } from './dev-mailbox-routes.js';
import { createMailLinks } from './mail-links.js';
import { createMailSender, type MailAttachment, type MailLogger, type MailSender, type MailTransport } from './mail-sender.js';
import { createOutboxRepository, type OutboxPolicy, type OutboxRepository, type OutboxRow } from './outbox-repository.js';
import { paymentReferenceOf } from './payment-reference.js';
import { assertWithinSendLimits, type SendLimit } from './send-limits.js';
import { shownBusinessName, type CompanySource } from './shown-business-name.js';
import { mailLookOf } from './mail-look.js';
import { renderMail, type ApplicationSubmittedParams, type MailedDecision, type MailTemplateName, type MailTemplateParams } from './templates/index.js';

export type MailModuleConfig = Pick<
  Config,
  | 'SMTP_URL'
  | 'MAIL_FROM'
  | 'MAIL_SEND_INTERVAL_MS'
  | 'PUBLIC_URL'
  | 'brand'
  | 'SAVE_AND_CONTINUE_MAILS_PER_APPLICATION_PER_HOUR'
  | 'SAVE_AND_CONTINUE_MAILS_PER_ADDRESS_PER_DAY'
  | 'SAVE_AND_CONTINUE_MAILS_PER_PERSON_PER_DAY'
  | 'EMAIL_CONFIRMATION_CODES_PER_PERSON_PER_DAY'
  | 'DECISION_MAILS_PER_APPLICATION_PER_HOUR'
  | 'CO_SIGNING_INVITATIONS_PER_PERSON_PER_DAY'
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
  /** The person who asked for the mail (`EE:38001085718`), for the limits per person. */
  personKey?: string;
  /** Which of the application's files the template's attachment provider is to give (AttachmentProvider). */
  attachmentKey?: string;
};

/**
 * The application's company as the mails get it: its name, and where the name comes from. The name of a company the
 * register does not know ('MANUAL') is only what the applicant typed, and no mail carries it (shown-business-name.ts).
 */
type MailedCompany = { businessName: string; companySource: CompanySource };

export type ApplicationSubmittedMail = {
  to: string;
  language: Locale;
  processId: string;
  /** The signing session that submitted: its container, and no other round's, goes with the mail. */
  signingSessionId: string;
  params: Pick<ApplicationSubmittedParams, 'representativeName' | 'applicationNumber' | 'followUp' | 'feeInvoice' | 'office' | 'discrepancies'> & MailedCompany;
};

/**
 * The service fee's invoice, issued with a submission or by the bank's FEE_INVOICED: only ever one with an account to
 * pay to. The payment reference and the status page's link come from here.
 */
export type ServiceFeeInvoiceMail = {
  to: string;
  language: Locale;
  processId: string;
  params: {
    representativeName: string;
    applicationNumber: number;
    invoice: { amountCents: number; dueDate: string; payee: { name: string; iban: string } };
  } & MailedCompany;
};

/** A bank's decision, as mailed: the links come from here. */
export type DecisionRecordedMail = {
  to: string;
  language: Locale;
  processId: string;
  params: { representativeName: string; applicationNumber: number } & MailedCompany;
  decision: MailedDecision;
};

export type SaveAndContinueLaterMail = {
  to: string;
  language: Locale;
  /** The representative who asked for it (`EE:38001085718`): their mails are limited across all their applications. */
  personKey: string;
  params: { representativeName: string; processId: string; applicationNumber: number } & MailedCompany;
};

/** The code that confirms a representative's e-mail address; `to` is the address it confirms. */
export type EmailConfirmationCodeMail = {
  to: string;
  language: Locale;
  /** The representative who asked for it (`EE:38001085718`). */
  personKey: string;
  params: { representativeName: string; code: string; validMinutes: number };
};

/** A board member asked to sign the contract too (decision 39); `to` is the address the applicant gave for them. */
export type CoSigningInvitationMail = {
  to: string;
  language: Locale;
  processId: string;
  /** The applicant who asked for it (`EE:38001085718`): their invitations are limited across all their applications. */
  personKey: string;
  /** The link's token: the link locates the invitation and nothing more. */
  token: string;
  params: { inviteeName: string; applicantName: string; businessName: string; registryCode: string; validUntil: string };
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
  enqueue<Name extends MailTemplateName>(mail: EnqueueMail<Name>, tx?: Executor): Promise<number>;
  /**
   * docs/requirements.md sections 1 and 4: the save-and-continue-later mail, with the link and support contacts from configuration.
   * Within SAVE_AND_CONTINUE_MAILS_PER_APPLICATION_PER_HOUR, _PER_ADDRESS_PER_DAY and _PER_PERSON_PER_DAY only: beyond
   * them it throws 429 RATE_LIMITED and enqueues nothing. `tx` must be a transaction (it holds the limits' locks);
   * without it, one is opened.
   */
  enqueueSaveAndContinueLater(mail: SaveAndContinueLaterMail, tx?: Executor): Promise<number>;
  /**
   * The e-mail confirmation code. Within EMAIL_CONFIRMATION_CODES_PER_PERSON_PER_DAY per person only: beyond it 429
   * RATE_LIMITED and nothing enqueued. `tx` as for enqueueSaveAndContinueLater.
   */
  enqueueEmailConfirmationCode(mail: EmailConfirmationCodeMail, tx?: Executor): Promise<number>;
  /** docs/requirements.md section 4: the follow-up after submission, with the support contacts from configuration. */
  enqueueApplicationSubmitted(mail: ApplicationSubmittedMail, tx?: Executor): Promise<number>;
  /**
   * docs/requirements.md section 4: the service fee invoice the PAY_SERVICE_FEE follow-up promises, or the bank's
   * FEE_INVOICED: amount, due date, payee and account, with the application's payment reference.
   */
  enqueueServiceFeeInvoice(mail: ServiceFeeInvoiceMail, tx?: Executor): Promise<number>;
  /**
   * A bank's decision the applicant must hear about (MAILED_DECISIONS), linking to the status page. Within
   * DECISION_MAILS_PER_APPLICATION_PER_HOUR only: beyond it 429 RATE_LIMITED and nothing enqueued, so a bank client
   * posting in a loop cannot flood the applicant. `tx` must be a transaction (it holds the limit's lock).
   */
  enqueueDecisionRecorded(mail: DecisionRecordedMail, tx?: Executor): Promise<number>;
  /**
   * An invitation to sign the contract too. Within CO_SIGNING_INVITATIONS_PER_PERSON_PER_DAY per applicant only:
   * beyond it 429 RATE_LIMITED and nothing enqueued. `tx` must be a transaction (it holds the limit's lock).
   */
  enqueueCoSigningInvitation(mail: CoSigningInvitationMail, tx?: Executor): Promise<number>;
  /**
   * A request to a related person to give their own details (decision 40), within the same limit per applicant as the
   * invitations to sign. `tx` must be a transaction (it holds the limit's lock).
   */
  enqueueDetailsRequest(mail: CoSigningInvitationMail, tx?: Executor): Promise<number>;
  /** `${PUBLIC_URL}/start/invitation/<token>?lang=<language>`: the invitation's link. */
  invitationLink(token: string, language: Locale): string;
  /** `${PUBLIC_URL}/start/success?processId=<id>&lang=<language>`: the applicant's status page. */
  statusPageLink(processId: string, language: Locale): string;
  /**
   * Sends the provider's file with every mail of `template` about an application
   * (e.g. signing's container with APPLICATION_SUBMITTED). Asked at each attempt,
   * so the file is never copied into the outbox. Register before the server is ready.
   */
  attachToTemplate(template: MailTemplateName, provider: AttachmentProvider): void;
  /** `${PUBLIC_URL}/start/application?processId=<id>&lang=<language>` */
  continueLaterLink(processId: string, language: Locale): string;
  /** GET /dev/mailbox and /dev/mailbox/messages.json; register only when IDENTITY_MODE is simulated. */
  devMailboxRoutes: FastifyPluginAsync;
};

// Kept well below the outbox lease (5 minutes), so a send cannot outlive its claim.
const smtpTimeouts = { connectionTimeout: 20_000, greetingTimeout: 20_000, socketTimeout: 60_000 };

/**
 * Mail: nodemailer over SMTP when SMTP_URL is set; otherwise mail stays in the
 * outbox table, shown at /dev/mailbox in simulated mode (docs/design.md). The outbox
 * lives in the database, so any number of instances share it.
 */
export function createMailModule(dependencies: MailModuleDependencies): MailModule {
  const { config, db, logger } = dependencies;
  const repository = createOutboxRepository(db, dependencies.outboxPolicy);
  const transport = dependencies.transport ?? (config.SMTP_URL ? createTransport({ url: config.SMTP_URL, ...smtpTimeouts }) : undefined);
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
  const links = createMailLinks(config.PUBLIC_URL);
  const look = mailLookOf(config.brand, config.PUBLIC_URL);
  // A link to one's own application must not become a way to flood someone else's mailbox.
  const saveAndContinueLaterLimits: SendLimit[] = [
    { per: 'APPLICATION', max: config.SAVE_AND_CONTINUE_MAILS_PER_APPLICATION_PER_HOUR, windowSeconds: 3600 },
    { per: 'MAILBOX', max: config.SAVE_AND_CONTINUE_MAILS_PER_ADDRESS_PER_DAY, windowSeconds: 86_400 },
    // Applications cost nothing to start: without a limit across them, one person's mails would have none.
    { per: 'PERSON', max: config.SAVE_AND_CONTINUE_MAILS_PER_PERSON_PER_DAY, windowSeconds: 86_400 },
  ];
  // Each code goes to an address nobody has confirmed yet: few a day per person, to whichever mailbox. Not per mailbox:
  // a few people asking codes for someone's address would lock its owner out of confirming it for a day.
  const confirmationCodeLimits: SendLimit[] = [{ per: 'PERSON', max: config.EMAIL_CONFIRMATION_CODES_PER_PERSON_PER_DAY, windowSeconds: 86_400 }];

  // Per application only: the applicant is one mailbox, and the bank writes about each application on its own.
  const decisionLimits: SendLimit[] = [{ per: 'APPLICATION', max: config.DECISION_MAILS_PER_APPLICATION_PER_HOUR, windowSeconds: 3600 }];
  // Per applicant only: the addresses are the board members', which the applicant types; a board member asked by
  // several of their companies must still get each invitation.
  const invitationLimits: SendLimit[] = [{ per: 'PERSON', max: config.CO_SIGNING_INVITATIONS_PER_PERSON_PER_DAY, windowSeconds: 86_400 }];

  /** A link to an invitation (to sign, or to give one's details), counted against the applicant's limit. */
  function enqueueInvitation(template: 'CO_SIGNING_INVITATION' | 'DETAILS_REQUEST', mail: CoSigningInvitationMail, tx: Executor | undefined): Promise<number> {
    return inTransaction(tx, async (executor) => {
      await assertWithinSendLimits(executor, repository, { template, processId: mail.processId, to: mail.to, personKey: mail.personKey }, invitationLimits);
      return enqueue(
        {
          to: mail.to,
          template,
          language: mail.language,
          processId: mail.processId,
          personKey: mail.personKey,
          params: {
            ...mail.params,
            isIdCardOffered: dependencies.isIdCardSignInOffered ?? true,
            link: links.invitation(mail.token, mail.language),
            supportEmail: config.brand.support.email,
            supportPhone: config.brand.support.phone,
          },
        },
        executor,
      );
    });
  }

  async function enqueue<Name extends MailTemplateName>(mail: EnqueueMail<Name>, tx?: Executor): Promise<number> {
    const rendered = await renderMail(mail.template, mail.language, mail.params, look);
    const row = await repository.enqueue(
      {
        recipient: mail.to,
        ...rendered,
        template: mail.template,
        language: mail.language,
        processId: mail.processId ?? null,
        personKey: mail.personKey ?? null,
        attachmentKey: mail.attachmentKey ?? null,
      },
      tx,
    );
    return row.id;
  }

  /** Runs `work` in `tx`, or in a transaction of its own: the send limits' locks last until the transaction ends. */
  const inTransaction = (tx: Executor | undefined, work: (executor: Executor) => Promise<number>): Promise<number> =>
    tx ? work(tx) : db.transaction((transaction) => work(transaction));

  return {
    repository,
    sender,
    renderMail,
    enqueue,
    enqueueSaveAndContinueLater: (mail, tx) => {
      const template = 'SAVE_AND_CONTINUE_LATER';
      return inTransaction(tx, async (executor) => {
        await assertWithinSendLimits(
          executor,
          repository,
          { template, processId: mail.params.processId, to: mail.to, personKey: mail.personKey },
          saveAndContinueLaterLimits,
        );
        return enqueue(
          {
            to: mail.to,
            template,
            language: mail.language,
            processId: mail.params.processId,
            personKey: mail.personKey,
            params: {
              representativeName: mail.params.representativeName,
              businessName: shownBusinessName(mail.params),
              applicationNumber: mail.params.applicationNumber,
              isIdCardOffered: dependencies.isIdCardSignInOffered ?? true,
              link: links.continueLater(mail.params.processId, mail.language),
              supportEmail: config.brand.support.email,
              supportPhone: config.brand.support.phone,
            },
          },
          executor,
        );
      });
    },
    enqueueEmailConfirmationCode: (mail, tx) => {
      const template = 'EMAIL_CONFIRMATION_CODE';
      return inTransaction(tx, async (executor) => {
        await assertWithinSendLimits(executor, repository, { template, to: mail.to, personKey: mail.personKey }, confirmationCodeLimits);
        return enqueue(
          {
            to: mail.to,
            template,
            language: mail.language,
            personKey: mail.personKey,
            params: { ...mail.params, supportEmail: config.brand.support.email, supportPhone: config.brand.support.phone },
          },
          executor,
        );
      });
    },
    enqueueApplicationSubmitted: (mail, tx) => {
      const { companySource, discrepancies, ...params } = mail.params;
      return enqueue(
        {
          to: mail.to,
          template: 'APPLICATION_SUBMITTED',
          language: mail.language,
          processId: mail.processId,
          attachmentKey: mail.signingSessionId,
          params: {
            ...params,
            businessName: shownBusinessName(mail.params),
            // Declared values are the applicant's words too; the register has nothing to hold them against anyway.
            ...(companySource === 'MANUAL' ? {} : { discrepancies }),
            link: links.statusPage(mail.processId, mail.language),
            supportEmail: config.brand.support.email,
            supportPhone: config.brand.support.phone,
          },
        },
        tx,
      );
    },
    enqueueServiceFeeInvoice: (mail, tx) =>
      enqueue(
        {
          to: mail.to,
          template: 'SERVICE_FEE_INVOICE',
          language: mail.language,
          processId: mail.processId,
          params: {
            representativeName: mail.params.representativeName,
            applicationNumber: mail.params.applicationNumber,
            businessName: shownBusinessName(mail.params),
            amountCents: mail.params.invoice.amountCents,
            dueDate: mail.params.invoice.dueDate,
            payeeName: mail.params.invoice.payee.name,
            payeeIban: mail.params.invoice.payee.iban,
            paymentReference: paymentReferenceOf(mail.params.applicationNumber),
            link: links.statusPage(mail.processId, mail.language),
            supportEmail: config.brand.support.email,
            supportPhone: config.brand.support.phone,
          },
        },
        tx,
      ),
    enqueueDecisionRecorded: (mail, tx) => {
      const template = 'DECISION_RECORDED';
      return inTransaction(tx, async (executor) => {
        await assertWithinSendLimits(executor, repository, { template, processId: mail.processId, to: mail.to }, decisionLimits);
        return enqueue(
          {
            to: mail.to,
            template,
            language: mail.language,
            processId: mail.processId,
            params: {
              representativeName: mail.params.representativeName,
              applicationNumber: mail.params.applicationNumber,
              businessName: shownBusinessName(mail.params),
              decision: mail.decision,
              link: links.statusPage(mail.processId, mail.language),
              supportEmail: config.brand.support.email,
              supportPhone: config.brand.support.phone,
            },
          },
          executor,
        );
      });
    },
    enqueueCoSigningInvitation: (mail, tx) => enqueueInvitation('CO_SIGNING_INVITATION', mail, tx),
    enqueueDetailsRequest: (mail, tx) => enqueueInvitation('DETAILS_REQUEST', mail, tx),
    invitationLink: links.invitation,
    statusPageLink: links.statusPage,
    attachToTemplate(template, provider) {
      attachmentProviders.set(template, [...(attachmentProviders.get(template) ?? []), provider]);
    },
    continueLaterLink: links.continueLater,
    devMailboxRoutes: createDevMailboxRoutes(repository),
  };
}
