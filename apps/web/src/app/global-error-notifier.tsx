import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Modal, useToast } from '../ui';
import { clearGlobalError, onGlobalToast, readGlobalErrorState, subscribeToGlobalErrorState } from './global-errors';
import { readPageSettings } from '../lib/page-settings';
import { SupportContacts } from '../lib/support-contacts';

/** Shows the global API errors of global-errors.ts: the toasts and the global error dialog. */
export function GlobalErrorNotifier() {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const { isDialogOpen } = useSyncExternalStore(subscribeToGlobalErrorState, readGlobalErrorState, readGlobalErrorState);

  useEffect(
    () =>
      onGlobalToast((toast) => {
        if (toast === 'network') {
          showToast({ variant: 'error', title: t('TOASTS.NETWORK_ERROR.TITLE'), message: t('TOASTS.NETWORK_ERROR.MESSAGE') });
          return;
        }
        const { supportEmail, supportPhone } = readPageSettings();
        showToast({
          variant: 'error',
          title: t('ERRORS.GENERAL.TITLE'),
          message: supportEmail
            ? t('ERRORS.GENERAL.TOAST_MESSAGE', { email: supportEmail, phone: supportPhone })
            : t('ERRORS.GENERAL.MESSAGE_WITHOUT_CONTACTS'),
        });
      }),
    [showToast, t],
  );

  return (
    <Modal
      isOpen={isDialogOpen}
      onClose={clearGlobalError}
      role="alertdialog"
      size="small"
      title={t('ERRORS.GENERAL.TITLE')}
      description={readPageSettings().supportEmail ? <SupportContacts i18nKey="ERRORS.GENERAL.MESSAGE" /> : t('ERRORS.GENERAL.MESSAGE_WITHOUT_CONTACTS')}
      footer={
        <Button variant="primary" onClick={clearGlobalError}>
          {t('ERRORS.DIALOG.CLOSE')}
        </Button>
      }
    />
  );
}
