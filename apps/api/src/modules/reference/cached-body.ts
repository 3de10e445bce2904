import { createHash } from 'node:crypto';
import type { z } from 'zod';

/** Reference data changes only with a release, so browsers and proxies may keep it an hour and then revalidate by ETag. */
export const REFERENCE_CACHE_CONTROL = 'public, max-age=3600';

export type CachedBody = { body: string; etag: string };

/**
 * Checks the data against its contract and serialises it once, at start: a
 * data error stops the server from starting, and every request sends the same
 * bytes, so the strong ETag (a digest of those bytes) is always right.
 */
export function cacheBody(schema: z.ZodType, data: unknown): CachedBody {
  const body = JSON.stringify(schema.parse(data));
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url')}"` };
}

/** RFC 9110 section 13.1.2: If-None-Match compares weakly, may list several tags, and "*" matches any. */
export function isNotModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const candidate = tag.trim();
    return candidate === '*' || candidate.replace(/^W\//, '') === etag;
  });
}
