// The mail sent when a journal note is signed (design.md §4.10). It carries no health data and
// no names (IMY's guidance on sensitive data in e-mail): only that a new signed note from the
// clinic is available and a link to /journal, where the client reads it after signing in.
import type { JournalSettings } from '@halsa/api/contract';
import type { OutgoingMail } from '../../mail/mailer.ts';

export function signedNoteMail(
  to: string,
  settings: Pick<JournalSettings, 'clinicName' | 'signatureLine'>,
  journalUrl: string,
): OutgoingMail {
  const clinic = settings.clinicName.trim() || 'Hälsoportalen';
  const signature = settings.signatureLine.trim() || `Vänliga hälsningar\n${clinic}`;
  return {
    to,
    subject: `Ny journalanteckning från ${clinic}`,
    text: `Hej!\n\nDet finns en ny signerad journalanteckning från ${clinic} i Hälsoportalen. Logga in och öppna din journal för att läsa den:\n\n${journalUrl}\n\n${signature}\n\nDetta är ett automatiskt meddelande och kan inte besvaras.`,
  };
}
