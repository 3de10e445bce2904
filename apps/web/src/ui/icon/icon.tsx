import type { SVGProps } from 'react';
import { cx } from '../class-names';
import { ICON_PATHS } from './icon-paths';
import type { IconName, IconSize } from './icon-names';
import styles from './icon.module.css';

export type IconProps = Omit<SVGProps<SVGSVGElement>, 'children' | 'name'> & {
  name: IconName;
  size?: IconSize;
  /** A translated text; without it the icon is decorative and hidden from assistive technology. */
  label?: string;
  isSpinning?: boolean;
};

const sizeClass: Record<IconSize, string | undefined> = {
  default: styles.sizeDefault,
  'html-text-size': styles.sizeHtmlText,
  'x-small': styles.sizeXSmall,
  small: styles.sizeSmall,
  'medium-light': styles.sizeMediumLight,
  medium: styles.sizeMedium,
  large: styles.sizeLarge,
  full: styles.sizeFull,
};

export function Icon({ name, size = 'default', label, isSpinning = false, className, ...rest }: IconProps) {
  const a11y = label ? ({ role: 'img', 'aria-label': label } as const) : ({ 'aria-hidden': true } as const);
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      focusable="false"
      data-icon={name}
      className={cx(styles.icon, sizeClass[size], isSpinning && styles.spinning, className)}
      {...a11y}
      {...rest}
    >
      {ICON_PATHS[name]}
    </svg>
  );
}
