export { Card, CARD_WIDTHS, type CardProps, type CardWidth } from './card';
