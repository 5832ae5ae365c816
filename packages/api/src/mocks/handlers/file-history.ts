// What the lab-results and action-plan mocks share: per-client file lists, upload, download.
import type { HttpHandler } from 'msw';
import type {
  ActivityAction,
  EndpointName,
  FileEntry,
  Id,
  LabResultEntry,
} from '../../contract/index.ts';
import { userIdQuerySchema } from '../../contract/common.ts';
import { findUser, mockState, nextMockId } from '../state.ts';
import { fullName } from '../fixtures/users.ts';
import { on, type MockInfo } from './endpoint.ts';
import { fileFrom, idParam, readForm, readQuery, stringParam, viewer } from './request.ts';
import { errorResponse, FORBIDDEN, HttpResponse, nowIso } from './respond.ts';

type Store = 'labFiles' | 'actionPlans';

/** A USER reaches only their own files whatever `userId` says (design §5). */
const ownerFromQuery = (request: Request): Id => {
  const { userId } = readQuery(request, userIdQuerySchema);
  const me = viewer();
  if (me.role === 'USER' && userId !== me.id) throw errorResponse(403, FORBIDDEN);
  return userId;
};

/** A tiny valid PDF, so a download opens in a viewer. */
export const pdfBytes = (title: string): string =>
  `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\n% ${title}\ntrailer<</Root 1 0 R>>\n%%EOF\n`;

const ALLOWED = /\.(pdf|png|jpe?g)$/i;

/** A kind's own upload rules: the names it takes and what its answer adds (lab: the read summary). */
export interface FileKindOptions {
  allowed?: RegExp;
  wrongType?: string;
  describe?: (file: File) => Promise<Omit<LabResultEntry, keyof FileEntry>>;
}

export function fileHandlers(
  store: Store,
  names: {
    list: EndpointName;
    history: EndpointName;
    upload: EndpointName;
    download: EndpointName;
  },
  action: ActivityAction,
  options: FileKindOptions = {},
): HttpHandler[] {
  const allowed = options.allowed ?? ALLOWED;
  const listFor = (userId: Id): LabResultEntry[] => mockState[store][userId] ?? [];
  return [
    on(names.list, ({ request }) => HttpResponse.json(listFor(ownerFromQuery(request)))),
    on(names.history, ({ params }) => HttpResponse.json(listFor(idParam(params, 'userId')))),
    on(names.upload, async ({ request, params }: MockInfo) => {
      const userId = idParam(params, 'userId');
      const client = findUser(userId);
      if (!client) return errorResponse(404, 'Klienten hittades inte.');
      const file = fileFrom(await readForm(request));
      if (!file) return errorResponse(400, 'Välj en fil att ladda upp.');
      if (!allowed.test(file.name))
        return errorResponse(
          415,
          options.wrongType ?? 'Filtypen stöds inte. Ladda upp en PDF eller bild.',
        );
      const entry: LabResultEntry = {
        fileName: file.name,
        timestamp: nowIso(),
        ...(await options.describe?.(file)),
      };
      mockState[store][userId] = [
        entry,
        ...listFor(userId).filter((f) => f.fileName !== file.name),
      ];
      const me = viewer();
      mockState.activityLogs.unshift({
        id: nextMockId(),
        action,
        performedByName: fullName(me),
        timestamp: entry.timestamp,
        subjectUserName: fullName(client),
        ipAddress: '127.0.0.1',
      });
      return HttpResponse.json(entry, { status: 201 });
    }),
    on(names.download, ({ request, params }) => {
      const userId = ownerFromQuery(request);
      const fileName = stringParam(params, 'fileName');
      if (!listFor(userId).some((f) => f.fileName === fileName)) {
        return errorResponse(404, 'Filen hittades inte.');
      }
      return new HttpResponse(pdfBytes(fileName), {
        headers: {
          'Content-Type': 'application/pdf',
          'Content-Disposition': `attachment; filename="${fileName}"`,
        },
      });
    }),
  ];
}
