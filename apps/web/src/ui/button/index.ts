export {
  Button,
  BUTTON_LINK_COLORS,
  BUTTON_PADDINGS,
  BUTTON_SIZES,
  BUTTON_VARIANTS,
  BUTTON_WIDTHS,
  type ButtonLinkColor,
  type ButtonPadding,
  type ButtonProps,
  type ButtonSize,
  type ButtonVariant,
  type ButtonWidth,
} from './button';
