import { DEFAULT_COUNTRY_CODE, cleanRegistryCode, isValidPersonalId, isValidRegistryCode } from '@onboarding/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useWatch, type FieldPath, type UseFormReturn } from 'react-hook-form';
import { isRegisterUnavailable } from '../../../lib/register-unavailable';
import { registerCardQueryOptions } from '../api/register-card';
import { registerPersonQueryOptions } from './api/register-person';
import type { LegalEntityFormValues, PrivatePersonFormValues } from './person-form-values';

/** How long typing must pause before the register is asked. */
export const LOOKUP_DELAY_MS = 400;

/** Runs the latest scheduled lookup once typing pauses; leaving the form cancels it. */
function useDebouncedLookup() {
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return {
    schedule: (lookUp: () => Promise<void>) => {
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => void lookUp(), LOOKUP_DELAY_MS);
    },
    cancel: () => window.clearTimeout(timer.current),
  };
}

type PersonForm = UseFormReturn<PrivatePersonFormValues, unknown, PrivatePersonFormValues>;
type EntityForm = UseFormReturn<LegalEntityFormValues, unknown, LegalEntityFormValues>;

/** Fills the fields still empty; true when any was. What the user typed is never replaced. */
function fillEmpty<T extends PrivatePersonFormValues | LegalEntityFormValues>(
  form: UseFormReturn<T, unknown, T>,
  found: Partial<Record<FieldPath<T>, string>>,
): boolean {
  let isFilled = false;
  for (const [name, value] of Object.entries(found) as [FieldPath<T>, string | undefined][]) {
    if (!value || form.getValues(name) !== '') continue;
    form.setValue(name, value as never, { shouldDirty: true, shouldValidate: true });
    isFilled = true;
  }
  return isFilled;
}

/**
 * docs/requirements.md section 5, auto-fill: a valid Estonian personal ID the
 * population register knows fills the person's empty name, birth date,
 * nationality, residency and country of residence. An unknown ID fills nothing
 * and says nothing. `isFilled` holds while the ID that filled them is in the
 * field.
 */
export function usePopulationRegisterAutofill(form: PersonForm) {
  const queryClient = useQueryClient();
  const { schedule, cancel } = useDebouncedLookup();
  const [filledFor, setFilledFor] = useState<string | null>(null);
  const personalId = useWatch({ control: form.control, name: 'personalId' });

  const lookUp = () => {
    const { personalId: typed, personalIdCountryCode } = form.getValues();
    const code = typed.trim();
    if (personalIdCountryCode !== DEFAULT_COUNTRY_CODE || !isValidPersonalId(code)) {
      cancel();
      return;
    }
    schedule(async () => {
      try {
        const found = await queryClient.fetchQuery(registerPersonQueryOptions(code));
        // An answer about an ID the user has since changed fills nothing.
        if (form.getValues('personalId').trim() !== code) return;
        const isFilled = fillEmpty(form, {
          firstName: found.firstName,
          lastName: found.lastName,
          birthDate: found.birthDate,
          nationalityCountryCode: found.nationalityCountryCode,
          residency: found.residency,
          residentialCountryCode: found.residentialCountryCode,
        });
        if (isFilled) setFilledFor(code);
      } catch {
        // Not in the register, or it could not be asked: the user fills the fields in.
      }
    });
  };

  return { lookUp, isFilled: filledFor !== null && filledFor === personalId.trim() };
}

/**
 * The same for a legal entity: an Estonian registry code the business register knows fills an empty business name.
 * A register that does not answer is not a code it does not know: `isUnavailable` holds while that code is in the
 * field, `retry` asks again, and the name may be typed meanwhile.
 */
export function useBusinessRegisterAutofill(form: EntityForm) {
  const queryClient = useQueryClient();
  const { schedule, cancel } = useDebouncedLookup();
  const [filledFor, setFilledFor] = useState<string | null>(null);
  const [unavailableFor, setUnavailableFor] = useState<string | null>(null);
  const [isRetrying, setIsRetrying] = useState(false);
  const registryCode = useWatch({ control: form.control, name: 'registryCode' });

  const ask = async (code: string) => {
    try {
      const found = await queryClient.fetchQuery(registerCardQueryOptions({ registryCode: code, registryCountryCode: DEFAULT_COUNTRY_CODE }));
      setUnavailableFor(null);
      if (cleanRegistryCode(form.getValues('registryCode')) !== code) return;
      if (fillEmpty(form, { businessName: found.businessName })) setFilledFor(code);
    } catch (error) {
      // Not in the register: the user types the name. Not answering: said beside the field, with a retry.
      setUnavailableFor(isRegisterUnavailable(error) ? code : null);
    }
  };

  const lookUp = () => {
    const { registryCode: typed, registryCountryCode } = form.getValues();
    if (registryCountryCode !== DEFAULT_COUNTRY_CODE || !isValidRegistryCode(typed)) {
      cancel();
      return;
    }
    const code = cleanRegistryCode(typed);
    schedule(() => ask(code));
  };

  const retry = async () => {
    if (unavailableFor === null) return;
    setIsRetrying(true);
    try {
      await ask(unavailableFor);
    } finally {
      setIsRetrying(false);
    }
  };

  const typedCode = cleanRegistryCode(registryCode);
  return {
    lookUp,
    isFilled: filledFor !== null && filledFor === typedCode,
    isUnavailable: unavailableFor !== null && unavailableFor === typedCode,
    isRetrying,
    retry,
  };
}
