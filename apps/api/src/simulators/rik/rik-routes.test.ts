import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEnvelope, readFault, type RikField } from '../../modules/registry/rik/soap.js';
import { REGISTRY_CODES } from '../../modules/registry/fixture/companies.js';
import { startRikStandIn, type RikStandIn } from './start-rik-stand-in.js';

let standIn: RikStandIn;
beforeAll(async () => {
  standIn = await startRikStandIn();
});
afterAll(async () => standIn.close());

const post = async (operation: string, fields: readonly RikField[], path = '') => {
  const response = await fetch(new URL(path, standIn.url), {
    method: 'POST',
    headers: { 'Content-Type': 'text/xml;charset=UTF-8', SOAPAction: '""' },
    body: buildEnvelope(operation, fields),
  });
  return { status: response.status, text: await response.text() };
};
const credentials = (): RikField[] => [
  ['ariregister_kasutajanimi', standIn.username],
  ['ariregister_parool', standIn.password],
];
const DETAIL: RikField[] = [
  ['yandmed', true],
  ['iandmed', true],
  ['kandmed', false],
  ['dandmed', false],
  ['maarused', false],
];

describe('the register stand-in', () => {
  it('answers JSON on / and /ariregxml and echoes the query with the password, as RIK does', async () => {
    for (const path of ['', 'ariregxml']) {
      const answer = await post(
        'detailandmed_v2',
        [...credentials(), ['ariregister_valjundi_formaat', 'json'], ['ariregistri_kood', REGISTRY_CODES.onePersonOu], ...DETAIL],
        path,
      );
      expect(answer.status).toBe(200);
      const body = JSON.parse(answer.text) as {
        paring: Record<string, unknown>;
        keha: { leitud_ettevotjate_arv: number; ettevotjad: { item: Record<string, unknown>[] } };
      };
      expect(body.paring.ariregister_parool).toBe(standIn.password);
      expect(body.keha.leitud_ettevotjate_arv).toBe(1);
      expect(body.keha.ettevotjad.item[0]).toMatchObject({
        ariregistri_kood: 19000149,
        kmkr_number: {},
        yldandmed: { staatus: 'R', oiguslik_vorm: 'OÜ', esmaregistreerimise_kpv: '2019-03-12Z' },
      });
    }
  });

  it('describes itself at ?wsdl', async () => {
    const response = await fetch(new URL('?wsdl', standIn.url));
    const text = await response.text();
    expect(response.status).toBe(200);
    expect(text).toContain('<soap:operation soapAction="" style="document"/>');
    expect(text).toContain(`<soap:address location="${standIn.url}"/>`);
    expect(text).toContain('name="tegelikudKasusaajad_v2Response"');
  });

  it('finds nobody with an empty answer, not a fault', async () => {
    const answer = await post('detailandmed_v2', [...credentials(), ['ariregister_valjundi_formaat', 'json'], ['ariregistri_kood', '10060701'], ...DETAIL]);
    expect(JSON.parse(answer.text)).toMatchObject({ keha: { leitud_ettevotjate_arv: 0 } });
  });

  it('answers a fault to wrong credentials, XML output, a missing mandatory field and an unknown operation', async () => {
    const faults = [
      await post('esindus_v2', [
        ['ariregister_kasutajanimi', standIn.username],
        ['ariregister_parool', 'wrong'],
        ['ariregister_valjundi_formaat', 'json'],
      ]),
      await post('esindus_v2', [...credentials(), ['ariregister_valjundi_formaat', 'xml']]),
      await post('detailandmed_v2', [...credentials(), ['ariregister_valjundi_formaat', 'json'], ['ariregistri_kood', REGISTRY_CODES.onePersonOu]]),
      await post('lihtandmed_v9', [...credentials(), ['ariregister_valjundi_formaat', 'json']]),
    ];
    expect(faults.map((answer) => answer.status)).toEqual([500, 500, 500, 500]);
    expect(faults.map((answer) => readFault(answer.text)?.faultString)).toEqual([
      'Vale kasutajanimi või parool',
      'Only JSON output is simulated',
      'Mandatory field missing: yandmed, iandmed, kandmed, dandmed, maarused',
      'Unknown operation lihtandmed_v9',
    ]);
  });

  it('lists a joint board with EI and their group, and hidden beneficial owners only by count', async () => {
    const represented = await post('esindus_v2', [
      ...credentials(),
      ['ariregister_valjundi_formaat', 'json'],
      ['fyysilise_isiku_kood', '60001017869'],
      ['fyysilise_isiku_koodi_riik', 'EST'],
    ]);
    const companies = (JSON.parse(represented.text) as { keha: { ettevotjad: { item: Record<string, unknown>[] } } }).keha.ettevotjad.item;
    const joint = companies.find((entry) => entry.ariregistri_kood === Number(REGISTRY_CODES.jointRepresentation));
    expect(joint).toMatchObject({
      isikud: { item: [{ ainuesindusoigus_olemas: 'EI' }, { ainuesindusoigus_olemas: 'EI' }] },
      esindusoiguse_grupid: { grupp: [{ grupi_nr: 1 }] },
    });
    const owners = await post('tegelikudKasusaajad_v2', [
      ...credentials(),
      ['ariregister_valjundi_formaat', 'json'],
      ['ariregistri_kood', REGISTRY_CODES.hiddenBeneficialOwners],
    ]);
    expect(JSON.parse(owners.text)).toMatchObject({
      keha: { kasusaajad: { kasusaajate_arv_kokku: 2, peidetud_kasusaajate_arv: 1, kasusaaja: [{ isikukood: '60001017869' }] } },
    });
  });
});
