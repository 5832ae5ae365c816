// /action-plan (spec §2.4, issue 13; USER): her current action plan (the latest upload) opened
// in the page, a PDF in the browser's own viewer or a picture as it is; earlier versions listed
// with their dates; every version downloadable. The ACTION_PLAN notice lands here.
import {
  actionPlanKey,
  isApiError,
  noticeMayBe,
  saveBlob,
  useActionPlan,
  useDownloadActionPlan,
  useSession,
  type FileEntry,
  type Id,
} from '@halsa/api';
import { LiveDestinations, useRevalidateOnReconnect, useTopic } from '@halsa/api/live';
import { useEffect, useId, useState } from 'react';
import { formatDate, SWEDISH_TIME } from '../../../lib/format';
import { FileIcon } from '../../../lib/icons';
import { Alert } from '../../../primitives/alert/alert';
import { Button } from '../../../primitives/button/button';
import { EmptyState } from '../../../primitives/empty-state/empty-state';
import { Spinner } from '../../../primitives/spinner/spinner';
import { Page } from '../../../components/page/page';

export const NO_ACTION_PLAN = 'Ingen handlingsplan ännu';
const DOWNLOAD_FAILED = 'Kunde inte ladda ner filen';

const uploaded = (iso: string) => formatDate(iso, { timeZone: SWEDISH_TIME });

type Shown =
  | { state: 'loading' }
  | { state: 'error'; message: string }
  | { state: 'ready'; url: string; kind: 'pdf' | 'image' | 'other' };

function kindOf(blob: Blob, fileName: string): 'pdf' | 'image' | 'other' {
  if (blob.type === 'application/pdf' || /\.pdf$/i.test(fileName)) return 'pdf';
  if (/^image\/(png|jpeg)$/.test(blob.type) || /\.(png|jpe?g)$/i.test(fileName)) return 'image';
  return 'other';
}

/** The current plan opened in the page. */
function CurrentPlan({ userId, plan }: { userId: Id; plan: FileEntry }) {
  const download = useDownloadActionPlan();
  const [shown, setShown] = useState<Shown>({ state: 'loading' });
  const { trigger } = download;

  useEffect(() => {
    let url: string | null = null;
    let cancelled = false;
    trigger({ userId, fileName: plan.fileName }).then(
      (blob) => {
        if (cancelled) return;
        const kind = kindOf(blob, plan.fileName);
        const typed = kind === 'pdf' ? new Blob([blob], { type: 'application/pdf' }) : blob;
        url = URL.createObjectURL(typed);
        setShown({ state: 'ready', url, kind });
      },
      (e: unknown) => {
        if (cancelled) return;
        setShown({
          state: 'error',
          message: isApiError(e) && e.message ? e.message : 'Kunde inte öppna handlingsplanen',
        });
      },
    );
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [trigger, userId, plan.fileName]);

  if (shown.state === 'loading') return <Spinner label="Öppnar handlingsplanen…" />;
  if (shown.state === 'error') {
    return (
      <Alert variant="error" title="Kunde inte öppna handlingsplanen">
        {shown.message}
      </Alert>
    );
  }
  if (shown.kind === 'pdf') {
    return (
      <iframe
        title={`Handlingsplan: ${plan.fileName}`}
        src={shown.url}
        className="h-[75vh] w-full rounded-control border border-border"
      />
    );
  }
  if (shown.kind === 'image') {
    return (
      <img
        src={shown.url}
        alt={`Handlingsplan: ${plan.fileName}`}
        className="max-w-full rounded-control border border-border"
      />
    );
  }
  return <p>Filen kan inte visas här. Ladda ner den för att öppna den.</p>;
}

function DownloadButton({ userId, file }: { userId: Id; file: FileEntry }) {
  const download = useDownloadActionPlan();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    setError(null);
    setBusy(true);
    try {
      saveBlob(await download.trigger({ userId, fileName: file.fileName }), file.fileName);
    } catch (e) {
      setError(isApiError(e) && e.message ? e.message : DOWNLOAD_FAILED);
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className="flex flex-col items-end gap-1">
      <Button variant="secondary" size="sm" disabled={busy} onClick={() => void save()}>
        Ladda ner<span className="sr-only"> {file.fileName}</span>
      </Button>
      {error ? (
        <span role="alert" className="text-sm text-danger">
          {error}
        </span>
      ) : null}
    </span>
  );
}

export function ActionPlanScreen() {
  const { user } = useSession();
  const headingId = useId();
  const { files, error, isLoading, mutate } = useActionPlan(user?.id);
  // An ACTION_PLAN notice arriving live brings the new plan in without a reload.
  useTopic<unknown>(LiveDestinations.notifications, (body) => {
    if (noticeMayBe(body, 'ACTION_PLAN')) void mutate();
  });
  useRevalidateOnReconnect(user ? [actionPlanKey(user.id)] : []);
  const [current, ...earlier] = files ?? [];

  return (
    <Page page="actionPlan" gap="gap-6">
      {error ? (
        <Alert variant="error" title="Kunde inte hämta handlingsplan">
          {error.message}
        </Alert>
      ) : isLoading || !files || !user ? (
        <Spinner label="Hämtar handlingsplan…" />
      ) : !current ? (
        <EmptyState
          title={NO_ACTION_PLAN}
          description="När mottagningen har laddat upp din handlingsplan visas den här."
        />
      ) : (
        <>
          <section aria-labelledby={`${headingId}-current`} className="flex flex-col gap-3">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <div>
                <h2 id={`${headingId}-current`} className="text-xl font-semibold">
                  Aktuell handlingsplan
                </h2>
                <p className="text-sm text-fg-muted">
                  {current.fileName} · uppladdad {uploaded(current.timestamp)}
                </p>
              </div>
              <DownloadButton userId={user.id} file={current} />
            </div>
            {/* A new plan remounts the viewer, so it starts again from loading. */}
            <CurrentPlan key={current.fileName} userId={user.id} plan={current} />
          </section>
          <section aria-labelledby={`${headingId}-earlier`} className="flex flex-col gap-3">
            <h2 id={`${headingId}-earlier`} className="text-xl font-semibold">
              Tidigare versioner
            </h2>
            {earlier.length === 0 ? (
              <p className="text-fg-muted">Inga tidigare versioner.</p>
            ) : (
              <ul className="flex flex-col divide-y divide-border rounded-card border border-border">
                {earlier.map((file) => (
                  <li key={file.fileName} className="flex flex-wrap items-center gap-3 p-3">
                    <FileIcon className="size-5 shrink-0 text-fg-muted" aria-hidden="true" />
                    <span className="flex min-w-0 flex-1 flex-col">
                      <span className="font-medium break-all">{file.fileName}</span>
                      <span className="text-sm text-fg-muted">
                        uppladdad {uploaded(file.timestamp)}
                      </span>
                    </span>
                    <DownloadButton userId={user.id} file={file} />
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </Page>
  );
}
