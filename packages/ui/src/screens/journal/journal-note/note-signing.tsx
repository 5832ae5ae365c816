// Signing the note: the delivery channel chosen before signing, and the signed note shown
// read-only afterwards.
import {
  displayName,
  readableSections,
  type Client,
  type Form,
  type JournalNote,
} from '@halsa/api';
import { Link } from 'react-router';
import { to } from '../../../config/links';
import { Alert } from '../../../primitives/alert/alert';
import { Button } from '../../../primitives/button/button';
import { NoteArticle } from '../my-journal/note-article';

export function DeliveryChannel({ client }: { client: Client }) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1.5 font-semibold">Leveranskanal</legend>
      <label className="flex min-h-target items-center gap-2">
        <input
          type="radio"
          name="kanal"
          value="EMAIL"
          defaultChecked
          className="size-5 accent-primary"
        />
        <span>
          E-post <span className="text-fg-muted">({client.email})</span>
        </span>
      </label>
      <label className="flex min-h-target items-center gap-2 text-fg-muted">
        <input
          type="radio"
          name="kanal"
          value="DIRECT_MESSAGE"
          disabled
          aria-describedby="kanal-direkt-info"
          className="size-5"
        />
        <span>Direktmeddelande</span>
      </label>
      <p id="kanal-direkt-info" className="text-sm text-fg-muted">
        Direktmeddelande går inte att välja ännu. Anteckningen skickas med e-post.
      </p>
    </fieldset>
  );
}

export function SignedNote({
  client,
  form,
  note,
  onNew,
}: {
  client: Client;
  form: Form;
  note: JournalNote;
  onNew: () => void;
}) {
  const signer = note.signedBy?.name ?? '';
  return (
    <div className="flex flex-col gap-4">
      <Alert variant="success" title="Anteckningen är signerad och skickad">
        {`Den kan inte längre ändras. ${displayName(client)} har fått ett e-postmeddelande om att en ny anteckning finns att läsa.`}
      </Alert>
      <NoteArticle
        note={{
          id: note.id,
          content: '',
          createdAt: note.createdAt,
          authorName: signer,
          signed: true,
          signedAt: note.signedAt,
          title: note.formTitle,
          formId: note.formId,
          signedByName: signer,
          correctsNoteId: note.correctsNoteId,
          // The signing answer (JournalNote) has no letterhead; the journal tab shows it.
          clinicName: null,
          signatureLine: null,
          sections: readableSections(form, note.answers),
        }}
      />
      <div className="flex flex-wrap gap-3">
        <Link
          to={to.client(client.id, 'journal')}
          className="inline-flex min-h-target items-center text-accent underline underline-offset-4"
        >
          Till journalen
        </Link>
        <Button variant="secondary" onClick={onNew}>
          Skriv en ny anteckning
        </Button>
      </div>
    </div>
  );
}
