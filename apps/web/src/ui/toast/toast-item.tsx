import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../button';
import { cx } from '../class-names';
import { Icon, type IconName } from '../icon';
import type { ToastVariant } from './toast-context';
import styles from './toast.module.css';

export type ToastItemProps = {
  variant: ToastVariant;
  title: string;
  message?: string;
  duration: number | null;
  onDismiss: () => void;
};

const variantIcon: Record<ToastVariant, IconName> = { success: 'checkCircle', error: 'error', info: 'infoCircle' };
const variantClass: Record<ToastVariant, string | undefined> = { success: styles.success, error: styles.error, info: styles.info };

export function ToastItem({ variant, title, message, duration, onDismiss }: ToastItemProps) {
  const { t } = useTranslation();
  const [isHovered, setIsHovered] = useState(false);
  const [isFocused, setIsFocused] = useState(false);
  const isPaused = isHovered || isFocused;
  const dismiss = useEffectEvent(onDismiss);
  const toastRef = useRef<HTMLDivElement>(null);

  // Native listeners: pausing on hover or focus is not an interaction of the container itself.
  useEffect(() => {
    const toast = toastRef.current;
    if (!toast) return;
    const onPointerEnter = () => setIsHovered(true);
    const onPointerLeave = () => setIsHovered(false);
    const onFocusIn = () => setIsFocused(true);
    const onFocusOut = (event: FocusEvent) => {
      if (!(event.relatedTarget instanceof Node && toast.contains(event.relatedTarget))) setIsFocused(false);
    };
    toast.addEventListener('pointerenter', onPointerEnter);
    toast.addEventListener('pointerleave', onPointerLeave);
    toast.addEventListener('focusin', onFocusIn);
    toast.addEventListener('focusout', onFocusOut);
    return () => {
      toast.removeEventListener('pointerenter', onPointerEnter);
      toast.removeEventListener('pointerleave', onPointerLeave);
      toast.removeEventListener('focusin', onFocusIn);
      toast.removeEventListener('focusout', onFocusOut);
    };
  }, []);

  // A pause restarts the full duration, so a reader who looked away gets the whole time again.
  useEffect(() => {
    if (duration === null || isPaused) return;
    const timer = window.setTimeout(dismiss, duration);
    return () => window.clearTimeout(timer);
  }, [duration, isPaused]);

  return (
    <div ref={toastRef} className={cx(styles.toast, variantClass[variant])}>
      <Icon name={variantIcon[variant]} className={styles.icon} />
      <div className={styles.text}>
        <p className={styles.title}>{title}</p>
        {message !== undefined && <p className={styles.message}>{message}</p>}
      </div>
      <Button variant="grayNoPadding" aria-label={t('UI.CLOSE_NOTIFICATION')} className={styles.close} onClick={onDismiss}>
        <Icon name="close" size="medium-light" />
      </Button>
    </div>
  );
}
