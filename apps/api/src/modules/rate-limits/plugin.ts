import { createHash } from 'node:crypto';
import rateLimit, { normalizeIP, type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config.js';
import type { Database } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { createRateLimitRepository, type RateLimitRepository } from './rate-limit-repository.js';

/** One limit: at most `max` requests per `windowSeconds` for each key that `keyOf` gives a request. */
export type RateLimitRule = {
  /** Names the limit in the counter's key; two rules never share a counter. */
  name: string;
  max: number;
  windowSeconds: number;
  keyOf: (request: FastifyRequest) => string;
};

/** A preHandler (or onRequest) hook that counts the request against each rule, in order, and refuses with 429. */
export type RateLimitHook = (request: FastifyRequest) => Promise<void>;

export type RateLimits = {
  rules: ReturnType<typeof rateLimitRules>;
  hook(...rules: RateLimitRule[]): RateLimitHook;
};

// Expired counters are removed this often; a counter that outlives its window restarts at 1 anyway.
const PURGE_INTERVAL_MS = 10 * 60_000;

/** The client: its address (one IPv6 /64 counts as one client, as one household's or office's router hands out). */
export const clientOf = (request: FastifyRequest): string => normalizeIP(request.ip);

function userOf(request: FastifyRequest): string {
  // Rules keyed by user run after requireUser; without a user the request is refused before it gets here.
  if (!request.user) throw new AppError('UNAUTHORIZED');
  return `${request.user.personalIdCountryCode}:${request.user.personalId}`;
}

// The rule runs on each sign-in start, whose bodies differ; all it needs is the personal code, if any.
const bodyWithPersonalId = z.object({ personalId: z.string() });

function personalIdOf(request: FastifyRequest): string {
  const body = bodyWithPersonalId.safeParse(request.body);
  return body.success ? body.data.personalId : '';
}

/**
 * Every limit of the API. Keyed by client, by client and target, or by user;
 * never by a target alone: a limit on a personal code alone would let anyone
 * lock that person out of their own sign-in by starting five for them.
 */
export function rateLimitRules(config: Config) {
  const windowSeconds = config.RATE_LIMIT_WINDOW_SECONDS;
  const perClient = (name: string, max: number): RateLimitRule => ({ name, max, windowSeconds, keyOf: clientOf });
  const perUser = (name: string, max: number): RateLimitRule => ({ name, max, windowSeconds, keyOf: userOf });
  return {
    /** Each start sends a PIN prompt to someone's phone and costs the bank an SK query. */
    signInStartPerPerson: {
      name: 'sign-in-start:client+person',
      max: config.RATE_LIMIT_STARTS_PER_PERSON,
      windowSeconds,
      keyOf: (request: FastifyRequest) => `${clientOf(request)}|${personalIdOf(request)}`,
    },
    signInStartPerClient: perClient('sign-in-start:client', config.RATE_LIMIT_STARTS_PER_ADDRESS),
    /** The failed-sign-in event needs no token and its table is append-only: the sign-in budget. */
    failedEventPerClient: perClient('failed-event:client', config.RATE_LIMIT_STARTS_PER_ADDRESS),
    /** Code exchange and refresh: guessing codes and tokens, and the signing key's work. */
    tokenPerClient: perClient('token:client', config.RATE_LIMIT_REQUESTS_PER_ADDRESS),
    /** Each look-up is a paid query to the business or population register. */
    registerLookupPerUser: perUser('register-lookup:user', config.RATE_LIMIT_REQUESTS_PER_USER),
    registerLookupPerClient: perClient('register-lookup:client', config.RATE_LIMIT_REQUESTS_PER_ADDRESS),
    /** Each one sends a mail. */
    saveAndContinuePerUser: perUser('save-and-continue:user', config.RATE_LIMIT_REQUESTS_PER_USER),
    /** Sending a code mails it; confirming compares a guess (each code also has its own few tries). */
    emailConfirmationPerUser: perUser('email-confirmation:user', config.RATE_LIMIT_REQUESTS_PER_USER),
    /** Each start sends a PIN2 prompt and costs an SK query. */
    signingStartPerUser: perUser('signing-start:user', config.RATE_LIMIT_REQUESTS_PER_USER),
    /** Each step save keeps its change in the application's append-only history. */
    stepSavePerUser: perUser('step-save:user', config.RATE_LIMIT_SAVES_PER_USER),
    /** Each draft autosave adds a row to the application's append-only history. */
    draftSavePerUser: perUser('draft-save:user', config.RATE_LIMIT_DRAFTS_PER_USER),
    /** Each invitation sent is a mail; each link opened tries a token (decision 39). */
    invitationPerUser: perUser('invitation:user', config.RATE_LIMIT_REQUESTS_PER_USER),
    /** Each preview draws up a contract PDF. */
    contractPreviewPerUser: perUser('contract-preview:user', config.RATE_LIMIT_PREVIEWS_PER_USER),
  } satisfies Record<string, RateLimitRule>;
}

/** @fastify/rate-limit's store on our database: a hit is one upsert, shared by every instance. */
function databaseStore(repository: RateLimitRepository) {
  return class DatabaseStore implements FastifyRateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      repository.hit(key, timeWindow).then(
        ({ hits, msUntilReset }) => callback(null, { current: hits, ttl: msUntilReset }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(): FastifyRateLimitStore {
      return this;
    }
  };
}

// Counter keys are hashed: the table holds no addresses or personal codes in clear.
const counterKey = (rule: RateLimitRule, request: FastifyRequest): string =>
  `${rule.name}/${createHash('sha256').update(rule.keyOf(request)).digest('base64url')}`;

/**
 * The rate-limit layer (docs/security.md, DoS1): counters in the database, so
 * that the limits hold however many instances share it. A refusal is 429
 * RATE_LIMITED with Retry-After; a database error fails the request, it does
 * not open the limit.
 */
export type RateLimitsPluginOptions = { config: Config; database: Database };

export async function registerRateLimits(app: FastifyInstance, { config, database }: RateLimitsPluginOptions): Promise<RateLimits> {
  const repository = createRateLimitRepository(database.db);
  await app.register(rateLimit, { global: false, store: databaseStore(repository) });

  const purge = setInterval(() => {
    repository.purgeExpired().catch((error: unknown) => app.log.warn({ err: error }, 'rate-limit counters not purged'));
  }, PURGE_INTERVAL_MS);
  purge.unref();
  app.addHook('onClose', async () => clearInterval(purge));

  const checkerOf = new Map<RateLimitRule, ReturnType<FastifyInstance['createRateLimit']>>();
  const checker = (rule: RateLimitRule) => {
    let check = checkerOf.get(rule);
    if (!check) {
      check = app.createRateLimit({ max: rule.max, timeWindow: rule.windowSeconds * 1000, keyGenerator: (request) => counterKey(rule, request) });
      checkerOf.set(rule, check);
    }
    return check;
  };

  return {
    rules: rateLimitRules(config),
    hook(...rules) {
      const checks = rules.map((rule) => checker(rule));
      return async (request) => {
        for (const check of checks) {
          const result = await check(request);
          if (!result.isAllowed && result.isExceeded) {
            request.log.info({ rateLimit: result.key.split('/')[0] }, 'rate limit reached');
            throw new AppError('RATE_LIMITED', { retryAfterSeconds: Math.max(1, result.ttlInSeconds) });
          }
        }
      };
    },
  };
}
