import { useId, useState } from 'react';

export type FieldStateOptions = {
  id?: string;
  hasHint: boolean;
  error?: string;
  /**
   * Plug react-hook-form in here: `fieldState.isTouched || formState.isSubmitted`
   * (RHF marks a field touched only on blur, so a submit must reveal the rest).
   * Left undefined, the field tracks its own blur.
   */
  isTouched?: boolean;
  /** Extra ids the caller wants read with the field. */
  describedBy?: string;
};

/** docs/requirements.md section 2: inputs show their error only after being touched. */
export function useField({ id, hasHint, error, isTouched, describedBy }: FieldStateOptions) {
  const generatedId = useId();
  const fieldId = id ?? generatedId;
  const hintId = `${fieldId}-hint`;
  const errorId = `${fieldId}-error`;
  const [wasBlurred, setWasBlurred] = useState(false);
  const isErrorShown = Boolean(error) && (isTouched ?? wasBlurred);
  const ariaDescribedBy = [describedBy, hasHint && hintId, isErrorShown && errorId].filter(Boolean).join(' ') || undefined;

  return {
    fieldId,
    hintId,
    errorId,
    isErrorShown,
    ariaDescribedBy,
    markTouched: () => setWasBlurred(true),
  };
}
