import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TOAST_DURATION_MS, ToastContext, type ToastApi, type ToastOptions, type ToastVariant } from './toast-context';
import { ToastItem } from './toast-item';
import styles from './toast.module.css';

type Toast = { id: string; variant: ToastVariant; title: string; message?: string; duration: number | null };

// Older toasts give way so a burst of errors cannot cover the page.
const MAX_VISIBLE_TOASTS = 4;

let nextToastId = 0;

export function ToastProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [toasts, setToasts] = useState<Toast[]>([]);

  const dismissToast = useCallback((id: string) => {
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  const showToast = useCallback(({ variant = 'info', title, message, duration = TOAST_DURATION_MS }: ToastOptions) => {
    nextToastId += 1;
    const id = `toast-${nextToastId}`;
    setToasts((current) => [...current, { id, variant, title, message, duration }].slice(-MAX_VISIBLE_TOASTS));
    return id;
  }, []);

  const api = useMemo<ToastApi>(() => ({ showToast, dismissToast }), [showToast, dismissToast]);

  const renderToasts = (isUrgent: boolean) =>
    toasts
      .filter((toast) => (toast.variant === 'error') === isUrgent)
      .map((toast) => (
        <ToastItem
          key={toast.id}
          variant={toast.variant}
          title={toast.title}
          message={toast.message}
          duration={toast.duration}
          onDismiss={() => dismissToast(toast.id)}
        />
      ));

  return (
    <ToastContext value={api}>
      {children}
      {/*
        Both live regions are always in the page: screen readers announce only
        changes inside regions they already know. Errors interrupt, the rest wait.
      */}
      <section aria-label={t('UI.NOTIFICATIONS')} className={styles.viewport}>
        <div aria-live="polite" aria-relevant="additions" className={styles.stack}>
          {renderToasts(false)}
        </div>
        <div aria-live="assertive" aria-relevant="additions" className={styles.stack}>
          {renderToasts(true)}
        </div>
      </section>
    </ToastContext>
  );
}
