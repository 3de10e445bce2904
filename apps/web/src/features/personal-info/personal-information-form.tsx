import { DEFAULT_LOCALE, LOCALES, personalInformationSchema, type Locale, type Representative } from '@onboarding/domain';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { paths } from '../../lib/paths';
import { useSignedInPerson } from '../../lib/use-signed-in-person';
import { ApiError } from '../../lib/api-errors';
import { domainResolver, validationMessage } from '../../lib/domain-resolver';
import { applyFieldIssues } from '../../lib/form-errors';
import { Button, Checkbox, Input } from '../../ui';
import { retryAtOf } from '../../lib/rate-limit';
import { useSendEmailConfirmationCode } from './api/email-confirmation';
import { useSavePersonalInformation } from './api/save-personal-information';
import type { CodeRequest } from './email-confirmation-form';
import styles from './personal-information-page.module.css';

// The language is not asked for: it is the language the user is reading the page in.
const formSchema = personalInformationSchema.omit({ language: true });
type FormInput = z.input<typeof formSchema>;
const FIELD_NAMES = ['email', 'phone', 'hasConsentedToRegistryQueries'] as const;

export function currentLocale(language: string | undefined): Locale {
  return LOCALES.find((locale) => locale === language) ?? DEFAULT_LOCALE;
}

type Props = {
  representative: Representative | undefined;
  /** The address is saved but not confirmed: a code was asked for it (or refused until `retryAt`). */
  onConfirmationNeeded: (request: CodeRequest) => void;
};

export function PersonalInformationForm({ representative, onConfirmationNeeded }: Props) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const save = useSavePersonalInformation();
  const sendCode = useSendEmailConfirmationCode();
  // A Mobile-ID sign-in's number is the person's own (Mobile-ID confirmed it): offered until another is saved.
  const signInPhone = useSignedInPerson()?.phoneNumber;
  const { register, handleSubmit, setError, setFocus, formState } = useForm<FormInput, unknown, z.output<typeof formSchema>>({
    resolver: domainResolver(formSchema),
    mode: 'onTouched',
    defaultValues: {
      email: representative?.email ?? '',
      phone: representative?.phone ?? signInPhone ?? '',
      hasConsentedToRegistryQueries: representative?.hasConsentedToRegistryQueries ?? false,
    },
  });
  const { errors, touchedFields, isSubmitted, isSubmitting } = formState;
  const language = currentLocale(i18n.resolvedLanguage);

  const onSubmit = handleSubmit(async (values) => {
    let saved: Representative;
    try {
      saved = await save.mutateAsync({ ...values, language });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'VALIDATION_FAILED') applyFieldIssues(error.fields, setError, setFocus, FIELD_NAMES);
      return;
    }
    // The bank writes only to a confirmed address: a new one (or one saved before confirmation existed) gets a code.
    if (!saved.isEmailConfirmed && saved.email) {
      const email = saved.email;
      try {
        onConfirmationNeeded(await sendCode.mutateAsync());
        return;
      } catch (error) {
        const retryAt = retryAtOf(error);
        if (retryAt !== undefined) return onConfirmationNeeded({ email, retryAt });
        // CONFLICT: confirmed meanwhile; go on. Anything else the error toast has told.
        if (!(error instanceof ApiError && error.code === 'CONFLICT')) return;
      }
    }
    await navigate(paths.chooseCompany);
  });

  return (
    <form className={styles.form} noValidate onSubmit={(event) => void onSubmit(event)}>
      <Input
        label={t('PERSONAL_INFORMATION.EMAIL_LABEL')}
        type="email"
        autoComplete="email"
        error={validationMessage(t, errors.email)}
        isTouched={Boolean(touchedFields.email) || isSubmitted}
        {...register('email')}
      />
      <Input
        label={t('PERSONAL_INFORMATION.PHONE_LABEL')}
        hint={t('PERSONAL_INFORMATION.PHONE_HINT')}
        type="tel"
        autoComplete="tel"
        error={validationMessage(t, errors.phone)}
        isTouched={Boolean(touchedFields.phone) || isSubmitted}
        {...register('phone')}
      />
      <Checkbox
        label={t('PERSONAL_INFORMATION.CONSENT_LABEL')}
        error={validationMessage(t, errors.hasConsentedToRegistryQueries)}
        isTouched={Boolean(touchedFields.hasConsentedToRegistryQueries) || isSubmitted}
        {...register('hasConsentedToRegistryQueries')}
      />
      <p className={styles.note}>{t('PERSONAL_INFORMATION.LANGUAGE_NOTE', { language: t(`LANGUAGES.${language}`) })}</p>
      <Button type="submit" width="full" isLoading={isSubmitting}>
        {t('PERSONAL_INFORMATION.CONTINUE')}
      </Button>
    </form>
  );
}
