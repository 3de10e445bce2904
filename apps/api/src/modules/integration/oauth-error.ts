import type { OAuthErrorBody, OAuthErrorCode } from '@onboarding/domain';

// RFC 6749 section 5.2: invalid_client is 401, every other token error 400.
const STATUS: Record<OAuthErrorCode, number> = {
  invalid_request: 400,
  invalid_client: 401,
  invalid_grant: 400,
  unauthorized_client: 400,
  unsupported_grant_type: 400,
  invalid_scope: 400,
};

/** A refused token request, answered as RFC 6749 section 5.2 says: `{ error, error_description }`. */
export class OAuthError extends Error {
  readonly statusCode: number;

  constructor(
    readonly error: OAuthErrorCode,
    description: string,
  ) {
    super(description);
    this.name = 'OAuthError';
    this.statusCode = STATUS[error];
  }

  toJSON(): OAuthErrorBody {
    return { error: this.error, error_description: this.message };
  }
}
