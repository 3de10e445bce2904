import type { SignInFailureCode } from './types.js';

/*
 * Mobile-ID session results (docs/eid-facts.md section 3.4) -> sign-in codes
 * (docs/requirements.md section 8), for authentication and signature sessions
 * alike. OK is validated separately.
 *
 * | result                  | code           | why                                                          |
 * |-------------------------|----------------|--------------------------------------------------------------|
 * | TIMEOUT                 | timeout        | no answer from the person in about 2 minutes                 |
 * | EXPIRED_TRANSACTION     | timeout        | SK's Java client treats it as TIMEOUT                        |
 * | NOT_MID_CLIENT          | user_not_found | no active Mobile-ID certificates for this number and code    |
 * | NOT_ACTIVE              | user_not_found | SK's Java client reads it as not a Mobile-ID client          |
 * | USER_CANCELLED          | user_cancelled | the person cancelled on the phone                            |
 * | SIGNATURE_HASH_MISMATCH | sim_error      | the SIM's configuration differs from SK's; see the operator  |
 * | PHONE_ABSENT            | phone_absent   | the SIM cannot be reached                                    |
 * | DELIVERY_ERROR          | delivery_error | the SMS could not be sent                                    |
 * | SIM_ERROR               | sim_error      | the SIM answered with something invalid                      |
 * | anything else           | unexpected     |                                                              |
 */
export const MOBILE_ID_RESULTS: Readonly<Record<string, SignInFailureCode>> = {
  TIMEOUT: 'timeout',
  EXPIRED_TRANSACTION: 'timeout',
  NOT_MID_CLIENT: 'user_not_found',
  NOT_ACTIVE: 'user_not_found',
  USER_CANCELLED: 'user_cancelled',
  SIGNATURE_HASH_MISMATCH: 'sim_error',
  PHONE_ABSENT: 'phone_absent',
  DELIVERY_ERROR: 'delivery_error',
  SIM_ERROR: 'sim_error',
};

export const mobileIdResultCode = (result: string): SignInFailureCode => MOBILE_ID_RESULTS[result] ?? 'unexpected';

/*
 * HTTP statuses (docs/eid-facts.md section 3.4). Mobile-ID reports an unknown
 * person as a session result, never as a start status, so every non-200 start
 * answer is unexpected:
 *
 * | call  | status                  | code       | why                                            |
 * |-------|-------------------------|------------|------------------------------------------------|
 * | start | 400                     | unexpected | invalid parameter or hash: our request         |
 * | start | 401                     | unexpected | relying-party name, UUID or IP not accepted    |
 * | start | 405                     | unexpected | wrong method: our request                      |
 * | start | 500, other              | unexpected | SK says restart the flow                       |
 * | poll  | 404                     | timeout    | the session expired (5 minutes); start again   |
 * | poll  | 400, 401, 500, other    | unexpected |                                                |
 * | both  | transport               | unexpected | network failure or timeout                     |
 */
export const mobileIdPollStatusCode = (status: number): SignInFailureCode => (status === 404 ? 'timeout' : 'unexpected');

/*
 * POST /certificate results (docs/eid-facts.md section 3.4), always HTTP 200.
 * OK carries the signing certificate, which is validated separately.
 *
 * | result        | code           | why                                                   |
 * |---------------|----------------|-------------------------------------------------------|
 * | NOT_FOUND     | user_not_found | no Mobile-ID for this number and code                 |
 * | NOT_ACTIVE    | user_not_found | SK's Java client reads it as not a Mobile-ID client   |
 * | anything else | unexpected     |                                                       |
 */
export const MOBILE_ID_CERTIFICATE_RESULTS: Readonly<Record<string, SignInFailureCode>> = {
  NOT_FOUND: 'user_not_found',
  NOT_ACTIVE: 'user_not_found',
};

export const mobileIdCertificateResultCode = (result: string): SignInFailureCode => MOBILE_ID_CERTIFICATE_RESULTS[result] ?? 'unexpected';
