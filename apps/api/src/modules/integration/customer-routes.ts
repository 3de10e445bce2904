import { integrationEndpoints as endpoints, type BankCustomerView } from '@onboarding/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.js';
import { contractRoutes } from '../../plugins/contract-routes.js';
import type { BankCustomer, BankCustomers } from '../customers/index.js';
import { integrationAuth, type RequireIntegrationScope } from './require-scope.js';

type CustomerRoutesOptions = { requireScope: RequireIntegrationScope; customers: BankCustomers };

const viewOf = (customer: BankCustomer): BankCustomerView => ({
  registryCountryCode: customer.registryCountryCode,
  registryCode: customer.registryCode,
  source: customer.source,
  addedAt: customer.addedAt.toISOString(),
});

/**
 * /integration/v1/customers (scope customers:manage): the bank's systems keep the list of companies that are its
 * customers already, which the register does not know. A company on it is sent to the online bank when chosen.
 */
export const customerRoutes: FastifyPluginAsyncZod<CustomerRoutesOptions> = async (app, { requireScope, customers }) => {
  const route = contractRoutes(app, integrationAuth(requireScope));

  const found = async (key: { registryCountryCode: string; registryCode: string }) => {
    const customer = await customers.find(key);
    if (!customer) throw new AppError('NOT_FOUND', 'The company is not listed as a customer.');
    return viewOf(customer);
  };

  route(endpoints.customer, { summary: 'Whether the company is listed as the bank’s customer, since when and by whom' }, async (request) =>
    found(request.params),
  );

  route(
    endpoints.addCustomer,
    {
      summary: 'List the company as the bank’s customer',
      description:
        'Idempotent: a company listed already keeps its first record, which is answered. From then on, a representative who chooses it is sent to the online bank instead of starting an application.',
    },
    async (request) => {
      await customers.add(request.params, 'BANK');
      return found(request.params);
    },
  );

  route(
    endpoints.removeCustomer,
    { status: 204, summary: 'Take the company off the list of customers', description: 'Its representatives may then apply again.' },
    async (request, reply) => {
      if (!(await customers.remove(request.params))) throw new AppError('NOT_FOUND', 'The company is not listed as a customer.');
      return reply.code(204).send(null);
    },
  );
};
