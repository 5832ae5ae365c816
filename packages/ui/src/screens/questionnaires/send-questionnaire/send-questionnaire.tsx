// 'Skicka enkät' (design §4.19, issue 36): staff choose a published 'Enkät till klient' and an
// optional last day. On a client's page it goes to her (STAFF who may read her, and ADMIN; the
// page's frame has already refused anyone else); from the client list to several at once, and
// the answer names those who already had it open (they get no second one).
import {
  type Client,
  displayName,
  useFormSummaries,
  useSendQuestionnaire,
  useSendQuestionnaires,
  useSession,
  type SendQuestionnairesResult,
} from '@halsa/api';
import { useState, type FormEvent } from 'react';
import { Alert } from '../../../primitives/alert/alert';
import { FormDialog } from '../../../components/form-dialog/form-dialog';
import { errorText } from '../../../lib/server-message';
import { Select } from '../../../primitives/select/select';
import { TextField } from '../../../primitives/text-field/text-field';
import { useToast } from '../../../primitives/toast/toast';

export const SEND_LABEL = 'Skicka enkät';
export const SEND_FAILED = 'Kunde inte skicka enkäten.';
export const FORMS_LOAD_FAILED = 'Kunde inte hämta enkäterna.';
export const CHOOSE_QUESTIONNAIRE = 'Välj en enkät.';
export const DUE_DATE_PAST = 'Sista svarsdagen kan inte vara passerad.';
export const NO_QUESTIONNAIRES =
  'Det finns ingen publicerad enkät till klient. Skapa en under Formulär först.';
export const ALREADY_OPEN_HEADING = 'Fick ingen ny eftersom enkäten redan var öppen:';
export const sentTo = (name: string, title: string): string =>
  `Enkäten ”${title}” skickades till ${name}.`;

/** Today as a Swedish calendar day (yyyy-mm-dd). */
const today = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Stockholm' });

interface SendDialogProps {
  title: string;
  description: string;
  /** Sends; resolves with the toast's text. A thrown error stays in the dialog. */
  send: (formId: number, dueDate: string | null, title: string) => Promise<string>;
  busy: boolean;
  triggerLabel?: string;
}

/**
 * The published questionnaires to choose from; mounted only while the dialog is open (its
 * body is), so the forms are fetched then.
 */
function QuestionnaireSelect({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (formId: string, title: string) => void;
  error?: string;
}) {
  const { forms, error: loadError } = useFormSummaries();
  const published = (forms ?? []).filter((f) => f.purpose === 'QUESTIONNAIRE' && !f.drafted);
  if (loadError) return <Alert variant="error">{FORMS_LOAD_FAILED}</Alert>;
  if (forms && published.length === 0) return <Alert variant="warning">{NO_QUESTIONNAIRES}</Alert>;
  return (
    <Select
      label="Enkät"
      placeholder={forms ? 'Välj enkät' : 'Hämtar enkäter…'}
      options={published.map((f) => ({ value: String(f.id), label: f.title }))}
      value={value}
      onChange={(e) =>
        onChange(
          e.target.value,
          published.find((f) => String(f.id) === e.target.value)?.title ?? '',
        )
      }
      error={error}
    />
  );
}

