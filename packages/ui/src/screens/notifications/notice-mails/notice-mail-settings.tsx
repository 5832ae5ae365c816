import { useId, useState } from 'react';
import {
  NOTICE_KIND_LABELS,
  NOTICE_KINDS,
  NOTICE_MAIL_MESSAGES,
  useNoticeMailSettings,
  useUpdateNoticeMailSetting,
  type NoticeKind,
} from '@halsa/api';
import { LoadError } from '../../../components/load-error/load-error';
import { Alert } from '../../../primitives/alert/alert';
import { Checkbox } from '../../../primitives/checkbox/checkbox';
import { Spinner } from '../../../primitives/spinner/spinner';
import { errorText } from '../../../lib/server-message';

/** The line under the heading: what a notice mail carries, and what it never does. */
export const NOTICE_MAIL_LEAD =
  'Välj vad du vill få e-post om. E-posten innehåller aldrig hälsouppgifter, provsvar eller meddelandets text – bara att något nytt finns att läsa när du har loggat in.';
export const NOTICE_MAIL_SAVING = 'Sparar…';
const SAVE_FAILED = 'Kunde inte spara inställningen';
const LOAD_FAILED = 'Kunde inte hämta inställningarna för e-postavisering';

type Outcome =
  | { state: 'idle' }
  | { state: 'saving' }
  | { state: 'saved' }
  | { state: 'failed'; message: string };

/**
 * 'E-postavisering' (design §4.16) on /profile/notifications: one checkbox per kind of notice
 * mail, saved at once when changed. The box shows the change while it is saved and goes back
 * if saving fails; a status line confirms, an alert says what went wrong.
 */
export function NoticeMailSettings() {
  const headingId = useId();
  const { settings, error, isLoading, mutate } = useNoticeMailSettings();
  const { trigger } = useUpdateNoticeMailSetting();
  const [saving, setSaving] = useState<ReadonlySet<NoticeKind>>(new Set());
  const [outcome, setOutcome] = useState<Outcome>({ state: 'idle' });

  const change = async (kind: NoticeKind, enabled: boolean) => {
    if (saving.has(kind)) return;
    setSaving((current) => new Set(current).add(kind));
    setOutcome({ state: 'saving' });
    try {
      await trigger({ kind, enabled });
      setOutcome({ state: 'saved' });
    } catch (failure) {
      setOutcome({ state: 'failed', message: errorText(failure, SAVE_FAILED) });
    } finally {
      setSaving((current) => {
        const next = new Set(current);
        next.delete(kind);
        return next;
      });
    }
  };

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-card border border-border bg-surface px-4 py-4 shadow-card"
    >
      <h2 id={headingId} className="text-lg font-semibold">
        E-postavisering
      </h2>
      <p className="mt-2 max-w-prose text-fg-muted">{NOTICE_MAIL_LEAD}</p>

      {settings === undefined && isLoading ? (
        <div className="flex justify-center py-4">
          <Spinner label="Hämtar inställningar…" showLabel />
        </div>
      ) : settings === undefined ? (
        <LoadError className="mt-4" onRetry={() => void mutate()}>
          {errorText(error, LOAD_FAILED)}
        </LoadError>
      ) : (
        <>
          <fieldset className="mt-4" aria-busy={saving.size > 0 ? true : undefined}>
            <legend className="font-medium">Skicka e-post till mig om</legend>
            <div className="mt-3 space-y-3">
              {NOTICE_KINDS.map((kind) => (
                <Checkbox
                  key={kind}
                  label={NOTICE_KIND_LABELS[kind]}
                  checked={settings[kind]}
                  data-kind={kind}
                  onChange={(event) => void change(kind, event.currentTarget.checked)}
                />
              ))}
            </div>
          </fieldset>
          <p role="status" className="mt-4 min-h-6 text-sm text-fg-muted">
            {outcome.state === 'saving'
              ? NOTICE_MAIL_SAVING
              : outcome.state === 'saved'
                ? NOTICE_MAIL_MESSAGES.saved
                : ''}
          </p>
          {outcome.state === 'failed' ? (
            <Alert
              variant="error"
              title="Inställningen sparades inte"
              className="mt-2"
              onDismiss={() => setOutcome({ state: 'idle' })}
            >
              {outcome.message}
            </Alert>
          ) : null}
        </>
      )}
    </section>
  );
}
