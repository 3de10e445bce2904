export * from './draft-fields.js';
export * from './opening-reasons-draft.js';
export * from './company-data-draft.js';
export * from './incomes-draft.js';
export * from './related-persons-draft.js';
export * from './overview-draft.js';