/** The dialog both ways of sending share: which questionnaire, and the last day if any. */
function SendDialog({
  title,
  description,
  send,
  busy,
  triggerLabel = SEND_LABEL,
}: SendDialogProps) {
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState({ formId: '', title: '' });
  const [dueDate, setDueDate] = useState('');
  const [errors, setErrors] = useState<{ form?: string; due?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const toast = useToast();

  const reset = () => {
    setChosen({ formId: '', title: '' });
    setDueDate('');
    setErrors({});
    setFailure(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const next = {
      form: chosen.formId ? undefined : CHOOSE_QUESTIONNAIRE,
      due: dueDate && dueDate < today() ? DUE_DATE_PAST : undefined,
    };
    setErrors(next);
    if (next.form || next.due) return;
    try {
      toast.success(await send(Number(chosen.formId), dueDate || null, chosen.title));
      setOpen(false);
      reset();
    } catch (e) {
      setFailure(errorText(e, SEND_FAILED));
    }
  };

  return (
    <FormDialog
      title={title}
      description={description}
      triggerLabel={triggerLabel}
      triggerProps={{ variant: 'secondary', size: 'sm' }}
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) reset();
      }}
      onSubmit={(e) => void submit(e)}
      submitLabel={SEND_LABEL}
      busy={busy}
      busyLabel="Skickar…"
      failure={failure}
    >
      <QuestionnaireSelect
        value={chosen.formId}
        onChange={(formId, title) => {
          setChosen({ formId, title });
          setErrors((prev) => ({ ...prev, form: undefined }));
        }}
        error={errors.form}
      />
      <TextField
        label="Sista svarsdag (valfritt)"
        hint="Klienten får en påminnelse tre dagar innan om enkäten inte är besvarad."
        type="date"
        min={today()}
        value={dueDate}
        onChange={(e) => {
          setDueDate(e.target.value);
          setErrors((prev) => ({ ...prev, due: undefined }));
        }}
        error={errors.due}
      />
    </FormDialog>
  );
}

/** 'Skicka enkät' on a client's page. */
export function SendQuestionnaire({ client }: { client: Client }) {
  const { user } = useSession();
  const { trigger, isMutating } = useSendQuestionnaire();
  if (user?.role !== 'STAFF' && user?.role !== 'ADMIN') return null;
  const name = displayName(client);
  return (
    <SendDialog
      title={`Skicka enkät till ${name}`}
      description="Klienten får en notis och ett mejl om att en enkät väntar. Mejlet innehåller inga hälsouppgifter."
      busy={isMutating}
      send={async (formId, dueDate, title) => {
        await trigger({ clientId: client.id, formId, dueDate });
        return sentTo(name, title);
      }}
    />
  );
}

/** The toast after a send to several: how many got it, and how many already had it open. */
export function bulkResultText({ sent, alreadyOpen }: SendQuestionnairesResult): string {
  const got = `Enkäten skickades till ${sent.length} ${sent.length === 1 ? 'klient' : 'klienter'}.`;
  if (!alreadyOpen.length) return got;
  return `${got} ${alreadyOpen.length} hade den redan öppen och fick ingen ny.`;
}

export interface SendQuestionnairesProps {
  /** The selected clients. */
  clients: readonly Client[];
  /** After a send: who got it and who was skipped because one was already open. */
  onSent?: (result: SendQuestionnairesResult) => void;
}

/** 'Skicka enkät' from the client list, to every selected client at once. */
export function SendQuestionnaires({ clients, onSent }: SendQuestionnairesProps) {
  const { trigger, isMutating } = useSendQuestionnaires();
  const [skipped, setSkipped] = useState<string[]>([]);
  const count = clients.length;
  return (
    <div className="flex flex-col items-start gap-2">
      <SendDialog
        title={`Skicka enkät till ${count} ${count === 1 ? 'klient' : 'klienter'}`}
        description="Den som redan har enkäten öppen får ingen ny. Mejlen innehåller inga hälsouppgifter."
        busy={isMutating}
        triggerLabel={`${SEND_LABEL} (${count})`}
        send={async (formId, dueDate) => {
          const result = await trigger({ formId, dueDate, clientIds: clients.map((c) => c.id) });
          setSkipped(
            clients.filter((c) => result.alreadyOpen.includes(c.id)).map((c) => displayName(c)),
          );
          onSent?.(result);
          return bulkResultText(result);
        }}
      />
      {skipped.length ? (
        <Alert variant="info">{`${ALREADY_OPEN_HEADING} ${skipped.join(', ')}.`}</Alert>
      ) : null}
    </div>
  );
}
