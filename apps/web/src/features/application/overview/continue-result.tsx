import type { Review } from './api/review';
import { MissingSteps } from './missing-steps';
import { ReadyToSign } from './ready-to-sign';

export type ContinueResultProps = {
  review: Review;
  isForCurrentValues: boolean;
  /** Signing may be running: the form above must keep its answers (see OverviewForm). */
  onSigningActiveChange: (isActive: boolean) => void;
};

/**
 * What Continue found: the steps still missing, or the way to signing.
 * Signing is offered only for what was saved: a change after Continue asks for Continue again.
 */
export function ContinueResult({ review, isForCurrentValues, onSigningActiveChange }: ContinueResultProps) {
  if (!review.isComplete) return <MissingSteps steps={review.steps.filter((step) => !step.isComplete)} />;
  return isForCurrentValues ? <ReadyToSign onSigningActiveChange={onSigningActiveChange} /> : null;
}
