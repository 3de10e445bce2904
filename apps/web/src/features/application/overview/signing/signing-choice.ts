import { startSigningRequestSchema, type SigningMethod } from '@onboarding/domain';
import type { Resolver } from 'react-hook-form';
import { z } from 'zod';
import { domainResolver } from '../../../../lib/domain-resolver';
import type { SigningRequest } from './use-signing';

/** The method choice as the form holds it: the phone is kept while another method is chosen. */
export type SigningChoiceValues = { method: SigningMethod; phoneNumber: string };

// startSigningRequestSchema's Smart-ID and Mobile-ID options as they are (the domain phone rule
// for Mobile-ID); the ID-card's certificate comes from the card, not from the form.
const [smartId, mobileId] = startSigningRequestSchema.options;
const signingChoiceSchema = z.discriminatedUnion('method', [smartId, mobileId, z.object({ method: z.literal('ID_CARD') })]);

export const signingChoiceResolver = domainResolver(signingChoiceSchema) as unknown as Resolver<SigningChoiceValues, unknown, SigningRequest>;
