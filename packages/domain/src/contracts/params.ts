import { z } from 'zod';

/** Path parameters of the endpoints, declared with them (the server validates them, the OpenAPI document shows them). */
export const processParamsSchema = z.object({ processId: z.uuid() });
export const stepParamsSchema = processParamsSchema.extend({ step: z.string().min(1).max(40) });
export const signingSessionParamsSchema = processParamsSchema.extend({ signingSessionId: z.uuid() });
export const authenticationSessionParamsSchema = z.object({ authenticationSessionId: z.uuid() });
export const invitationParamsSchema = processParamsSchema.extend({ invitationId: z.uuid() });
/** The token of an invitation's mailed link: 32 random bytes, base64url. */
export const invitationTokenParamsSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/) });
