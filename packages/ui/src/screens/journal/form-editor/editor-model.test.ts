import { describe, expect, it } from 'vitest';
import type { Form } from '@halsa/api';
import {
  CHOICE_EMPTY,
  CHOICES_NEEDED,
  editorReducer,
  errorsOfSection,
  fromForm,
  isValid,
  newIdsFrom,
  sentKeysOf,
  toRequest,
  UNIT_TOO_LONG,
  withIds,
  type EditorForm,
} from './editor-model';

const form: Form = {
  id: 7,
  title: 'Uppföljning',
  drafted: true,
  purpose: 'JOURNAL',
  version: 4,
  sections: [
    {
      id: 72,
      title: 'B',
      instruction: '',
      sortOrder: 2,
      questions: [],
    },
    {
      id: 71,
      title: 'A',
      instruction: 'Läs högt',
      sortOrder: 1,
      questions: [
        {
          id: 712,
          text: 'Två',
          type: 'NUMBER',
          required: false,
          options: { unit: 'kg' },
          sortOrder: 2,
        },
        { id: 711, text: 'Ett', type: 'YES_NO', required: true, options: {}, sortOrder: 1 },
      ],
    },
  ],
};

describe('the editor model', () => {
  it('opens a form in its saved order and sends it back numbered from 1', () => {
    const doc = fromForm(form);
    expect(doc.sections.map((s) => s.title)).toEqual(['A', 'B']);
    expect(doc.sections[0]!.questions.map((q) => q.text)).toEqual(['Ett', 'Två']);
    const moved = editorReducer(doc, { type: 'moveSection', from: 0, to: 1 });
    const body = toRequest(moved, 4);
    expect(body.version).toBe(4);
    expect(body.sections.map((s) => [s.id, s.sortOrder])).toEqual([
      [72, 1],
      [71, 2],
    ]);
    expect(body.sections[1]!.questions[1]).toEqual({
      id: 712,
      text: 'Två',
      type: 'NUMBER',
      required: false,
      options: { unit: 'kg' },
      sortOrder: 2,
    });
  });

  it('sends new items without ids and takes the ids the server gave, wherever they moved', () => {
    let doc: EditorForm = fromForm(form);
    doc = editorReducer(doc, { type: 'addSection', key: 'nS' });
    doc = editorReducer(doc, { type: 'addQuestion', sectionKey: 'nS', key: 'nQ' });
    doc = editorReducer(doc, {
      type: 'question',
      sectionKey: 'nS',
      key: 'nQ',
      patch: { text: 'Ny' },
    });
    const body = toRequest(doc, 4);
    expect(body.sections[2]).toEqual({
      title: '',
      instruction: '',
      sortOrder: 3,
      questions: [{ text: 'Ny', type: 'SHORT_TEXT', required: false, options: {}, sortOrder: 1 }],
    });
    const sent = sentKeysOf(doc);
    const saved: Form = {
      ...form,
      version: 5,
      sections: [
        ...form.sections,
        {
          id: 73,
          title: '',
          instruction: '',
          sortOrder: 3,
          questions: [
            { id: 731, text: 'Ny', type: 'SHORT_TEXT', required: false, options: {}, sortOrder: 1 },
          ],
        },
      ],
    };
    const ids = newIdsFrom(sent, saved);
    expect([...ids]).toEqual([
      ['nS', 73],
      ['nQ', 731],
    ]);
    // Moved to the top while the save ran: the ids still land on the right items.
    const meanwhile = editorReducer(doc, { type: 'moveSection', from: 2, to: 0 });
    const after = withIds(meanwhile, ids);
    expect(after.sections[0]!.id).toBe(73);
    expect(after.sections[0]!.questions[0]!.id).toBe(731);
    expect(toRequest(after, 5).sections[0]!.id).toBe(73);
  });

  it('gives a new choice question two named choices and checks them before a save', () => {
    let doc = fromForm(form);
    const key = doc.sections[0]!.questions[0]!.key;
    const sectionKey = doc.sections[0]!.key;
    doc = editorReducer(doc, {
      type: 'question',
      sectionKey,
      key,
      patch: { type: 'SINGLE_CHOICE' },
    });
    expect(doc.sections[0]!.questions[0]!.choices).toEqual(['Alternativ 1', 'Alternativ 2']);
    expect(isValid(doc)).toBe(true);
    doc = editorReducer(doc, {
      type: 'question',
      sectionKey,
      key,
      patch: { choices: ['Ja', ' '] },
    });
    expect(errorsOfSection(doc.sections[0]!)?.get(key)).toEqual({ choices: CHOICE_EMPTY });
    doc = editorReducer(doc, { type: 'question', sectionKey, key, patch: { choices: ['Ja'] } });
    expect(errorsOfSection(doc.sections[0]!)?.get(key)).toEqual({ choices: CHOICES_NEEDED });
    expect(isValid(doc)).toBe(false);
    const unitKey = doc.sections[0]!.questions[1]!.key;
    doc = editorReducer(doc, {
      type: 'question',
      sectionKey,
      key: unitKey,
      patch: { unit: 'x'.repeat(21) },
    });
    expect(errorsOfSection(doc.sections[0]!)?.get(unitKey)).toEqual({ unit: UNIT_TOO_LONG });
  });

  it('an unchanged section keeps the same answer, so its card is not re-rendered', () => {
    const doc = fromForm(form);
    const next = editorReducer(doc, {
      type: 'section',
      key: doc.sections[0]!.key,
      patch: { title: 'AA' },
    });
    expect(next.sections[1]).toBe(doc.sections[1]);
    expect(errorsOfSection(next.sections[1]!)).toBe(errorsOfSection(doc.sections[1]!));
  });
});
