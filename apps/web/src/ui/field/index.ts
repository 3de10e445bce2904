export { FieldError, FieldHint } from './field-messages';
export { useField, type FieldStateOptions } from './use-field';
export { default as fieldStyles } from './field.module.css';
