export { Input, INPUT_VARIANTS, type InputProps, type InputVariant } from './input';
