export { CheckboxGroup, type CheckboxGroupOption, type CheckboxGroupProps } from './checkbox-group';
