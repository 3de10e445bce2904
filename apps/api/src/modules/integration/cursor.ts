import { AppError } from '../../errors.js';

/** Where a page ended: the last row's updated_at (as PostgreSQL's text, to the microsecond) and process id. */
export type PageCursor = { updatedAt: string; processId: string };

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Opaque to clients. The time stays text end to end: a JS Date keeps milliseconds only, and rows written within
 * the same millisecond would then be skipped or repeated at a page boundary.
 */
export const encodeCursor = (cursor: PageCursor): string => Buffer.from(`${cursor.updatedAt}|${cursor.processId}`, 'utf8').toString('base64url');

/**
 * Whether the text names an instant that exists: the pattern alone lets `2026-13-45T99:99:99` through, which
 * PostgreSQL then refuses mid-query (a 500). A real one reads back the same to the second through a JS Date;
 * the microseconds are digits either way.
 */
function isRealInstant(text: string): boolean {
  if (!TIMESTAMP.test(text)) return false;
  const seconds = `${text.slice(0, 19)}Z`;
  const parsed = new Date(seconds);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 19) === text.slice(0, 19);
}

export function decodeCursor(value: string): PageCursor {
  const [updatedAt = '', processId = '', ...rest] = Buffer.from(value, 'base64url').toString('utf8').split('|');
  if (rest.length > 0 || !isRealInstant(updatedAt) || !UUID.test(processId)) {
    throw new AppError('VALIDATION_FAILED', {
      message: 'The cursor is not one this API gave.',
      fields: [{ path: 'cursor', code: 'incorrectValue', params: {} }],
    });
  }
  return { updatedAt, processId };
}
