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
  // Without a clinic name the mail names only the portal; a clinic whose name holds the portal's
  // (the default 'Hälsoportalen') is not followed by "i Hälsoportalen" (not "från Hälsoportalen
  // i Hälsoportalen", issue 34).
  const clinic = settings.clinicName.trim();
  const namesPortal = /hälsoportalen/i.test(clinic);
  const from = clinic ? ` från ${clinic}` : '';
  const where = namesPortal ? '' : ' i Hälsoportalen';
  const signature =
    settings.signatureLine.trim() || `Vänliga hälsningar\n${clinic || 'Hälsoportalen'}`;
  return {
    to,
    subject: clinic
      ? `Ny journalanteckning från ${clinic}`
      : 'Ny journalanteckning i Hälsoportalen',
    text: `Hej!\n\nDet finns en ny signerad journalanteckning${from}${where}. Logga in och öppna din journal för att läsa den:\n\n${journalUrl}\n\n${signature}\n\nDetta är ett automatiskt meddelande och kan inte besvaras.`,
  };
}
