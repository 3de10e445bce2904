/** docs/requirements.md section 9, "Interface vocabulary": the icon set, in the spec's order. */
export const ICON_NAMES = [
  'add',
  'addCircleFilled',
  'arrowLeft',
  'check',
  'checkCircle',
  'checkboxCheck',
  'checkboxOn',
  'chevronDown',
  'chevronRight',
  'clock',
  'close',
  'coins',
  'creditCard',
  'download',
  'edit',
  'error',
  'idCard',
  'infoBubble',
  'infoCircle',
  'loading',
  'location',
  'mobileId',
  'pencil',
  'person',
  'remove',
  'search',
  'smartId',
  'wallet',
  'work',
  'world',
  'x',
] as const;

export type IconName = (typeof ICON_NAMES)[number];

export const ICON_SIZES = ['default', 'html-text-size', 'x-small', 'small', 'medium-light', 'medium', 'large', 'full'] as const;

export type IconSize = (typeof ICON_SIZES)[number];
