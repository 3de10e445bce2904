import type { ComponentPropsWithRef } from 'react';
import { cx } from '../class-names';
import styles from './card.module.css';

export const CARD_WIDTHS = ['small', 'medium', 'large', 'full'] as const;
export type CardWidth = (typeof CARD_WIDTHS)[number];

export type CardProps = ComponentPropsWithRef<'div'> & {
  /** docs/requirements.md section 9 maximum widths; 'full' fills its container. */
  width?: CardWidth;
  padding?: 'none' | 'small' | 'medium' | 'large';
  /** A card in a landmark or with its own heading may be a section or article. */
  as?: 'div' | 'section' | 'article';
  isCentered?: boolean;
};

const widthClass: Record<CardWidth, string | undefined> = {
  small: styles.widthSmall,
  medium: styles.widthMedium,
  large: styles.widthLarge,
  full: styles.widthFull,
};

const paddingClass = {
  none: styles.paddingNone,
  small: styles.paddingSmall,
  medium: styles.paddingMedium,
  large: styles.paddingLarge,
} as const;

export function Card({ width = 'full', padding = 'medium', as: Element = 'div', isCentered = false, className, ...rest }: CardProps) {
  return <Element className={cx(styles.card, widthClass[width], paddingClass[padding], isCentered && styles.centered, className)} {...rest} />;
}
