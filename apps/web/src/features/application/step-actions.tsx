import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../lib/paths';
import { Button } from '../../ui';
import { useApplicationLayout } from './application-context';
import { STEP_SCREENS } from './application-steps';
import styles from './application-layout.module.css';

export type StepActionsProps = {
  /** Without formId, Continue calls this; with it, Continue submits that form. */
  onContinue?: () => void;
  formId?: string;
  isContinuing?: boolean;
  /** Continue has done its work (the overview's signing is open below): only Back is left. */
  isContinueHidden?: boolean;
};

/** The Back and Continue buttons of a step screen. Back opens the previous step, or the company choice from the first. */
export function StepActions({ onContinue, formId, isContinuing = false, isContinueHidden = false }: StepActionsProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { stepScreen } = useApplicationLayout();
  const index = STEP_SCREENS.indexOf(stepScreen);
  const previous = index > 0 ? STEP_SCREENS[index - 1]?.path : undefined;

  return (
    <div className={styles.stepActions}>
      <Button variant="secondary" leadingIcon="arrowLeft" onClick={() => void navigate(previous ?? paths.chooseCompany)}>
        {t('APPLICATION.ACTIONS.BACK')}
      </Button>
      {!isContinueHidden && (
        <Button
          type={formId ? 'submit' : 'button'}
          form={formId}
          trailingIcon="chevronRight"
          isLoading={isContinuing}
          onClick={formId ? undefined : onContinue}
          // Pressing the mouse would first blur the field being edited; an error shown on that blur moves the
          // button before the mouse is released and the click is lost. Continue validates everything anyway.
          onMouseDown={(event) => event.preventDefault()}
        >
          {t('APPLICATION.ACTIONS.CONTINUE')}
        </Button>
      )}
    </div>
  );
}
