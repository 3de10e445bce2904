import type { IntegrationScope } from '@onboarding/domain';
import type { JWK } from 'jose';

/** A machine client of the bank: who it is, what it may do, and the public keys its assertions are checked with. */
export type IntegrationClient = { clientId: string; scopes: readonly IntegrationScope[]; publicKeys: readonly JWK[] };
