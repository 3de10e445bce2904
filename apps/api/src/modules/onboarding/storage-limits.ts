import { AppError } from '../../errors.js';
import { HISTORY_ROW_BYTES, type OnboardingRepository } from './onboarding-repository.js';

/** Bytes of JSON a step's data, a whole application and its history may take (MAX_STEP_BYTES, MAX_APPLICATION_BYTES, MAX_HISTORY_BYTES). */
export type StorageLimits = { stepBytes: number; applicationBytes: number; historyBytes: number };

export const DEFAULT_STORAGE_LIMITS: StorageLimits = { stepBytes: 65_536, applicationBytes: 524_288, historyBytes: 2_097_152 };

const jsonBytes = (value: unknown): number => Buffer.byteLength(JSON.stringify(value) ?? '', 'utf8');

/**
 * Refuses, before anything is written, a step's data over its limit or a save that would take the application
 * over its own: without them one person could fill the database with a few large drafts.
 */
export function assertStorable(limits: StorageLimits, data: unknown, application: { stepData: object; drafts: object }): void {
  if (jsonBytes(data) > limits.stepBytes) {
    throw new AppError('PAYLOAD_TOO_LARGE', `A step's data may take at most ${limits.stepBytes} bytes of JSON.`);
  }
  // Every step's data and draft is written through the check above, so each takes at most stepBytes: while that
  // many of them fit the application's limit, the sum cannot exceed it and need not be measured (the usual case,
  // and a save's hot path: measuring means serialising the whole application once more).
  const parts = Object.keys(application.stepData).length + Object.keys(application.drafts).length;
  if (parts * limits.stepBytes <= limits.applicationBytes) return;
  if (jsonBytes(application.stepData) + jsonBytes(application.drafts) > limits.applicationBytes) {
    throw new AppError('APPLICATION_TOO_LARGE', `An application's steps and drafts may take at most ${limits.applicationBytes} bytes of JSON.`);
  }
}

/**
 * Refuses, before anything is written, an applicant's save whose event would take the application's history over
 * its limit: the history is append-only evidence, so what one person adds to it must be bounded where it is added.
 * Two saves racing past the check both need the same version: only one is written.
 */
export async function assertHistoryRoom(
  limits: StorageLimits,
  repository: Pick<OnboardingRepository, 'historyBytes'>,
  processId: string,
  payload: Record<string, unknown>,
): Promise<void> {
  const used = await repository.historyBytes(processId);
  if (used + jsonBytes(payload) + HISTORY_ROW_BYTES > limits.historyBytes) {
    throw new AppError('HISTORY_TOO_LARGE', `An application's history may take at most ${limits.historyBytes} bytes.`);
  }
}
