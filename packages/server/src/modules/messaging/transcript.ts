// The downloadable transcript of a conversation: plain UTF-8 text with Swedish header lines
// and times in Swedish time (sv-SE, Europe/Stockholm), one message per entry. Attachments are
// named, not inlined; continuation lines of a multi-line message are indented.
import { ATTACHMENT_URL_PREFIX } from './attachments.ts';
import { stockholmDateTime } from '../../lib/format.ts';

export interface TranscriptMessage {
  senderName: string;
  content: string;
  originalFileName: string | null;
  createdAt: Date;
  editedAt: Date | null;
}

export interface TranscriptInput {
  conversationId: number;
  ownerName: string;
  partnerName: string;
  downloadedAt: Date;
  messages: readonly TranscriptMessage[];
}

/** `2026-11-21 14:05` in Swedish time. */

/** The text line of a file message (content is `text\nURL`). */
function splitFileContent(m: TranscriptMessage): { text: string; isFile: boolean } {
  if (m.originalFileName === null) return { text: m.content, isFile: false };
  const nl = m.content.lastIndexOf('\n');
  const tail = nl >= 0 ? m.content.slice(nl + 1) : '';
  if (tail.startsWith(ATTACHMENT_URL_PREFIX)) return { text: m.content.slice(0, nl), isFile: true };
  return { text: m.content, isFile: true };
}

const indent = (text: string) =>
  text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n');

export function transcriptFileName(conversationId: number): string {
  return `konversation-${conversationId}.txt`;
}

export function renderTranscript(input: TranscriptInput): string {
  const lines = [
    `Konversation mellan ${input.ownerName} och ${input.partnerName}`,
    `Hälsoportalen, konversation nr ${input.conversationId}`,
    `Nedladdad: ${stockholmDateTime(input.downloadedAt)} (svensk tid)`,
    `Antal meddelanden: ${input.messages.length}`,
    '',
  ];
  if (input.messages.length === 0) lines.push('Inga meddelanden i denna konversation.', '');
  for (const m of input.messages) {
    const edited = m.editedAt ? ` (redigerat ${stockholmDateTime(m.editedAt)})` : '';
    lines.push(`${stockholmDateTime(m.createdAt)}  ${m.senderName}${edited}:`);
    const { text, isFile } = splitFileContent(m);
    if (text.trim() !== '') lines.push(indent(text));
    if (isFile) lines.push(`    [Bifogad fil: ${m.originalFileName}]`);
    lines.push('');
  }
  return lines.join('\n');
}
