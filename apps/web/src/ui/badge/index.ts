export { Badge, BADGE_SIZES, BADGE_VARIANTS, type BadgeProps, type BadgeSize, type BadgeVariant } from './badge';
