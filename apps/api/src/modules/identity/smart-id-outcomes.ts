import type { SignInFailureCode } from './types.js';

/*
 * Smart-ID RP API v2 end results (docs/eid-facts.md section 1.5) -> sign-in codes
 * (docs/requirements.md section 8), for sign-in and signing alike. OK is validated separately.
 *
 * | endResult                                        | code              | why                                                        |
 * |--------------------------------------------------|-------------------|------------------------------------------------------------|
 * | USER_REFUSED                                     | user_cancelled    | the person said no                                         |
 * | USER_REFUSED_DISPLAYTEXTANDPIN                   | user_cancelled    | cancel on the PIN screen                                   |
 * | USER_REFUSED_VC_CHOICE                           | user_cancelled    | cancel on the code-choice screen                           |
 * | USER_REFUSED_CONFIRMATIONMESSAGE                 | user_cancelled    | cancel on the confirmation screen                          |
 * | USER_REFUSED_CONFIRMATIONMESSAGE_WITH_VC_CHOICE  | user_cancelled    | cancel on the combined screen                              |
 * | USER_REFUSED_CERT_CHOICE                         | user_cancelled    | cancel on the device choice                                |
 * | WRONG_VC                                         | user_cancelled    | the person ended it in the app; a retry is the next step   |
 * | TIMEOUT                                          | timeout           | neither confirmed nor refused in time                      |
 * | DOCUMENT_UNUSABLE                                | document_unusable | account-side problem; the person must check the app        |
 * | REQUIRED_INTERACTION_NOT_SUPPORTED_BY_APP        | document_unusable | the app is too old for displayTextAndPIN: update the app   |
 * | USER_REFUSED_INTERACTION (v3)                    | user_cancelled    | v3 name for the refusals above (section 1.9)               |
 * | ACCOUNT_UNUSABLE (v3)                            | document_unusable | v3 account-side problem (section 1.9)                      |
 * | PROTOCOL_FAILURE, SERVER_ERROR, anything else    | unexpected        | nothing the person can act on                              |
 */
export const SMART_ID_END_RESULTS: Readonly<Record<string, SignInFailureCode>> = {
  USER_REFUSED: 'user_cancelled',
  USER_REFUSED_DISPLAYTEXTANDPIN: 'user_cancelled',
  USER_REFUSED_VC_CHOICE: 'user_cancelled',
  USER_REFUSED_CONFIRMATIONMESSAGE: 'user_cancelled',
  USER_REFUSED_CONFIRMATIONMESSAGE_WITH_VC_CHOICE: 'user_cancelled',
  USER_REFUSED_CERT_CHOICE: 'user_cancelled',
  USER_REFUSED_INTERACTION: 'user_cancelled',
  WRONG_VC: 'user_cancelled',
  TIMEOUT: 'timeout',
  DOCUMENT_UNUSABLE: 'document_unusable',
  REQUIRED_INTERACTION_NOT_SUPPORTED_BY_APP: 'document_unusable',
  ACCOUNT_UNUSABLE: 'document_unusable',
};

export const smartIdEndResultCode = (endResult: string): SignInFailureCode => SMART_ID_END_RESULTS[endResult] ?? 'unexpected';

/*
 * HTTP statuses of the calls that start a session: authentication,
 * certificate choice and signature (docs/eid-facts.md section 1.6).
 *
 * | status         | code              | why                                                                   |
 * |----------------|-------------------|-----------------------------------------------------------------------|
 * | 404            | user_not_found    | no (suitable) Smart-ID account for this person                        |
 * | 471            | user_not_found    | no account of the QUALIFIED level; v3 reports the same as 404         |
 * | 472            | document_unusable | the person must open the Smart-ID app or portal                       |
 * | 400, 401, 403  | unexpected        | our request or relying-party configuration is wrong                   |
 * | 480            | unexpected        | our client speaks too old an API version                              |
 * | 580, other 5xx | unexpected        | maintenance or server failure; the person can only retry later        |
 * | transport      | unexpected        | network failure or timeout                                            |
 */
export const SMART_ID_START_STATUSES: Readonly<Record<number, SignInFailureCode>> = {
  404: 'user_not_found',
  471: 'user_not_found',
  472: 'document_unusable',
};

export const smartIdStartStatusCode = (status: number): SignInFailureCode => SMART_ID_START_STATUSES[status] ?? 'unexpected';

/*
 * HTTP statuses of the session call. 404 means the session is unknown or
 * expired 5 minutes after completing (section 1.5): the person waited too
 * long, so timeout. Everything else that is not 200 is unexpected.
 */
export const smartIdPollStatusCode = (status: number): SignInFailureCode => (status === 404 ? 'timeout' : 'unexpected');
