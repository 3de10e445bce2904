/**
 * The customers module's entry: the companies that are the bank's customers already. The onboarding module asks
 * it, the decisions module adds to it, the integration API's routes keep it.
 */
export { createBankCustomers, CUSTOMER_SOURCES, type BankCustomer, type BankCustomers, type CompanyKey, type CustomerSource } from './bank-customers.js';
