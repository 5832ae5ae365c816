// /journal/general (spec §2.4, §2.5): the clinic name and signature line printed on sent notes,
// and which published form is the default for new notes. An ADMIN edits them (validated with
// the contract's schema, saved with the version they edited); STAFF reads them.
import {
  updateJournalSettingsRequestSchema,
  useFormSummaries,
  useJournalSettings,
  useSession,
  useUpdateJournalSettings,
  type FormSummary,
  type JournalSettings,
} from '@halsa/api';
import { useState } from 'react';
import { errorText } from '../../../lib/server-message';
import { Alert } from '../../../primitives/alert/alert';
import { Button } from '../../../primitives/button/button';
import { Select } from '../../../primitives/select/select';
import { Spinner } from '../../../primitives/spinner/spinner';
import { TextField } from '../../../primitives/text-field/text-field';
import { LoadError } from '../../../components/load-error/load-error';
import { Page } from '../../../components/page/page';

export const SETTINGS_SAVED = 'Journalinställningarna har sparats.';
export const SETTINGS_SAVE_FAILED = 'Kunde inte spara journalinställningar';
export const SETTINGS_LOAD_FAILED = 'Kunde inte hämta journalinställningar';
export const NO_DEFAULT_FORM = 'Inget standardformulär';

type Field = 'clinicName' | 'signatureLine' | 'defaultFormId';

const formTitle = (forms: FormSummary[] | undefined, id: number | null): string =>
  id === null
    ? NO_DEFAULT_FORM
    : (forms?.find((f) => f.id === id)?.title ?? `Formulär ${String(id)}`);

function ReadOnlySettings({
  settings,
  forms,
}: {
  settings: JournalSettings;
  forms?: FormSummary[];
}) {
  return (
    <div className="flex flex-col gap-4">
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[auto_1fr]">
        <dt className="text-fg-muted">Klinikens namn</dt>
        <dd>{settings.clinicName}</dd>
        <dt className="text-fg-muted">Signaturrad</dt>
        <dd>{settings.signatureLine || 'Ingen signaturrad'}</dd>
        <dt className="text-fg-muted">Standardformulär</dt>
        <dd>{formTitle(forms, settings.defaultFormId)}</dd>
      </dl>
      <p className="text-sm text-fg-muted">
        Endast administratörer kan ändra journalinställningarna.
      </p>
    </div>
  );
}

function SettingsForm({
  settings,
  forms,
  formsFailed,
}: {
  settings: JournalSettings;
  forms?: FormSummary[];
  formsFailed: boolean;
}) {
  const update = useUpdateJournalSettings();
  const [clinicName, setClinicName] = useState(settings.clinicName);
  const [signatureLine, setSignatureLine] = useState(settings.signatureLine);
  const [defaultFormId, setDefaultFormId] = useState<number | null>(settings.defaultFormId);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);

  const published = (forms ?? []).filter((f) => !f.drafted);
  // The current default stays choosable even while the forms list is missing.
  const options = [
    { value: '', label: NO_DEFAULT_FORM },
    ...published.map((f) => ({ value: String(f.id), label: f.title || 'Namnlöst formulär' })),
    ...(defaultFormId !== null && !published.some((f) => f.id === defaultFormId)
      ? [{ value: String(defaultFormId), label: formTitle(forms, defaultFormId) }]
      : []),
  ];

  const save = async () => {
    setResult(null);
    const parsed = updateJournalSettingsRequestSchema.safeParse({
      clinicName,
      signatureLine,
      defaultFormId,
      version: settings.version,
    });
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      await update.trigger(parsed.data);
      setResult({ ok: true, message: SETTINGS_SAVED });
    } catch (error) {
      setResult({ ok: false, message: errorText(error, SETTINGS_SAVE_FAILED) });
    }
  };

  return (
    <form
      aria-label="Journalinställningar"
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <TextField
        label="Klinikens namn"
        hint="Skrivs ut på skickade anteckningar."
        value={clinicName}
        onChange={(e) => setClinicName(e.target.value)}
        error={errors.clinicName}
        maxLength={150}
      />
      <TextField
        label="Signaturrad"
        hint="Står under anteckningen, till exempel ”Med vänliga hälsningar, teamet på kliniken”."
        value={signatureLine}
        onChange={(e) => setSignatureLine(e.target.value)}
        error={errors.signatureLine}
        maxLength={250}
      />
      <Select
        label="Standardformulär"
        hint={
          formsFailed
            ? 'Formulären kunde inte hämtas. Försök igen senare.'
            : 'Föreslås för nya anteckningar. Bara publicerade formulär kan väljas.'
        }
        options={options}
        value={defaultFormId === null ? '' : String(defaultFormId)}
        onChange={(e) => setDefaultFormId(e.target.value === '' ? null : Number(e.target.value))}
        error={errors.defaultFormId}
      />
      {result ? <Alert variant={result.ok ? 'success' : 'error'}>{result.message}</Alert> : null}
      <div>
        <Button type="submit" loading={update.isMutating} loadingLabel="Sparar…">
          Spara
        </Button>
      </div>
    </form>
  );
}

export function JournalSettingsScreen() {
  const { user } = useSession();
  const { settings, error, isLoading, mutate } = useJournalSettings();
  const forms = useFormSummaries();
  return (
    <Page page="journalSettings" gap="gap-4">
      {error ? (
        <LoadError onRetry={() => void mutate()}>
          {errorText(error, SETTINGS_LOAD_FAILED)}
        </LoadError>
      ) : isLoading || !settings || !user || forms.isLoading ? (
        // Wait for the forms too, so the default form shows by its title, never by its number.
        <Spinner label="Hämtar journalinställningar…" />
      ) : user.role === 'ADMIN' ? (
        <SettingsForm settings={settings} forms={forms.forms} formsFailed={Boolean(forms.error)} />
      ) : (
        <ReadOnlySettings settings={settings} forms={forms.forms} />
      )}
    </Page>
  );
}
