// A published form (spec §3): shown as it is, read-only. 'Duplicera' makes a draft copy and
// opens it in the editor.
import {
  FORM_PUBLISHED_READ_ONLY,
  isApiError,
  questionTypeLabels,
  useDuplicateForm,
  type Form,
} from '@halsa/api';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { to } from '../../../config/links';
import { Alert } from '../../../primitives/alert/alert';
import { Badge } from '../../../primitives/badge/badge';
import { Button } from '../../../primitives/button/button';

export const DUPLICATE_FAILED = 'Misslyckades att duplicera formulär';

const sorted = <T extends { sortOrder: number }>(list: T[]) =>
  [...list].sort((a, b) => a.sortOrder - b.sortOrder);

export function ReadOnlyForm({ form }: { form: Form }) {
  const navigate = useNavigate();
  const { trigger, isMutating } = useDuplicateForm();
  const [error, setError] = useState<string | null>(null);
  const duplicate = async () => {
    setError(null);
    try {
      const copy = await trigger(form.id);
      void navigate(to.journalTemplate(copy.id));
    } catch (e) {
      setError(isApiError(e) ? e.message : DUPLICATE_FAILED);
    }
  };
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="min-w-0 text-2xl font-semibold break-words">
          {form.title || 'Namnlöst formulär'}
        </h1>
        <Badge variant="success">Publicerat</Badge>
      </div>
      <Alert
        variant="info"
        action={
          <Button
            type="button"
            loading={isMutating}
            loadingLabel="Duplicerar…"
            onClick={() => void duplicate()}
          >
            Duplicera
          </Button>
        }
      >
        {FORM_PUBLISHED_READ_ONLY}
      </Alert>
      {error ? <Alert variant="error">{error}</Alert> : null}
      <ol className="flex flex-col gap-4">
        {sorted(form.sections).map((section, i) => (
          <li key={section.id}>
            <section
              aria-label={`Sektion ${i + 1}`}
              className="flex flex-col gap-3 rounded-card border border-border bg-surface p-4 sm:p-5"
            >
              <h2 className="text-xl font-semibold">
                Sektion {i + 1}
                {section.title ? `: ${section.title}` : ''}
              </h2>
              {section.instruction ? <p className="text-fg-muted">{section.instruction}</p> : null}
              {section.questions.length === 0 ? (
                <p className="text-fg-muted">Sektionen har inga frågor.</p>
              ) : (
                <ol className="flex list-decimal flex-col gap-3 pl-6">
                  {sorted(section.questions).map((q) => (
                    <li key={q.id}>
                      <p className="font-medium">{q.text || 'Fråga utan text'}</p>
                      <p className="text-sm text-fg-muted">
                        {questionTypeLabels[q.type]}
                        {q.type === 'NUMBER' && q.options.unit ? ` (${q.options.unit})` : ''}
                        {q.required ? ' · Obligatorisk' : ''}
                      </p>
                      {q.options.choices?.length ? (
                        <ul className="mt-1 list-disc pl-5 text-sm">
                          {q.options.choices.map((c, j) => (
                            <li key={j}>{c}</li>
                          ))}
                        </ul>
                      ) : null}
                    </li>
                  ))}
                </ol>
              )}
            </section>
          </li>
        ))}
      </ol>
    </div>
  );
}
