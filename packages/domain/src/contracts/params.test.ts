import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { authEndpoints, authenticationEventEndpoints } from './auth.js';
import type { Endpoint } from './endpoint.js';
import { onboardingEndpoints } from './onboarding.js';
import { referenceEndpoints } from './reference.js';
import { registerEndpoints } from './register.js';
import { invitationEndpoints } from './invitations.js';
import { signingEndpoints } from './signing.js';

const endpoints: [string, Endpoint][] = Object.entries({
  ...authEndpoints,
  ...authenticationEventEndpoints,
  ...onboardingEndpoints,
  ...referenceEndpoints,
  ...registerEndpoints,
  ...signingEndpoints,
  ...invitationEndpoints,
});

describe('path parameters', () => {
  it.each(endpoints)('%s declares a rule for exactly the parameters of its path', (_name, endpoint) => {
    const inPath = [...endpoint.path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1]).sort();
    const declared = endpoint.params instanceof z.ZodObject ? Object.keys(endpoint.params.shape).sort() : [];
    expect(declared).toEqual(inPath);
  });
});
