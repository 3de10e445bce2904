import type { TFunction } from 'i18next';
import { ApiError } from './api-errors';

/** When a refused request can be tried again (epoch milliseconds), if the error was a rate limit's refusal. */
export function retryAtOf(error: unknown, now = Date.now()): number | undefined {
  if (!(error instanceof ApiError) || error.code !== 'RATE_LIMITED') return undefined;
  // Without a time from the server, a minute: the shortest window worth waiting for.
  return now + (error.retryAfterSeconds ?? 60) * 1000;
}

/** The clock time of `retryAt` as each language writes it (docs/glossary.md: ET 9.05, EN and RU 9:05). */
export function clockTime(retryAt: number, language: string): string {
  // Rounded up to the minute: "after 9:05" must not be a minute too early.
  const date = new Date(Math.ceil(retryAt / 60_000) * 60_000);
  const minutes = String(date.getMinutes()).padStart(2, '0');
  return `${date.getHours()}${language === 'et' ? '.' : ':'}${minutes}`;
}

/** "Too many attempts … try again after 9:05", for a role="alert" paragraph. */
export function rateLimitMessage(t: TFunction, retryAt: number, language: string): { title: string; message: string } {
  return { title: t('ERRORS.RATE_LIMITED.TITLE'), message: t('ERRORS.RATE_LIMITED.MESSAGE', { time: clockTime(retryAt, language) }) };
}
