import path from 'node:path';
import { z } from 'zod';

const booleanFromString = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

/**
 * Every environment variable the server reads, parsed once at start.
 * Nothing else in the code base reads process.env (an ESLint rule enforces it).
 */
export const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    PUBLIC_URL: z.url().default('http://localhost:3000'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    WEB_DIST_DIR: z.string().min(1).optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    SUPPORT_EMAIL: z.email().default('ettevotlus@pank.ee'),
    SUPPORT_PHONE: z
      .string()
      .regex(/^\+?[0-9 ]{7,20}$/, 'must be a phone number such as +372 600 0000')
      .default('+372 600 0000'),
    IDENTITY_MODE: z.enum(['simulated', 'live']).default('simulated'),
    TRUST_PROXY: booleanFromString.default(false),
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  })
  .superRefine((config, context) => {
    if (config.NODE_ENV === 'production' && config.IDENTITY_MODE === 'simulated' && config.PUBLIC_URL.startsWith('https://')) {
      // A public https deployment with simulated identities would let anyone sign in as anyone.
      context.addIssue({
        code: 'custom',
        path: ['IDENTITY_MODE'],
        message: 'must be "live" when PUBLIC_URL is https and NODE_ENV is production',
      });
    }
  });

export type Config = z.infer<typeof configSchema> & {
  /** Absolute path of the built web app that is served at /start/. */
  webDistDir: string;
  /** Absolute path of the embedded database, used when DATABASE_URL is unset. */
  dataDir: string;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const defaultWebDistDir = path.resolve(import.meta.dirname, '../../web/dist');

/** Parses the given environment (process.env by default); throws ConfigError naming each bad key. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const keys = Object.keys(configSchema.shape);
  // Empty strings count as unset, as a shell `FOO=` usually means.
  const input = Object.fromEntries(keys.map((key) => [key, env[key] === '' ? undefined : env[key]]));
  const result = configSchema.safeParse(input);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  return {
    ...result.data,
    webDistDir: path.resolve(result.data.WEB_DIST_DIR ?? defaultWebDistDir),
    dataDir: path.resolve(result.data.DATA_DIR),
  };
}
