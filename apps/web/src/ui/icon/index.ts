export { Icon, type IconProps } from './icon';
export { ICON_NAMES, ICON_SIZES, type IconName, type IconSize } from './icon-names';
