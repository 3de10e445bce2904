/** The reference module's entry: the bank's offices and the reference lists other modules name. Its routes: plugin.ts. */
export { BANK_OFFICES } from './bank-offices.js';
