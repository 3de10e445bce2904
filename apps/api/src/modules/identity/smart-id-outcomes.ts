import type { SignInFailureCode } from './types.js';

/*
 * Smart-ID RP API v3 end results (docs/eid-facts.md section 1.9) -> sign-in codes
 * (docs/requirements.md section 8), for sign-in and signing alike. OK is validated separately.
 *
 * | endResult                                 | code              | why                                                        |
 * |-------------------------------------------|-------------------|------------------------------------------------------------|
 * | USER_REFUSED                              | user_cancelled    | the person said no                                         |
 * | USER_REFUSED_INTERACTION                  | user_cancelled    | cancel on a screen; result.details.interaction names it    |
 * | USER_REFUSED_CERT_CHOICE                  | user_cancelled    | cancel on the device choice                                |
 * | WRONG_VC                                  | user_cancelled    | the person ended it in the app; a retry is the next step   |
 * | TIMEOUT                                   | timeout           | neither confirmed nor refused in time                      |
 * | DOCUMENT_UNUSABLE                         | document_unusable | account-side problem; the person must check the app        |
 * | ACCOUNT_UNUSABLE                          | document_unusable | the account is unusable for now                            |
 * | REQUIRED_INTERACTION_NOT_SUPPORTED_BY_APP | document_unusable | the app is too old for displayTextAndPIN: update the app   |
 * | PROTOCOL_FAILURE                          | unexpected        | a logical error in the signing protocol                    |
 * | EXPECTED_LINKED_SESSION                   | unexpected        | the app waited for another session; nothing to act on      |
 * | SERVER_ERROR, anything else               | unexpected        | nothing the person can act on                              |
 */
export const SMART_ID_END_RESULTS: Readonly<Record<string, SignInFailureCode>> = {
  USER_REFUSED: 'user_cancelled',
  USER_REFUSED_INTERACTION: 'user_cancelled',
  USER_REFUSED_CERT_CHOICE: 'user_cancelled',
  WRONG_VC: 'user_cancelled',
  TIMEOUT: 'timeout',
  DOCUMENT_UNUSABLE: 'document_unusable',
  ACCOUNT_UNUSABLE: 'document_unusable',
  REQUIRED_INTERACTION_NOT_SUPPORTED_BY_APP: 'document_unusable',
  PROTOCOL_FAILURE: 'unexpected',
  EXPECTED_LINKED_SESSION: 'unexpected',
  SERVER_ERROR: 'unexpected',
};

export const smartIdEndResultCode = (endResult: string): SignInFailureCode => SMART_ID_END_RESULTS[endResult] ?? 'unexpected';

/*
 * HTTP statuses of the calls that start a session or read a certificate
 * (docs/eid-facts.md sections 1.6, 1.9). v3 answers errors as RFC 9457 problem
 * details and no longer uses 471 and 472: a missing (suitable) account is 404.
 *
 * | status         | code              | why                                                                   |
 * |----------------|-------------------|-----------------------------------------------------------------------|
 * | 404            | user_not_found    | no (suitable) Smart-ID account for this person or document            |
 * | 400, 401, 403  | unexpected        | our request or relying-party configuration is wrong                   |
 * | 480            | unexpected        | our client speaks too old an API version                              |
 * | 580, other 5xx | unexpected        | maintenance or server failure; the person can only retry later        |
 * | transport      | unexpected        | network failure or timeout                                            |
 */
export const SMART_ID_START_STATUSES: Readonly<Record<number, SignInFailureCode>> = {
  404: 'user_not_found',
};

export const smartIdStartStatusCode = (status: number): SignInFailureCode => SMART_ID_START_STATUSES[status] ?? 'unexpected';

/*
 * HTTP statuses of the session call. 404 means the session is unknown or
 * expired 5 minutes after completing (section 1.5): the person waited too
 * long, so timeout. Everything else that is not 200 is unexpected.
 */
export const smartIdPollStatusCode = (status: number): SignInFailureCode => (status === 404 ? 'timeout' : 'unexpected');
