// Profile picture: choose an image, see it before saving, save or remove it. Checked here first
// (an image, at most 2 MB) and again by the server, whose message is shown when it refuses.
import {
  displayName,
  isApiError,
  type SessionUser,
  useRemoveProfileImage,
  useUploadProfileImage,
} from '@halsa/api';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { Avatar } from '../../../components/avatar/avatar';
import { Alert } from '../../../primitives/alert/alert';
import { Button } from '../../../primitives/button/button';

export const MAX_PICTURE_BYTES = 2 * 1024 * 1024;
export const PICTURE_TOO_BIG = 'Bilden är för stor. Den får vara högst 2 MB.';
export const PICTURE_NOT_IMAGE = 'Välj en bild i formatet JPEG, PNG, WebP eller GIF.';
const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];

export function ProfilePicture({ user }: { user: SessionUser }) {
  const headingId = useId();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadProfileImage();
  const remove = useRemoveProfileImage();
  const [chosen, setChosen] = useState<{ file: File; url: string } | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const fullName = displayName(user);

  useEffect(() => () => (chosen ? URL.revokeObjectURL(chosen.url) : undefined), [chosen]);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    setMessage(null);
    if (!file) return;
    if (!IMAGE_TYPES.includes(file.type)) {
      setMessage({ ok: false, text: PICTURE_NOT_IMAGE });
      return;
    }
    if (file.size > MAX_PICTURE_BYTES) {
      setMessage({ ok: false, text: PICTURE_TOO_BIG });
      return;
    }
    setChosen({ file, url: URL.createObjectURL(file) });
  };

  const save = async () => {
    if (!chosen) return;
    try {
      await upload.trigger({ file: chosen.file });
      setChosen(null);
      setMessage({ ok: true, text: 'Profilbilden är sparad.' });
    } catch (e) {
      setMessage({
        ok: false,
        text: isApiError(e) && e.message ? e.message : 'Kunde inte ladda upp profilbilden',
      });
    }
  };

  const drop = async () => {
    try {
      await remove.trigger();
      setMessage({ ok: true, text: 'Profilbilden är borttagen.' });
    } catch (e) {
      setMessage({
        ok: false,
        text: isApiError(e) && e.message ? e.message : 'Kunde inte ta bort profilbilden',
      });
    }
  };

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-xl font-semibold">
        Profilbild
      </h2>
      <div className="flex flex-wrap items-center gap-4">
        {chosen ? (
          <img
            src={chosen.url}
            alt="Förhandsvisning av den nya profilbilden"
            className="size-16 rounded-full object-cover"
          />
        ) : (
          <Avatar fullName={fullName} imageUrl={user.imageUrl} size="lg" />
        )}
        <div className="flex flex-wrap gap-2">
          <input
            ref={input}
            id={inputId}
            type="file"
            accept={IMAGE_TYPES.join(',')}
            className="sr-only"
            tabIndex={-1}
            aria-hidden="true"
            onChange={choose}
          />
          {chosen ? (
            <>
              <Button onClick={() => void save()} disabled={upload.isMutating}>
                {upload.isMutating ? 'Sparar…' : 'Spara bild'}
              </Button>
              <Button variant="ghost" onClick={() => setChosen(null)}>
                Avbryt
              </Button>
            </>
          ) : (
            <>
              <Button variant="secondary" onClick={() => input.current?.click()}>
                Välj bild
              </Button>
              {user.imageUrl ? (
                <Button variant="ghost" onClick={() => void drop()} disabled={remove.isMutating}>
                  Ta bort bild
                </Button>
              ) : null}
            </>
          )}
        </div>
      </div>
      <p className="text-sm text-fg-muted">JPEG, PNG, WebP eller GIF, högst 2 MB.</p>
      {message ? <Alert variant={message.ok ? 'success' : 'error'}>{message.text}</Alert> : null}
    </section>
  );
}
