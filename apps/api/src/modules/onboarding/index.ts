/**
 * The onboarding module's entry: what the other modules may use of it. The applications are the onboarding module's;
 * the others ask through `Applications` and change one only by handing a transition of the flow to its write path.
 */
export type { OnboardingModule } from './plugin.js';
export type { Applications } from './applications-port.js';
export type { ApplicationRow, PersonKey, RepresentativeRow } from './rows.js';
export type { SubmittedPageQuery, SubmittedSummaryRow } from './submitted-repository.js';
export {
  applicantSigned,
  applicationSubmitted,
  coSigned,
  decisionRecorded,
  invitationEnded,
  ownDetailsGiven,
  detailsGiven,
  invitationSent,
  reopenableInStepOrder,
  type ChangeSource,
  type DecisionFacts,
  type DecisionMail,
  type Signer,
  type SubmissionInput,
  type Transition,
} from './flow/transitions.js';
export { companySourceOf, confirmedEmailOf, personKeyOf } from './mail-recipient.js';
export { actorOf } from './user.js';
export { registerOf, toApplicationView } from './application-view.js';
export { invoiceOfDecision, serviceFeeInvoiceOf } from './service-fee-invoice.js';
