import { Attribute } from '@peculiar/asn1-cms';
import { AsnArray, AsnConvert, AsnType, AsnTypeTypes } from '@peculiar/asn1-schema';

// SignedAttributes as a plain SET OF Attribute: asn1-cms has it only as SignerInfo's [0] IMPLICIT field.
class SignedAttributes extends AsnArray<Attribute> {}
AsnType({ type: AsnTypeTypes.Set, itemType: Attribute })(SignedAttributes);

const toDer = (value: unknown): Buffer => Buffer.from(AsnConvert.serialize(value));

/** The attributes in DER order: a SET OF is ordered by its elements' encodings (X.690 section 11.6); asn1-schema keeps the given order. */
export const inDerOrder = (attributes: readonly Attribute[]): Attribute[] => [...attributes].sort((a, b) => Buffer.compare(toDer(a), toDer(b)));

/**
 * What a CMS signature with signed attributes covers: the DER of the
 * attributes as SET OF, not as the [0] IMPLICIT field (RFC 5652 section
 * 5.4). Encoded afresh because the parser keeps no raw bytes for this
 * repeated field (signedAttrsRaw stays undefined); the attribute values are
 * kept as received.
 */
export const signedAttributesDer = (attributes: readonly Attribute[]): Uint8Array => new Uint8Array(toDer(new SignedAttributes(inDerOrder(attributes))));
