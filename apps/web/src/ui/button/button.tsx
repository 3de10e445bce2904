import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cx } from '../class-names';
import { Icon, type IconName } from '../icon';
import styles from './button.module.css';

export const BUTTON_VARIANTS = ['primary', 'secondary', 'tertiary', 'link', 'outline', 'bubble', 'grayNoPadding'] as const;
export const BUTTON_SIZES = ['x-small', 'small', 'medium-light', 'medium', 'large'] as const;
export const BUTTON_WIDTHS = ['full', 'square', 'fixed'] as const;
export const BUTTON_PADDINGS = ['none', 'x-small', 'small', 'medium'] as const;
export const BUTTON_LINK_COLORS = ['blue', 'red', 'gray', 'black'] as const;

export type ButtonVariant = (typeof BUTTON_VARIANTS)[number];
export type ButtonSize = (typeof BUTTON_SIZES)[number];
export type ButtonWidth = (typeof BUTTON_WIDTHS)[number];
export type ButtonPadding = (typeof BUTTON_PADDINGS)[number];
export type ButtonLinkColor = (typeof BUTTON_LINK_COLORS)[number];

export type ButtonProps = Omit<ComponentPropsWithRef<'button'>, 'type'> & {
  type?: 'button' | 'submit';
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Without a width the button is as wide as its content. A square button holds an icon only, so give it an aria-label. */
  width?: ButtonWidth;
  /** Overrides the horizontal padding the size would give. */
  padding?: ButtonPadding;
  /** Only for the link variant. */
  linkColor?: ButtonLinkColor;
  isLoading?: boolean;
  leadingIcon?: IconName;
  trailingIcon?: IconName;
  children?: ReactNode;
};

const variantClass: Record<ButtonVariant, string | undefined> = {
  primary: styles.primary,
  secondary: styles.secondary,
  tertiary: styles.tertiary,
  link: styles.link,
  outline: styles.outline,
  bubble: styles.bubble,
  grayNoPadding: styles.grayNoPadding,
};

const sizeClass: Record<ButtonSize, string | undefined> = {
  'x-small': styles.sizeXSmall,
  small: styles.sizeSmall,
  'medium-light': styles.sizeMediumLight,
  medium: styles.sizeMedium,
  large: styles.sizeLarge,
};

const widthClass: Record<ButtonWidth, string | undefined> = {
  full: styles.widthFull,
  square: styles.widthSquare,
  fixed: styles.widthFixed,
};

const paddingClass: Record<ButtonPadding, string | undefined> = {
  none: styles.paddingNone,
  'x-small': styles.paddingXSmall,
  small: styles.paddingSmall,
  medium: styles.paddingMedium,
};

const linkColorClass: Record<ButtonLinkColor, string | undefined> = {
  blue: styles.linkBlue,
  red: styles.linkRed,
  gray: styles.linkGray,
  black: styles.linkBlack,
};

export function Button({
  type = 'button',
  variant = 'primary',
  size = 'medium',
  width,
  padding,
  linkColor = 'blue',
  isLoading = false,
  leadingIcon,
  trailingIcon,
  disabled,
  className,
  children,
  ref,
  ...rest
}: ButtonProps) {
  return (
    <button
      ref={ref}
      type={type}
      disabled={disabled || isLoading}
      aria-busy={isLoading || undefined}
      data-variant={variant}
      className={cx(
        styles.button,
        variantClass[variant],
        sizeClass[size],
        width && widthClass[width],
        padding && paddingClass[padding],
        variant === 'link' && linkColorClass[linkColor],
        isLoading && styles.loading,
        className,
      )}
      {...rest}
    >
      {/* The label stays in the accessibility tree while loading; only its paint is hidden behind the spinner. */}
      <span className={styles.content}>
        {leadingIcon && <Icon name={leadingIcon} size="html-text-size" className={styles.icon} />}
        {children}
        {trailingIcon && <Icon name={trailingIcon} size="html-text-size" className={styles.icon} />}
      </span>
      {isLoading && (
        <span className={styles.spinner}>
          <Icon name="loading" size="html-text-size" isSpinning data-testid="button-spinner" />
        </span>
      )}
    </button>
  );
}
