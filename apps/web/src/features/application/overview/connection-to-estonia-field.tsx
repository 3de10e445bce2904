import { CONNECTIONS_TO_ESTONIA } from '@onboarding/domain';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CheckboxGroup, Input } from '../../../ui';
import formStyles from '../fields/step-form.module.css';
import type { OverviewFormValues } from './overview-form-values';
import { useFieldMessages } from '../../../lib/fields/use-field-messages';

const CONNECTION = 'APPLICATION.OVERVIEW.CONNECTION';

/** The company's connection to Estonia (docs/requirements.md section 3 "Overview"); OTHER asks for a description. */
export function ConnectionToEstoniaField() {
  const { t } = useTranslation();
  const { control, register } = useFormContext<OverviewFormValues>();
  const messages = useFieldMessages<OverviewFormValues>();
  const connections = useWatch({ control, name: 'connectionToEstonia' });

  return (
    <div className={formStyles.options}>
      <Controller
        control={control}
        name="connectionToEstonia"
        render={({ field }) => (
          <CheckboxGroup
            ref={field.ref}
            legend={t(`${CONNECTION}.LEGEND`)}
            hint={t(`${CONNECTION}.HINT`)}
            options={CONNECTIONS_TO_ESTONIA.map((connection) => ({ value: connection, label: t(`${CONNECTION}.OPTIONS.${connection}`) }))}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            {...messages('connectionToEstonia')}
          />
        )}
      />
      {connections.includes('OTHER') && (
        <Input
          className={formStyles.revealed}
          label={t(`${CONNECTION}.OTHER_LABEL`)}
          {...messages('connectionToEstoniaOther')}
          {...register('connectionToEstoniaOther')}
        />
      )}
    </div>
  );
}
