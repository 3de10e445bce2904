/**
 * Why a register query failed. None of these is "not found": only an empty answer is
 * (docs/register-facts.md section 1.5), so a caller can never mistake an outage for a missing company.
 */
export type RikFailure =
  | { kind: 'TIMEOUT'; timeoutMs: number }
  | { kind: 'UNREACHABLE'; reason: string }
  | { kind: 'HTTP_STATUS'; status: number }
  | { kind: 'FAULT'; faultCode: string; faultString: string }
  | { kind: 'BAD_CREDENTIALS'; faultString: string }
  | { kind: 'MALFORMED'; reason: string }
  /** Not asked: the register failed again and again just now, and the breaker waits until `until` (ISO 8601). */
  | { kind: 'BREAKER_OPEN'; until: string };

export class RikError extends Error {
  /** The register could not answer: for the API's client it is unavailable for now, never "not found". */
  readonly statusCode = 503;
  /** What the API answers for it (plugins/error-handler.ts), with nothing of the register's own words. */
  readonly apiCode = 'REGISTER_UNAVAILABLE';

  constructor(
    readonly operation: string,
    readonly failure: RikFailure,
  ) {
    super(`e-Business Register ${operation}: ${describe(failure)}`);
    this.name = 'RikError';
  }
}

function describe(failure: RikFailure): string {
  switch (failure.kind) {
    case 'TIMEOUT':
      return `no answer within ${String(failure.timeoutMs)} ms`;
    case 'UNREACHABLE':
      return `unreachable (${failure.reason})`;
    case 'HTTP_STATUS':
      return `HTTP ${String(failure.status)}`;
    case 'FAULT':
      return `fault ${failure.faultCode}: ${failure.faultString}`;
    case 'BAD_CREDENTIALS':
      return `credentials refused: ${failure.faultString}`;
    case 'MALFORMED':
      return `unreadable answer (${failure.reason})`;
    case 'BREAKER_OPEN':
      return `not asked: the breaker is open until ${failure.until}`;
  }
}

export const isRikError = (error: unknown): error is RikError => error instanceof RikError;
