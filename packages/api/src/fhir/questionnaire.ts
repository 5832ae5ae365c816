// A form as a FHIR R4 `Questionnaire` and a submitted answer as a `QuestionnaireResponse` (design
// §4.19; Medplum models questionnaires the same way). Each section is a `group` item (linkId
// `s<id>`), each question an item of its type (linkId `q<id>`), so a response's linkIds match its
// questionnaire's. Choices are codings (code = position from 1, display = the choice's text);
// a SCALE is an integer with minValue 1 and maxValue 10; a NUMBER a decimal with its unit. A
// section without questions is left out (a group must hold items). Typed with @medplum/fhirtypes
// and checked in the tests against the official R4 JSON schema.
import { SCALE_MAX, SCALE_MIN, type FormQuestion, type FormSection } from '../contract/forms.ts';
import type { AnswerValue, JournalAnswer } from '../contract/journal.ts';
import type {
  Questionnaire,
  QuestionnaireItem,
  QuestionnaireResponse,
  QuestionnaireResponseItem,
  QuestionnaireResponseItemAnswer,
} from '@medplum/fhirtypes';

const EXT = 'http://hl7.org/fhir/StructureDefinition';

const ITEM_TYPE: Record<FormQuestion['type'], QuestionnaireItem['type']> = {
  SHORT_TEXT: 'string',
  LONG_TEXT: 'text',
  YES_NO: 'boolean',
  SINGLE_CHOICE: 'choice',
  MULTIPLE_CHOICE: 'choice',
  SCALE: 'integer',
  NUMBER: 'decimal',
  DATE: 'date',
};

export const sectionLinkId = (id: number) => `s${id}`;
export const questionLinkId = (id: number) => `q${id}`;

/** The canonical URL of a form's Questionnaire (what a response's `questionnaire` names). */
export const questionnaireUrl = (publicUrl: string, formId: number) =>
  `${publicUrl.replace(/\/$/, '')}/api/v1/admin/forms/${formId}/fhir`;

const text = (s: string) => (s.trim() ? { text: s.trim() } : {});

function questionItem(q: FormQuestion): QuestionnaireItem {
  const item: QuestionnaireItem = {
    linkId: questionLinkId(q.id),
    ...text(q.text),
    type: ITEM_TYPE[q.type],
    required: q.required,
  };
  if (q.type === 'SINGLE_CHOICE' || q.type === 'MULTIPLE_CHOICE') {
    item.repeats = q.type === 'MULTIPLE_CHOICE';
    item.answerOption = (q.options.choices ?? []).map((choice, i) => ({
      valueCoding: { code: String(i + 1), display: choice },
    }));
  }
  if (q.type === 'SCALE') {
    item.extension = [
      { url: `${EXT}/minValue`, valueInteger: SCALE_MIN },
      { url: `${EXT}/maxValue`, valueInteger: SCALE_MAX },
    ];
  }
  if (q.type === 'NUMBER' && q.options.unit) {
    item.extension = [
      { url: `${EXT}/questionnaire-unit`, valueCoding: { display: q.options.unit } },
    ];
  }
  return item;
}

export function toFhirQuestionnaire(
  form: { id: number; title: string; drafted: boolean; sections: FormSection[] },
  publicUrl: string,
): Questionnaire & { id: string } {
  return {
    resourceType: 'Questionnaire',
    id: String(form.id),
    url: questionnaireUrl(publicUrl, form.id),
    ...(form.title.trim() ? { title: form.title.trim() } : {}),
    status: form.drafted ? 'draft' : 'active',
    subjectType: ['Patient'],
    item: form.sections
      .filter((s) => s.questions.length > 0)
      .map((s) => ({
        linkId: sectionLinkId(s.id),
        ...text(s.title),
        type: 'group' as const,
        item: s.questions.map(questionItem),
      })),
  };
}

/** The FHIR answers of one question's value (none when it is not answered). */
function answersOf(
  q: FormQuestion,
  value: AnswerValue | undefined,
): QuestionnaireResponseItemAnswer[] {
  if (value === undefined || value === null) return [];
  const coding = (choice: string): QuestionnaireResponseItemAnswer[] => {
    const i = (q.options.choices ?? []).indexOf(choice);
    return i < 0 ? [] : [{ valueCoding: { code: String(i + 1), display: choice } }];
  };
  switch (q.type) {
    case 'SHORT_TEXT':
    case 'LONG_TEXT':
      return typeof value === 'string' && value.trim() ? [{ valueString: value }] : [];
    case 'YES_NO':
      return typeof value === 'boolean' ? [{ valueBoolean: value }] : [];
    case 'SINGLE_CHOICE':
      return typeof value === 'string' ? coding(value) : [];
    case 'MULTIPLE_CHOICE':
      return Array.isArray(value) ? value.flatMap(coding) : [];
    case 'SCALE':
      return typeof value === 'number' ? [{ valueInteger: value }] : [];
    case 'NUMBER':
      return typeof value === 'number' ? [{ valueDecimal: value }] : [];
    case 'DATE':
      return typeof value === 'string' ? [{ valueDate: value }] : [];
  }
}

export function toFhirQuestionnaireResponse(
  response: {
    id: number;
    formId: number;
    clientId: number;
    clientName: string;
    submittedAt: Date;
    sections: FormSection[];
    answers: JournalAnswer[];
  },
  publicUrl: string,
): QuestionnaireResponse & { id: string } {
  const byQuestion = new Map(response.answers.map((a) => [a.questionId, a.value]));
  const subject = {
    reference: `Patient/${response.clientId}`,
    ...(response.clientName ? { display: response.clientName } : {}),
  };
  const item: QuestionnaireResponseItem[] = response.sections.flatMap((s) => {
    const items = s.questions.flatMap((q): QuestionnaireResponseItem[] => {
      const answer = answersOf(q, byQuestion.get(q.id));
      return answer.length === 0 ? [] : [{ linkId: questionLinkId(q.id), ...text(q.text), answer }];
    });
    return items.length === 0
      ? []
      : [{ linkId: sectionLinkId(s.id), ...text(s.title), item: items }];
  });
  return {
    resourceType: 'QuestionnaireResponse',
    id: String(response.id),
    questionnaire: questionnaireUrl(publicUrl, response.formId),
    status: 'completed',
    subject,
    authored: response.submittedAt.toISOString(),
    author: subject,
    source: subject,
    ...(item.length > 0 ? { item } : {}),
  };
}
