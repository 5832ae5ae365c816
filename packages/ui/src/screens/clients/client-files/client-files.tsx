// Lab Resultat and Handlingsplan (spec §2.6, §8): an ADMIN uploads a file for the client by drag
// and drop or 'Välj fil', with a progress bar, then 'Filen har laddats upp' or the server's
// message or 'Något gick fel'; the client is notified live by the server. 'Visa historik' lists
// the uploads (file name, Swedish date and time, download). A structured lab file (CSV, FHIR;
// design §4.15) also says what was read: 'N värden lästes, M hoppades över' with each skipped
// value's analysis and reason, after the upload and per file in the history.
import {
  type Client,
  type LabResultEntry,
  type UploadProgress,
  displayName,
  isApiError,
  saveBlob,
  useActionPlanHistory,
  useDownloadActionPlan,
  useDownloadLabData,
  useLabHistory,
  useSession,
  useUploadActionPlan,
  useUploadLabData,
} from '@halsa/api';
import { useState } from 'react';
import { messageOr } from '../../../lib/server-message';
import { Alert } from '../../../primitives/alert/alert';
import { Button } from '../../../primitives/button/button';
import { FileDropzone } from '../../../primitives/file-dropzone/file-dropzone';
import { Modal } from '../../../primitives/modal/modal';
import { Spinner } from '../../../primitives/spinner/spinner';
import { formatShortDateTime } from '../../../lib/format';
import { ReadSummary } from './read-summary';

export const UPLOAD_DONE = 'Filen har laddats upp';
export const UPLOAD_FAILED = 'Något gick fel';
export const DOWNLOAD_FAILED = 'Kunde inte ladda ner filen';

const MB = 1024 * 1024;
/** What each kind takes (the server's UPLOAD_POLICIES): a lab file may be a CSV or FHIR JSON. */
const ACCEPT = {
  lab: ['application/pdf', 'image/png', 'image/jpeg', '.csv', '.json'],
  actionPlan: ['application/pdf', 'image/png', 'image/jpeg'],
} as const;
const MAX_BYTES = { lab: 25 * MB, actionPlan: 10 * MB } as const;

export type ClientFileKind = 'lab' | 'actionPlan';

const TEXT = {
  lab: {
    heading: 'Lab Resultat',
    upload: 'Ladda upp provsvar',
    history: 'Historik för provsvar',
    historyFailed: 'Misslyckades att ladda historik.',
    empty: 'Inga provsvar har laddats upp ännu.',
  },
  actionPlan: {
    heading: 'Handlingsplan',
    upload: 'Ladda upp handlingsplan',
    history: 'Historik för handlingsplaner',
    historyFailed: 'Misslyckades att ladda handlingsplan.',
    empty: 'Ingen handlingsplan har laddats upp ännu.',
  },
} as const;

function useFiles(kind: ClientFileKind, clientId: number, historyOpen: boolean) {
  const lab = kind === 'lab';
  const labHistory = useLabHistory(lab && historyOpen ? clientId : null);
  const planHistory = useActionPlanHistory(!lab && historyOpen ? clientId : null);
  const labUpload = useUploadLabData(clientId);
  const planUpload = useUploadActionPlan(clientId);
  const labDownload = useDownloadLabData();
  const planDownload = useDownloadActionPlan();
  const upload = (args: {
    file: File;
    onProgress: (p: UploadProgress) => void;
  }): Promise<LabResultEntry> => (lab ? labUpload.trigger(args) : planUpload.trigger(args));
  return {
    history: lab ? labHistory : planHistory,
    upload,
    download: lab ? labDownload : planDownload,
  };
}

export interface ClientFilesTabProps {
  kind: ClientFileKind;
  client: Client;
}

export function ClientFilesTab({ kind, client }: ClientFilesTabProps) {
  const text = TEXT[kind];
  const { user } = useSession();
  const [historyOpen, setHistoryOpen] = useState(false);
  const { history, upload, download } = useFiles(kind, client.id, historyOpen);
  const [progress, setProgress] = useState<number | undefined>(undefined);
  const [result, setResult] = useState<{
    ok: boolean;
    message: string;
    entry?: LabResultEntry;
  } | null>(null);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const entries: LabResultEntry[] | undefined = history.data;

  const onFile = async (file: File) => {
    setResult(null);
    setProgress(0);
    try {
      const entry = await upload({
        file,
        onProgress: (p) => setProgress(p.fraction === null ? 0 : Math.round(p.fraction * 100)),
      });
      setResult({ ok: true, message: UPLOAD_DONE, entry });
    } catch (e) {
      setResult({ ok: false, message: messageOr(e, UPLOAD_FAILED) });
    } finally {
      setProgress(undefined);
    }
  };

  const save = async (fileName: string) => {
    setDownloadError(null);
    try {
      saveBlob(await download.trigger({ userId: client.id, fileName }), fileName);
    } catch (e) {
      setDownloadError(isApiError(e) && e.message ? e.message : DOWNLOAD_FAILED);
    }
  };

  return (
    <section className="flex flex-col gap-4" aria-label={text.heading}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold">{text.heading}</h2>
        <Modal
          title={text.history}
          description={`Uppladdade filer för ${displayName(client)}, nyast först.`}
          open={historyOpen}
          onOpenChange={setHistoryOpen}
          trigger={<Button variant="secondary">Visa historik</Button>}
        >
          {history.error ? (
            <Alert variant="error">{text.historyFailed}</Alert>
          ) : !entries ? (
            <Spinner label="Hämtar historik…" />
          ) : entries.length === 0 ? (
            <p className="text-sm text-fg-muted">{text.empty}</p>
          ) : (
            <ul className="flex flex-col divide-y divide-border">
              {entries.map((e) => (
                <li key={e.fileName} className="flex items-center justify-between gap-3 py-2">
                  <span className="min-w-0">
                    <span className="block font-medium [overflow-wrap:anywhere]">{e.fileName}</span>
                    <span className="block text-sm text-fg-muted">
                      {formatShortDateTime(e.timestamp)}
                    </span>
                    {e.readSummary ? (
                      <ReadSummary summary={e.readSummary} fileName={e.fileName} />
                    ) : null}
                  </span>
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={`Ladda ner ${e.fileName}`}
                    onClick={() => void save(e.fileName)}
                  >
                    Ladda ner
                  </Button>
                </li>
              ))}
            </ul>
          )}
          {downloadError ? <Alert variant="error">{downloadError}</Alert> : null}
        </Modal>
      </div>
      {user === undefined ? null : user?.role === 'ADMIN' ? (
        <>
          <FileDropzone
            label={text.upload}
            accept={ACCEPT[kind]}
            maxBytes={MAX_BYTES[kind]}
            onFile={(f) => void onFile(f)}
            progress={progress}
            disabled={progress !== undefined}
          />
          {result ? (
            result.entry?.readSummary ? (
              <Alert variant="success" title={result.message}>
                <ReadSummary summary={result.entry.readSummary} fileName={result.entry.fileName} />
              </Alert>
            ) : (
              <Alert variant={result.ok ? 'success' : 'error'}>{result.message}</Alert>
            )
          ) : null}
        </>
      ) : (
        <p className="text-sm text-fg-muted">Endast administratörer kan ladda upp filer.</p>
      )}
    </section>
  );
}
