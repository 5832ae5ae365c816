import {
  isApiError,
  saveBlob,
  useDownloadLabData,
  useOpenLabFile,
  type Id,
  type LabFile,
} from '@halsa/api';
import { useEffect, useState } from 'react';
import { FileIcon } from '../../../lib/icons';
import { Alert } from '../../../primitives/alert/alert';
import { Badge } from '../../../primitives/badge/badge';
import { Button } from '../../../primitives/button/button';
import { formatDate, SWEDISH_TIME } from '../../../lib/format';
import { formatLabels } from '../labels';

export const DOWNLOAD_FAILED = 'Kunde inte ladda ner filen';

interface Viewed {
  fileName: string;
  url: string;
}

export interface LabFilesProps {
  userId: Id;
  files: readonly LabFile[];
  /**
   * Her own page (default): the newest file is marked new until she opens it, and opening marks
   * it. Staff reading her page (design §4.7) see the files without marking anything.
   */
  own?: boolean;
}

/** Her lab files newest first: download, a PDF opened in the page, the newest marked new. */
export function LabFiles({ userId, files, own = true }: LabFilesProps) {
  const download = useDownloadLabData();
  const open = useOpenLabFile(userId);
  const [viewed, setViewed] = useState<Viewed | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  // The blob URL of the PDF in view lives as long as it is shown.
  useEffect(() => () => (viewed ? URL.revokeObjectURL(viewed.url) : undefined), [viewed]);

  const fetchFile = async (file: LabFile): Promise<Blob | null> => {
    setError(null);
    setBusy(file.fileName);
    try {
      const blob = await download.trigger({ userId, fileName: file.fileName });
      if (own && file.openedAt === null) void open.trigger(file.fileName).catch(() => {});
      return blob;
    } catch (e) {
      setError(isApiError(e) && e.message ? e.message : DOWNLOAD_FAILED);
      return null;
    } finally {
      setBusy(null);
    }
  };

  const save = async (file: LabFile) => {
    const blob = await fetchFile(file);
    if (blob) saveBlob(blob, file.fileName);
  };

  const show = async (file: LabFile) => {
    if (viewed?.fileName === file.fileName) {
      setViewed(null);
      return;
    }
    const blob = await fetchFile(file);
    if (blob) {
      const pdf = new Blob([blob], { type: 'application/pdf' });
      setViewed({ fileName: file.fileName, url: URL.createObjectURL(pdf) });
    }
  };

  const newest = files[0];
  return (
    <div className="flex flex-col gap-3">
      {error ? (
        <Alert variant="error" onDismiss={() => setError(null)}>
          {error}
        </Alert>
      ) : null}
      <ul className="flex flex-col divide-y divide-border rounded-card border border-border">
        {files.map((file) => {
          const isNew = own && file === newest && file.openedAt === null;
          const isPdf = file.format === 'PDF';
          const inView = viewed?.fileName === file.fileName;
          return (
            <li
              key={file.fileName}
              className="flex flex-col gap-2 p-3"
              data-new={isNew || undefined}
            >
              <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
                <FileIcon className="size-5 shrink-0 text-fg-muted" aria-hidden="true" />
                {/* At least 12rem beside the buttons, or the buttons go under it (a phone). */}
                <div className="flex min-w-0 flex-1 basis-48 flex-col">
                  <span className="flex flex-wrap items-center gap-2 font-medium [overflow-wrap:anywhere]">
                    {file.fileName}
                    {isNew ? <Badge variant="unread">Ny</Badge> : null}
                  </span>
                  <span className="text-sm text-fg-muted">
                    {formatLabels[file.format]} · uppladdad{' '}
                    {formatDate(file.timestamp, { timeZone: SWEDISH_TIME })}
                  </span>
                </div>
                <div className="flex gap-2">
                  {isPdf ? (
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-expanded={inView}
                      disabled={busy === file.fileName}
                      onClick={() => void show(file)}
                    >
                      {inView ? 'Stäng' : 'Visa'}
                      <span className="sr-only"> {file.fileName}</span>
                    </Button>
                  ) : null}
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={busy === file.fileName}
                    onClick={() => void save(file)}
                  >
                    Ladda ner<span className="sr-only"> {file.fileName}</span>
                  </Button>
                </div>
              </div>
              {file.valuesStatus === 'UNREADABLE' && file.note ? (
                <p className="rounded-control bg-warning-soft px-3 py-2 text-sm text-warning-soft-fg">
                  {file.note}
                </p>
              ) : null}
              {inView ? (
                <iframe
                  title={`PDF: ${file.fileName}`}
                  src={viewed.url}
                  className="h-[70vh] w-full rounded-control border border-border"
                />
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
