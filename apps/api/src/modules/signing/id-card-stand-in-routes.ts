import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';

const certificateQuery = z.object({ personalId: z.string() });

/**
 * Simulated mode only: the ID-card stand-in of the simulators (README of
 * apps/api/src/simulators) under /dev/id-card, so the browser's simulated
 * signing interface calls its own origin. Answers pass through unchanged:
 * the card's certificate and signature, or its hwcrypto error string.
 */
export const idCardStandInRoutes: FastifyPluginAsync<{ baseUrl: string }> = async (app, { baseUrl }) => {
  const forward = async (path: string, init?: RequestInit) => {
    const response = await fetch(`${baseUrl}${path}`, { ...init, signal: AbortSignal.timeout(10_000) });
    return { status: response.status, body: (await response.json()) as unknown };
  };

  app.get('/dev/id-card/signing-certificate', { schema: { hide: true } }, async (request, reply) => {
    const query = certificateQuery.safeParse(request.query);
    const personalId = query.success ? query.data.personalId : '';
    const { status, body } = await forward(`/signing-certificate?personalId=${encodeURIComponent(personalId)}`);
    return reply.code(status).send(body);
  });

  // The card's PIN1 answer to a sign-in challenge: a Web eID authentication token (modules/auth/simulated-id-card.ts checks it).
  app.post('/dev/id-card/authenticate', { schema: { hide: true } }, async (request, reply) => {
    const { status, body } = await forward('/authenticate', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(request.body ?? {}),
    });
    return reply.code(status).send(body);
  });

  app.post('/dev/id-card/sign', { schema: { hide: true } }, async (request, reply) => {
    const { status, body } = await forward('/sign', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(request.body ?? {}),
    });
    return reply.code(status).send(body);
  });
};
