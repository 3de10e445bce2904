import type { FieldIssue } from '@onboarding/domain';
import type { FieldValues, Path, UseFormSetError, UseFormSetFocus } from 'react-hook-form';
import { signInFlow, type SignInFlow } from './sign-in-flow';

/** After a start: input the server rejected goes back onto the form's fields, the first one focused. */
export function applyServerFieldErrors<T extends FieldValues>(setError: UseFormSetError<T>, setFocus: UseFormSetFocus<T>, flow: SignInFlow = signInFlow): void {
  const state = flow.getState();
  if (state.status !== 'failed' || state.outcome.kind !== 'invalid') return;
  const { fields } = state.outcome;
  flow.reset();
  fields.forEach((field: FieldIssue) => {
    const types = Object.fromEntries(Object.entries(field.params).map(([key, value]) => [key, String(value)]));
    setError(field.path as Path<T>, { type: field.code, message: field.code, types });
  });
  const first = fields[0];
  if (first) setFocus(first.path as Path<T>);
}
