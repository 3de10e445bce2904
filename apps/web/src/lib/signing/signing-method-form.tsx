import { useEffect, useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyFieldIssues } from '../form-errors';
import { RegisterUnavailableNotice } from '../register-unavailable';
import { validationMessage } from '../domain-resolver';
import { Button, Icon, Input, RadioGroup, type IconName } from '../../ui';
import { useSignedInPerson } from '../use-signed-in-person';
import { useRepresentative } from '../representative';
import { ContractPreview } from './contract-preview';
import { signingChoiceResolver, signingMethodsFor, type SigningChoiceValues } from './signing-choice';
import type { SigningRequest, StartError } from './use-signing';
import styles from './signing.module.css';

const SIGNING = 'APPLICATION.SIGNING';
const METHOD_ICONS: Record<SigningChoiceValues['method'], IconName> = { SMART_ID: 'smartId', MOBILE_ID: 'mobileId', ID_CARD: 'idCard' };
const START_ERROR_KEYS = {
  notReady: `${SIGNING}.START_ERRORS.NOT_READY`,
  network: `${SIGNING}.START_ERRORS.NETWORK`,
  failed: `${SIGNING}.START_ERRORS.FAILED`,
} as const;

export type SigningMethodFormProps = {
  /** The application whose contract is signed: its PDF is offered to read first. */
  processId: string;
  /** Say that the answers above cannot change while signing (the overview). */
  locksAnswers: boolean;
  /** The last choice, so trying another method keeps the number typed. */
  initialRequest: SigningRequest | null;
  isStarting: boolean;
  startError?: StartError;
  onStart: (request: SigningRequest) => void;
};

/**
 * The signing method: Smart-ID, Mobile-ID with the phone number (prefilled
 * with the number of a Mobile-ID sign-in, else from the personal information,
 * validated by the domain phone rule), or the ID-card. The method the person
 * signed in with comes first and is chosen. Signing by Smart-ID is for the
 * signed-in person's own account, so it asks nothing more.
 */
export function SigningMethodForm({ processId, locksAnswers, initialRequest, isStarting, startError, onStart }: SigningMethodFormProps) {
  const { t } = useTranslation();
  const representative = useRepresentative();
  const person = useSignedInPerson();
  const signInMethod = person?.authenticationMethod;
  const methods = useMemo(() => signingMethodsFor(signInMethod), [signInMethod]);
  // Mobile-ID confirmed this number with the person's code at sign-in: it is the one to sign with.
  const signInPhone = signInMethod === 'MOBILE_ID' ? person?.phoneNumber : undefined;
  const { control, register, handleSubmit, setError, setFocus, setValue, getFieldState, formState } = useForm<SigningChoiceValues, unknown, SigningRequest>({
    resolver: signingChoiceResolver,
    mode: 'onTouched',
    defaultValues: {
      method: initialRequest?.method ?? methods[0],
      phoneNumber: initialRequest?.method === 'MOBILE_ID' ? initialRequest.phoneNumber : (signInPhone ?? ''),
    },
  });
  const { errors, touchedFields, isSubmitted } = formState;
  const method = useWatch({ control, name: 'method' });

  // The saved number arrives after the form: it fills the field unless the person has typed there or signed in with a number.
  const phone = signInPhone ? undefined : representative.data?.phone;
  useEffect(() => {
    if (phone && !getFieldState('phoneNumber').isDirty && initialRequest?.method !== 'MOBILE_ID') setValue('phoneNumber', phone);
  }, [phone, getFieldState, setValue, initialRequest]);

  // The server re-validates the number (400 with fields): its verdict goes on the field.
  const invalidFields = startError?.kind === 'invalid' ? startError.fields : null;
  useEffect(() => {
    if (invalidFields) applyFieldIssues(invalidFields, setError, setFocus, ['phoneNumber']);
  }, [invalidFields, setError, setFocus]);
  const isInvalidElsewhere = invalidFields !== null && !invalidFields.some((field) => field.path === 'phoneNumber');
  const isRegisterSilent = startError?.kind === 'registerUnavailable';
  const errorKey =
    startError && startError.kind !== 'invalid' && startError.kind !== 'registerUnavailable'
      ? START_ERROR_KEYS[startError.kind]
      : isInvalidElsewhere
        ? START_ERROR_KEYS.failed
        : null;

  return (
    <form className={styles.methodForm} noValidate onSubmit={(event) => void handleSubmit(onStart)(event)}>
      <Controller
        control={control}
        name="method"
        render={({ field }) => (
          <RadioGroup
            ref={field.ref}
            legend={t(`${SIGNING}.METHODS_LABEL`)}
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            options={methods.map((value) => ({
              value,
              label: (
                <span className={styles.methodLabel}>
                  <Icon name={METHOD_ICONS[value]} size="medium-light" />
                  {t(`${SIGNING}.METHOD.${value}`)}
                </span>
              ),
              hint: t(`${SIGNING}.METHOD_HINT.${value}`),
            }))}
          />
        )}
      />
      {method === 'MOBILE_ID' && (
        <Input
          label={t(`${SIGNING}.PHONE_LABEL`)}
          hint={t(`${SIGNING}.PHONE_HINT`)}
          type="tel"
          autoComplete="tel"
          className={styles.phone}
          error={validationMessage(t, errors.phoneNumber)}
          isTouched={Boolean(touchedFields.phoneNumber) || isSubmitted}
          {...register('phoneNumber')}
        />
      )}
      <div role="alert" className={styles.startError}>
        {errorKey && <p>{t(errorKey)}</p>}
        {/* Trying again starts signing with the same choice, once the register answers. */}
        {isRegisterSilent && <RegisterUnavailableNotice isAlert={false} onRetry={() => void handleSubmit(onStart)()} isRetrying={isStarting} />}
      </div>
      <ContractPreview processId={processId} />
      {locksAnswers && <p className={styles.lockedNotice}>{t(`${SIGNING}.LOCKED_NOTICE`)}</p>}
      <Button type="submit" className={styles.submit} isLoading={isStarting}>
        {t(`${SIGNING}.SUBMIT`)}
      </Button>
    </form>
  );
}
