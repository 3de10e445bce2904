import { OAUTH_ERROR_STATUS, type OAuthErrorBody, type OAuthErrorCode } from '@onboarding/domain';

/** A refused token request, answered as RFC 6749 section 5.2 says: `{ error, error_description }`. */
export class OAuthError extends Error {
  readonly statusCode: number;

  constructor(
    readonly error: OAuthErrorCode,
    description: string,
  ) {
    super(description);
    this.name = 'OAuthError';
    this.statusCode = OAUTH_ERROR_STATUS[error];
  }

  toJSON(): OAuthErrorBody {
    return { error: this.error, error_description: this.message };
  }
}
