import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

export type Call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => Promise<LightMyRequestResponse>;

/**
 * Signs a representative in (magic sign-in), gives their personal information,
 * and returns a caller that sends their bearer token: the start of every
 * onboarding API test that plays one person.
 */
export async function signInAsRepresentative(app: FastifyInstance, personalId: string, language: 'et' | 'en' | 'ru' = 'en'): Promise<Call> {
  const token = (await app.inject({ method: 'POST', url: '/oauth2/v2/authorize/magic', payload: { personalId } })).json().accessToken as string;
  const call: Call = (method, url, payload) => {
    const options: InjectOptions = { method, url, headers: { authorization: `Bearer ${token}` } };
    return app.inject(payload === undefined ? options : { ...options, payload });
  };
  const personal = await call('PUT', '/onboarding/representative/personal-information', {
    email: 'jaak@example.ee',
    phone: '+372 5123 4567',
    hasConsentedToRegistryQueries: true,
    language,
  });
  if (personal.statusCode !== 200) throw new Error(`personal information answered ${personal.statusCode}: ${personal.body}`);
  return call;
}
