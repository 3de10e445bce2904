import { useEffect, useEffectEvent, useState, type RefObject } from 'react';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { focusFirstInvalid } from '../../../lib/fields/focus-first-invalid';
import { formPathOf } from '../../../lib/person-fields/own-details-values';
import type { PersonFieldIssue } from './violations';

export type ModalFormFeedbackOptions = {
  /** "Complete the details": every message shows at once, as after Save. */
  isRevealed: boolean;
  /** What the server said about this person on Continue; shown on its fields from the start. */
  serverIssues: readonly PersonFieldIssue[];
};

/**
 * What the person form shows beyond the user's own typing: on opening, the
 * missing details (when asked to complete them) and the server's errors on
 * their fields; after a refused Save, focus on the first invalid field.
 */
export function useModalFormFeedback<T extends FieldValues>(
  form: UseFormReturn<T, unknown, T>,
  formRef: RefObject<HTMLFormElement | null>,
  { isRevealed, serverIssues }: ModalFormFeedbackOptions,
) {
  const [focusRequest, setFocusRequest] = useState(0);

  useEffect(() => {
    if (focusRequest > 0) focusFirstInvalid(formRef.current);
  }, [focusRequest, formRef]);

  /** True when there is something to show, so the first invalid field should take focus. */
  const showOnOpen = useEffectEvent(async (): Promise<boolean> => {
    if (!isRevealed && serverIssues.length === 0) return false;
    // Validating as Save does marks the form submitted, which shows every message
    // (docs/requirements.md section 2).
    if (isRevealed)
      await form.handleSubmit(
        () => undefined,
        () => undefined,
      )();
    for (const issue of serverIssues) {
      const path = formPathOf(issue.path) as FieldPath<T>;
      const value: unknown = form.getValues(path);
      if (value === undefined) continue;
      // A server error is shown at once: the field counts as touched.
      form.setValue(path, value as never, { shouldTouch: true });
      const types = Object.fromEntries(Object.entries(issue.params).map(([key, param]) => [key, String(param)]));
      form.setError(path, { type: issue.code, message: issue.code, types });
    }
    return true;
  });

  useEffect(() => {
    void showOnOpen().then((isShown) => {
      if (isShown) setFocusRequest((count) => count + 1);
    });
  }, []);

  return { focusFirstInvalid: () => setFocusRequest((count) => count + 1) };
}

/** Tells `onChange` the form's values on every change (typing, a choice, an autofill), not on opening. */
export function useValuesChange<T extends FieldValues>(form: UseFormReturn<T, unknown, T>, onChange: (values: Record<string, unknown>) => void) {
  const notify = useEffectEvent(() => onChange(form.getValues()));
  useEffect(() => {
    const subscription = form.watch(() => notify());
    return () => subscription.unsubscribe();
  }, [form]);
}
