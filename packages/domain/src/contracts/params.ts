import { z } from 'zod';

/** Path parameters of the endpoints, declared with them (the server validates them, the OpenAPI document shows them). */
export const processParamsSchema = z.object({ processId: z.uuid() });
export const stepParamsSchema = processParamsSchema.extend({ step: z.string().min(1).max(40) });
export const signingSessionParamsSchema = processParamsSchema.extend({ signingSessionId: z.uuid() });
export const authenticationSessionParamsSchema = z.object({ authenticationSessionId: z.uuid() });
