// The editor's own copy of a form: what the coach edits, kept apart from the server's `Form` so
// that new sections and questions have a stable client `key` before the server gives them an
// `id`. Pure functions, no React: building the PUT body, taking ids back from the answer, and
// the Swedish checks that must pass before a save is sent (the server refuses the same).
import {
  questionTypeLabels,
  type Form,
  type QuestionType,
  type UpdateFormRequest,
} from '@halsa/api';

export interface EditorQuestion {
  /** Stable in this browser tab; the sortable id and React key. */
  key: string;
  /** The server's id once saved. */
  id?: number;
  text: string;
  type: QuestionType;
  required: boolean;
  /** For SINGLE_CHOICE / MULTIPLE_CHOICE. */
  choices: string[];
  /** For NUMBER. */
  unit: string;
}

export interface EditorSection {
  key: string;
  id?: number;
  title: string;
  instruction: string;
  questions: EditorQuestion[];
}

export interface EditorForm {
  title: string;
  sections: EditorSection[];
}

let counter = 0;
/** A fresh client key (`n1`, `n2`…); saved items use `s<id>` / `q<id>`. */
export const newKey = (): string => `n${++counter}`;

export const isChoiceType = (type: QuestionType): boolean =>
  type === 'SINGLE_CHOICE' || type === 'MULTIPLE_CHOICE';

/** The choices a question gets when it becomes a choice question. */
export const DEFAULT_CHOICES = ['Alternativ 1', 'Alternativ 2'];

export function fromForm(form: Form): EditorForm {
  const sorted = <T extends { sortOrder: number }>(list: T[]) =>
    [...list].sort((a, b) => a.sortOrder - b.sortOrder);
  return {
    title: form.title,
    sections: sorted(form.sections).map((s) => ({
      key: `s${s.id}`,
      id: s.id,
      title: s.title,
      instruction: s.instruction,
      questions: sorted(s.questions).map((q) => ({
        key: `q${q.id}`,
        id: q.id,
        text: q.text,
        type: q.type,
        required: q.required,
        choices: q.options.choices ?? [],
        unit: q.options.unit ?? '',
      })),
    })),
  };
}

export const blankQuestion = (key = newKey()): EditorQuestion => ({
  key,
  text: '',
  type: 'SHORT_TEXT',
  required: false,
  choices: [],
  unit: '',
});

export const blankSection = (key = newKey()): EditorSection => ({
  key,
  title: '',
  instruction: '',
  questions: [],
});

/** The PUT body: everything in its current order, `sortOrder` from 1. */
export function toRequest(doc: EditorForm, version: number): UpdateFormRequest {
  return {
    title: doc.title,
    version,
    sections: doc.sections.map((s, i) => ({
      ...(s.id === undefined ? {} : { id: s.id }),
      title: s.title,
      instruction: s.instruction,
      sortOrder: i + 1,
      questions: s.questions.map((q, j) => ({
        ...(q.id === undefined ? {} : { id: q.id }),
        text: q.text,
        type: q.type,
        required: q.required,
        options: isChoiceType(q.type)
          ? { choices: q.choices.map((c) => c.trim()) }
          : q.type === 'NUMBER' && q.unit.trim()
            ? { unit: q.unit.trim() }
            : {},
        sortOrder: j + 1,
      })),
    })),
  };
}

/** Which new items a request carried, by position: section key, and question keys per section. */
export interface SentKeys {
  sections: { key: string; isNew: boolean; questions: { key: string; isNew: boolean }[] }[];
}

export const sentKeysOf = (doc: EditorForm): SentKeys => ({
  sections: doc.sections.map((s) => ({
    key: s.key,
    isNew: s.id === undefined,
    questions: s.questions.map((q) => ({ key: q.key, isNew: q.id === undefined })),
  })),
});

/**
 * The ids the server gave the new items of a request, by client key. The answer lists
 * sections and questions by `sortOrder`, which the request set to position + 1.
 */
export function newIdsFrom(sent: SentKeys, saved: Form): Map<string, number> {
  const ids = new Map<string, number>();
  const byOrder = new Map(saved.sections.map((s) => [s.sortOrder, s]));
  sent.sections.forEach((s, i) => {
    const section = byOrder.get(i + 1);
    if (!section) return;
    if (s.isNew) ids.set(s.key, section.id);
    const questions = new Map(section.questions.map((q) => [q.sortOrder, q]));
    s.questions.forEach((q, j) => {
      const question = questions.get(j + 1);
      if (q.isNew && question) ids.set(q.key, question.id);
    });
  });
  return ids;
}

/** Gives items their new ids wherever they now are (they may have moved meanwhile). */
export function withIds(doc: EditorForm, ids: Map<string, number>): EditorForm {
  if (ids.size === 0) return doc;
  let changed = false;
  const sections = doc.sections.map((s) => {
    let section = s;
    const sid = s.id === undefined ? ids.get(s.key) : undefined;
    if (sid !== undefined) section = { ...section, id: sid };
    const questions = s.questions.map((q) => {
      const qid = q.id === undefined ? ids.get(q.key) : undefined;
      return qid === undefined ? q : { ...q, id: qid };
    });
    if (questions.some((q, i) => q !== s.questions[i])) section = { ...section, questions };
    if (section !== s) changed = true;
    return section;
  });
  return changed ? { ...doc, sections } : doc;
}

