import { MODAL_FADE_IN_MS, MODAL_FADE_OUT_MS } from '@onboarding/domain';
import { useEffect, useEffectEvent, useId, useRef, useState, type CSSProperties, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Button } from '../button';
import { cx } from '../class-names';
import { Icon } from '../icon';
import styles from './modal.module.css';
import { getTabbables, trapTabKey } from './tabbable';
import { useBodyScrollLock } from './use-body-scroll-lock';

export const MODAL_SIZES = ['small', 'medium', 'large'] as const;
export const MODAL_PADDINGS = ['default', 'small'] as const;
export type ModalSize = (typeof MODAL_SIZES)[number];
export type ModalPadding = (typeof MODAL_PADDINGS)[number];

export type ModalProps = {
  isOpen: boolean;
  /** Asked for by the close button, Escape and a backdrop click; the parent then sets isOpen to false. */
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Actions, laid out at the end of the dialog. */
  footer?: ReactNode;
  /** The maximum width on a wide screen; below SM (600px) a medium or large modal takes the whole screen. */
  size?: ModalSize;
  padding?: ModalPadding;
  /** docs/requirements.md section 9: closable by default. A non-closable modal must offer its own way out in the footer. */
  isClosable?: boolean;
  /** 'alertdialog' for interruptions that need an answer, such as the session-timeout warning. */
  role?: 'dialog' | 'alertdialog';
  /** Where focus goes on open; otherwise the first focusable element of the content. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** After the fade-out, once the modal has left the page. */
  onExited?: () => void;
  className?: string;
};

const sizeClass: Record<ModalSize, string | undefined> = {
  small: styles.sizeSmall,
  medium: styles.sizeMedium,
  large: styles.sizeLarge,
};

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

export function Modal(props: ModalProps) {
  const { isOpen, onExited } = props;
  // Stays true through the fade-out, so the closing modal is still on screen.
  const [isMounted, setIsMounted] = useState(isOpen);
  const [previousIsOpen, setPreviousIsOpen] = useState(isOpen);
  if (isOpen !== previousIsOpen) {
    setPreviousIsOpen(isOpen);
    if (isOpen) setIsMounted(true);
  }

  const notifyExited = useEffectEvent(() => onExited?.());

  useEffect(() => {
    if (isOpen || !isMounted) return;
    const timer = window.setTimeout(
      () => {
        setIsMounted(false);
        notifyExited();
      },
      prefersReducedMotion() ? 0 : MODAL_FADE_OUT_MS,
    );
    return () => window.clearTimeout(timer);
  }, [isOpen, isMounted]);

  if (!isMounted) return null;
  return createPortal(<ModalDialog {...props} isClosing={!isOpen} />, document.body);
}

// Open modals, innermost last: only the top one answers Escape and keeps focus.
const modalStack: symbol[] = [];

function ModalDialog({
  isClosing,
  onClose,
  title,
  description,
  children,
  footer,
  size = 'medium',
  padding = 'default',
  isClosable = true,
  role = 'dialog',
  initialFocusRef,
  className,
}: ModalProps & { isClosing: boolean }) {
  const { t } = useTranslation();
  const titleId = useId();
  const descriptionId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const pressStartedOnBackdrop = useRef(false);

  useBodyScrollLock();

  const requestClose = useEffectEvent(() => {
    if (isClosable) onClose();
  });
  const findInitialFocus = useEffectEvent((dialog: HTMLElement): HTMLElement => {
    const content = contentRef.current;
    return initialFocusRef?.current ?? (content && getTabbables(content)[0]) ?? getTabbables(dialog)[0] ?? dialog;
  });

  useEffect(() => {
    const dialog = dialogRef.current;
    if (isClosing || !dialog) return;
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const token = Symbol('modal');
    modalStack.push(token);
    const isTop = () => modalStack.at(-1) === token;

    const onKeyDown = (event: KeyboardEvent) => {
      if (!isTop() || event.defaultPrevented) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        requestClose();
      } else if (event.key === 'Tab') {
        trapTabKey(event, dialog);
      }
    };
    // Focus can still escape by pointer or assistive technology; bring it back.
    const onFocusIn = (event: FocusEvent) => {
      if (!isTop() || (event.target instanceof Node && dialog.contains(event.target))) return;
      (getTabbables(dialog)[0] ?? dialog).focus();
    };

    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);
    findInitialFocus(dialog).focus();

    return () => {
      // Listeners go first, or the focus return below would be pulled back in.
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
      modalStack.splice(modalStack.indexOf(token), 1);
      if (previouslyFocused?.isConnected) previouslyFocused.focus();
    };
  }, [isClosing]);

  const fadeStyle = {
    '--modal-fade-in': `${MODAL_FADE_IN_MS}ms`,
    '--modal-fade-out': `${MODAL_FADE_OUT_MS}ms`,
  } as CSSProperties;

  return (
    <div
      role="presentation"
      className={cx(styles.overlay, size !== 'small' && styles.fullScreenOnPhone)}
      data-state={isClosing ? 'closing' : 'open'}
      style={fadeStyle}
      // A press that starts inside the dialog and ends on the backdrop (selecting text) must not close it.
      onMouseDown={(event) => {
        pressStartedOnBackdrop.current = event.target === event.currentTarget;
      }}
      onClick={(event) => {
        if (isClosable && pressStartedOnBackdrop.current && event.target === event.currentTarget) onClose();
        pressStartedOnBackdrop.current = false;
      }}
    >
      <div
        ref={dialogRef}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description !== undefined ? descriptionId : undefined}
        tabIndex={-1}
        inert={isClosing}
        className={cx(styles.dialog, sizeClass[size], padding === 'small' && styles.paddingSmall, className)}
      >
        <div className={styles.header}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          {isClosable && (
            <Button variant="grayNoPadding" aria-label={t('UI.CLOSE')} className={styles.close} onClick={onClose}>
              <Icon name="close" />
            </Button>
          )}
        </div>
        {description !== undefined && (
          <div id={descriptionId} className={styles.description}>
            {description}
          </div>
        )}
        <div ref={contentRef} className={styles.content}>
          {children}
        </div>
        {footer !== undefined && <div className={styles.footer}>{footer}</div>}
      </div>
    </div>
  );
}
