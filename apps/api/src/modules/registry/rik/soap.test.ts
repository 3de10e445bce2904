import { describe, expect, it } from 'vitest';
import { buildEnvelope, readFault, readRequest } from './soap.js';

describe('buildEnvelope', () => {
  it('wraps the fields in keha in their order, escaped, in the producer namespace', () => {
    const xml = buildEnvelope('detailandmed_v2', [
      ['ariregister_parool', 'a<b>&"c\''],
      ['arinimi', 'Näidis & Poeg OÜ'],
      ['yandmed', true],
      ['staatused', ['R', 'L']],
    ]);
    expect(xml).toContain('xmlns:prod="http://arireg.x-road.eu/producer/"');
    expect(xml).toContain('<prod:ariregister_parool>a&lt;b&gt;&amp;&quot;c&apos;</prod:ariregister_parool>');
    const request = readRequest(xml);
    expect(request?.operation).toBe('detailandmed_v2');
    expect([...(request?.fields.keys() ?? [])]).toEqual(['ariregister_parool', 'arinimi', 'yandmed', 'staatused']);
    expect(request?.fields.get('arinimi')).toEqual(['Näidis & Poeg OÜ']);
    expect(request?.fields.get('staatused')).toEqual(['R', 'L']);
  });

  it('refuses a character XML cannot carry', () => {
    expect(() => buildEnvelope('esindus_v2', [['fyysilise_isiku_kood', 'a\u0000b']])).toThrow(/XML cannot carry/);
  });
});

describe('readFault', () => {
  it('reads a SOAP 1.1 fault, character references included, and nothing else', () => {
    const fault =
      '<SOAP-ENV:Envelope xmlns:SOAP-ENV="http://schemas.xmlsoap.org/soap/envelope/"><SOAP-ENV:Body><SOAP-ENV:Fault>' +
      '<faultcode>SOAP-ENV:Client</faultcode><faultstring>Vale O&#xDC; kood</faultstring></SOAP-ENV:Fault></SOAP-ENV:Body></SOAP-ENV:Envelope>';
    expect(readFault(fault)).toEqual({ faultCode: 'SOAP-ENV:Client', faultString: 'Vale OÜ kood' });
    expect(readFault('{"keha":{}}')).toBeUndefined();
    expect(readFault('<html>Bad gateway</html>')).toBeUndefined();
    expect(readFault('<not xml')).toBeUndefined();
  });
});
