import type { ComponentPropsWithRef } from 'react';
import { cx } from '../class-names';
import styles from './badge.module.css';

export const BADGE_SIZES = ['small', 'large'] as const;
export const BADGE_VARIANTS = ['default', 'error'] as const;

export type BadgeSize = (typeof BADGE_SIZES)[number];
export type BadgeVariant = (typeof BADGE_VARIANTS)[number];

export type BadgeProps = ComponentPropsWithRef<'span'> & {
  size?: BadgeSize;
  variant?: BadgeVariant;
};

export function Badge({ size = 'small', variant = 'default', className, ...rest }: BadgeProps) {
  return (
    <span
      className={cx(styles.badge, size === 'large' ? styles.large : styles.small, variant === 'error' ? styles.error : styles.default, className)}
      {...rest}
    />
  );
}
