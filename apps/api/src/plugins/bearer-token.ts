import type { FastifyRequest } from 'fastify';

// RFC 7235 section 2.1: the scheme is case-insensitive ("bearer", "BEARER"); one or more spaces before the token.
const BEARER = /^bearer +(\S+) *$/i;

/** The token of an `Authorization: Bearer <token>` header; undefined for no header or another scheme. */
export const bearerTokenOf = (request: FastifyRequest): string | undefined => {
  const header = request.headers.authorization;
  return header === undefined ? undefined : BEARER.exec(header)?.[1];
};
