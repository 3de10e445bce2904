import { PRODUCER_NAMESPACE } from '../../modules/registry/rik/soap.js';

/** The operations the stand-in answers (docs/register-facts.md section 2). */
export const STAND_IN_OPERATIONS = ['detailandmed_v2', 'esindus_v2', 'tegelikudKasusaajad_v2'] as const;

const wrapper = (name: string, children: readonly string[]) =>
  `<xsd:element name="${name}"><xsd:complexType><xsd:sequence>${children
    .map((child) => `<xsd:element name="${child}" type="xsd:anyType" minOccurs="0"/>`)
    .join('')}</xsd:sequence></xsd:complexType></xsd:element>`;

/**
 * A WSDL 1.1 description of the stand-in, as RIK serves one at `?wsdl` (docs/register-facts.md section 1.1):
 * document/literal, an empty soapAction, each operation's `keha` left open, since the stand-in's shapes are the
 * register's JSON output rather than its schema.
 */
export const standInWsdl = (location: string): string => {
  const operations = STAND_IN_OPERATIONS;
  const escapedLocation = location.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return (
    '<?xml version="1.0" encoding="UTF-8"?>' +
    '<wsdl:definitions xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/" xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/"' +
    ` xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:tns="${PRODUCER_NAMESPACE}" targetNamespace="${PRODUCER_NAMESPACE}" name="ariregister">` +
    `<wsdl:types><xsd:schema targetNamespace="${PRODUCER_NAMESPACE}" elementFormDefault="qualified">` +
    operations.map((operation) => wrapper(operation, ['keha']) + wrapper(`${operation}Response`, ['paring', 'keha'])).join('') +
    '</xsd:schema></wsdl:types>' +
    operations
      .map(
        (operation) =>
          `<wsdl:message name="${operation}"><wsdl:part name="body" element="tns:${operation}"/></wsdl:message>` +
          `<wsdl:message name="${operation}Response"><wsdl:part name="body" element="tns:${operation}Response"/></wsdl:message>`,
      )
      .join('') +
    '<wsdl:portType name="ariregisterPortType">' +
    operations
      .map(
        (operation) =>
          `<wsdl:operation name="${operation}"><wsdl:input message="tns:${operation}"/><wsdl:output message="tns:${operation}Response"/></wsdl:operation>`,
      )
      .join('') +
    '</wsdl:portType>' +
    '<wsdl:binding name="ariregisterBinding" type="tns:ariregisterPortType"><soap:binding style="document" transport="http://schemas.xmlsoap.org/soap/http"/>' +
    operations
      .map(
        (operation) =>
          `<wsdl:operation name="${operation}"><soap:operation soapAction="" style="document"/>` +
          '<wsdl:input><soap:body use="literal"/></wsdl:input><wsdl:output><soap:body use="literal"/></wsdl:output></wsdl:operation>',
      )
      .join('') +
    '</wsdl:binding>' +
    `<wsdl:service name="ariregisterService"><wsdl:port name="ariregisterPort" binding="tns:ariregisterBinding"><soap:address location="${escapedLocation}"/></wsdl:port></wsdl:service>` +
    '</wsdl:definitions>'
  );
};
