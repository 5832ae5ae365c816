// The mocks read and write FHIR through the server's own code (api/src/fhir, issue 37): a lab
// upload's summary is what the server's reader says for the same file, reasons only that reader
// gives included, and the questionnaire views are the server's R4 resources.
import { describe, expect, it } from 'vitest';
import { call } from '../client.ts';
import { readLabFhir } from '../fhir/lab-report.ts';
import { toFhirQuestionnaire } from '../fhir/questionnaire.ts';
import { questionnaireForm } from './fixtures/questionnaires.ts';
import { resetMockState, sessionUsers } from './index.ts';
import { startMockServer } from './test-server.ts';

startMockServer();

const observation = (extra: object) => ({
  resourceType: 'Observation',
  status: 'final',
  code: { text: 'Glukos' },
  valueQuantity: { value: 5.1, unit: 'mmol/L' },
  effectiveDateTime: '2026-11-24T08:30:00+01:00',
  ...extra,
});
/** A report with one value read and three skipped, each for a reason only the reader knows. */
const report = JSON.stringify({
  resourceType: 'Bundle',
  type: 'collection',
  entry: [
    observation({}),
    observation({ code: { text: 'Hemoglobin' }, effectiveDateTime: undefined }),
    observation({ code: { coding: [{ system: 'http://loinc.org', code: 'x' }] } }),
    observation({ code: { text: 'Kalium' }, valueQuantity: { value: 4.1, unit: 'x'.repeat(60) } }),
  ].map((resource) => ({ resource })),
});

const upload = async (name: string, text: string) => {
  resetMockState({ sessionUser: sessionUsers.admin });
  const form = new FormData();
  form.set('file', new File([text], name, { type: 'application/json' }));
  return call('uploadLab', { params: { userId: 3 }, body: form });
};

describe('the mocks read a lab report as the server does', () => {
  it('answers an upload with the reader’s own summary', async () => {
    const answer = await upload('Labbrapport_2026-11-24.json', report);
    expect(answer.readSummary).toEqual({
      read: 1,
      skipped: [
        { analysis: 'Hemoglobin', reason: 'observationen saknar provtagningsdatum' },
        { analysis: null, reason: '"x" är ingen LOINC-kod' },
        { analysis: 'Kalium', reason: 'enheten är längre än 50 tecken' },
      ],
    });
    expect(answer.readSummary).toEqual(readLabFhir(report).summary);
  });

  it('gives no summary for a file that is no JSON, as the server keeps it unread', async () => {
    expect((await upload('Labbrapport.json', '{ inte json')).readSummary).toBeUndefined();
  });
});

describe('the mocks write the questionnaire views as the server does', () => {
  it('the form as the server’s Questionnaire', async () => {
    resetMockState({ sessionUser: sessionUsers.admin });
    const fhir = await call('formFhir', { params: { id: questionnaireForm.id } });
    expect(fhir).toEqual(toFhirQuestionnaire(questionnaireForm, 'http://localhost'));
    expect(fhir).toMatchObject({ item: [{ linkId: 's501', type: 'group' }, { linkId: 's502' }] });
  });

  it('a submitted answer as the server’s QuestionnaireResponse, her answers included', async () => {
    resetMockState({ sessionUser: sessionUsers.admin });
    const fhir = await call('questionnaireResponseFhir', { params: { id: 602 } });
    expect(fhir).toMatchObject({
      resourceType: 'QuestionnaireResponse',
      id: '602',
      questionnaire: 'http://localhost/api/v1/admin/forms/50/fhir',
      status: 'completed',
      subject: { reference: 'Patient/4' },
      authored: '2026-11-18T19:42:00.000Z',
    });
    expect(JSON.stringify(fhir.item)).toContain('"valueDecimal":88');
  });
});
