export { Combobox, filterOptions, normalizeSearch, type ComboboxOption, type ComboboxProps } from './combobox';
export { MultiCombobox, type MultiComboboxProps } from './multi-combobox';
