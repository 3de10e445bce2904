// RFC 4648 Base64 with padding, as SK's services and clients write it
// (docs/eid-facts.md section 1.3).
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** The bytes of strict Base64 text, or null; Buffer.from alone skips characters it does not know. */
export const decodeBase64 = (value: string): Buffer | null => (BASE64.test(value) ? Buffer.from(value, 'base64') : null);