/** Every key still in the document (to find items deleted while their first save ran). */
export function keysOf(doc: EditorForm): Set<string> {
  const keys = new Set<string>();
  for (const s of doc.sections) {
    keys.add(s.key);
    for (const q of s.questions) keys.add(q.key);
  }
  return keys;
}

/** Swedish messages by question key and field; an empty map means the form can be saved. */
export type EditorErrors = Map<string, { choices?: string; unit?: string }>;

export const CHOICES_NEEDED = 'En valfråga behöver minst två svarsalternativ.';
export const CHOICE_EMPTY = 'Ett svarsalternativ får inte vara tomt.';
export const UNIT_TOO_LONG = 'Enheten får vara högst 20 tecken.';

const sectionErrors = new WeakMap<EditorSection, EditorErrors | undefined>();

/**
 * The errors of one section's questions, or undefined. Cached per section object, so an
 * unchanged section gets the same answer and its memoised card does not re-render.
 */
export function errorsOfSection(section: EditorSection): EditorErrors | undefined {
  if (sectionErrors.has(section)) return sectionErrors.get(section);
  const errors: EditorErrors = new Map();
  for (const q of section.questions) {
    const e: { choices?: string; unit?: string } = {};
    if (isChoiceType(q.type)) {
      if (q.choices.some((c) => !c.trim())) e.choices = CHOICE_EMPTY;
      else if (q.choices.length < 2) e.choices = CHOICES_NEEDED;
    }
    if (q.type === 'NUMBER' && q.unit.trim().length > 20) e.unit = UNIT_TOO_LONG;
    if (e.choices || e.unit) errors.set(q.key, e);
  }
  const result = errors.size ? errors : undefined;
  sectionErrors.set(section, result);
  return result;
}

/** Whether the server would take the form as it is. */
export const isValid = (doc: EditorForm): boolean =>
  doc.sections.every((s) => errorsOfSection(s) === undefined);

/** A short name for a question or section in announcements and button labels. */
export const questionName = (q: EditorQuestion, index: number): string =>
  q.text.trim() ? `fråga ${index + 1}, ${q.text.trim()}` : `fråga ${index + 1}`;

export const sectionName = (s: EditorSection, index: number): string =>
  s.title.trim() ? `sektion ${index + 1}, ${s.title.trim()}` : `sektion ${index + 1}`;

export const typeOptions = (Object.keys(questionTypeLabels) as QuestionType[]).map((value) => ({
  value,
  label: questionTypeLabels[value],
}));

// ---- edits ---------------------------------------------------------------------------------------

export type EditorAction =
  | { type: 'reset'; doc: EditorForm }
  | { type: 'title'; title: string }
  | { type: 'section'; key: string; patch: Partial<Pick<EditorSection, 'title' | 'instruction'>> }
  | { type: 'addSection'; key: string }
  | { type: 'removeSection'; key: string }
  | { type: 'moveSection'; from: number; to: number }
  | { type: 'addQuestion'; sectionKey: string; key: string }
  | { type: 'removeQuestion'; sectionKey: string; key: string }
  | { type: 'moveQuestion'; sectionKey: string; from: number; to: number }
  | {
      type: 'question';
      sectionKey: string;
      key: string;
      patch: Partial<Omit<EditorQuestion, 'key' | 'id'>>;
    }
  | { type: 'ids'; ids: Map<string, number> };

export function move<T>(list: T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return list;
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

const mapSection = (doc: EditorForm, key: string, f: (s: EditorSection) => EditorSection) => ({
  ...doc,
  sections: doc.sections.map((s) => (s.key === key ? f(s) : s)),
});

/** Whether an action changes what is saved (ids from the server do not). */
export const isEdit = (action: EditorAction): boolean =>
  action.type !== 'reset' && action.type !== 'ids';

export function editorReducer(doc: EditorForm, action: EditorAction): EditorForm {
  switch (action.type) {
    case 'reset':
      return action.doc;
    case 'title':
      return { ...doc, title: action.title };
    case 'section':
      return mapSection(doc, action.key, (s) => ({ ...s, ...action.patch }));
    case 'addSection':
      return { ...doc, sections: [...doc.sections, blankSection(action.key)] };
    case 'removeSection':
      return { ...doc, sections: doc.sections.filter((s) => s.key !== action.key) };
    case 'moveSection':
      return { ...doc, sections: move(doc.sections, action.from, action.to) };
    case 'addQuestion':
      return mapSection(doc, action.sectionKey, (s) => ({
        ...s,
        questions: [...s.questions, blankQuestion(action.key)],
      }));
    case 'removeQuestion':
      return mapSection(doc, action.sectionKey, (s) => ({
        ...s,
        questions: s.questions.filter((q) => q.key !== action.key),
      }));
    case 'moveQuestion':
      return mapSection(doc, action.sectionKey, (s) => ({
        ...s,
        questions: move(s.questions, action.from, action.to),
      }));
    case 'question':
      return mapSection(doc, action.sectionKey, (s) => ({
        ...s,
        questions: s.questions.map((q) => {
          if (q.key !== action.key) return q;
          const next = { ...q, ...action.patch };
          // A question that becomes a choice question starts with two named choices.
          if (action.patch.type && isChoiceType(action.patch.type) && next.choices.length === 0) {
            next.choices = [...DEFAULT_CHOICES];
          }
          return next;
        }),
      }));
    case 'ids':
      return withIds(doc, action.ids);
  }
}
