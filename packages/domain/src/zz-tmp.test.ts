import { it } from 'vitest';
import { privatePersonSchema, parseWithIssues, legalEntitySchema } from '@onboarding/domain';
it('x', () => {
  console.log(JSON.stringify(parseWithIssues(privatePersonSchema, { id: 'a', type: 'PRIVATE_PERSON', roles: [], personalId: '123', isBeneficialOwner: true })));
  console.log(JSON.stringify(parseWithIssues(legalEntitySchema, { id: 'a', type: 'LEGAL_ENTITY', roles: [], registryCode: 'abc' , shareholders: []})));
  console.log(JSON.stringify(parseWithIssues(privatePersonSchema.shape ? 1 : privatePersonSchema, 1)));
});
