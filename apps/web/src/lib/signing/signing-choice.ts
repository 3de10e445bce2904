import { SIGNING_METHODS, startSigningRequestSchema, type SigningMethod } from '@onboarding/domain';
import type { Resolver } from 'react-hook-form';
import { z } from 'zod';
import { domainResolver } from '../domain-resolver';
import type { SigningRequest } from './use-signing';

/** The method choice as the form holds it: the phone is kept while another method is chosen. */
export type SigningChoiceValues = { method: SigningMethod; phoneNumber: string };

// startSigningRequestSchema's Smart-ID and Mobile-ID options as they are (the domain phone rule
// for Mobile-ID); the ID-card's certificate comes from the card, not from the form.
const [smartId, mobileId] = startSigningRequestSchema.options;
const signingChoiceSchema = z.discriminatedUnion('method', [smartId, mobileId, z.object({ method: z.literal('ID_CARD') })]);

export const signingChoiceResolver = domainResolver(signingChoiceSchema) as unknown as Resolver<SigningChoiceValues, unknown, SigningRequest>;

const isSigningMethod = (value: string | undefined): value is SigningMethod => (SIGNING_METHODS as readonly string[]).includes(value ?? '');

/** The signing methods with the one the person signed in with first (and so chosen): they have it at hand. Magic sign-in: as they are. */
export function signingMethodsFor(signInMethod: string | undefined): SigningMethod[] {
  return isSigningMethod(signInMethod) ? [signInMethod, ...SIGNING_METHODS.filter((value) => value !== signInMethod)] : [...SIGNING_METHODS];
}
