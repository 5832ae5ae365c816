// Swedish mail templates. They carry no health data and no names: only what the
// recipient needs to act (a code or a link) and how long it is valid.
import type { OutgoingMail } from './mailer.ts';

const footer = `\n\nHar du inte begärt detta kan du bortse från meddelandet.\n\nVänliga hälsningar\nHälsoportalen\n\nDetta är ett automatiskt meddelande och kan inte besvaras.`;

export function twoFactorMail(to: string, code: string): OutgoingMail {
  return {
    to,
    // Never the code itself: subjects show on lock screens and in notifications.
    subject: 'Din inloggningskod till Hälsoportalen',
    text: `Hej!\n\nDin kod för att logga in i Hälsoportalen är:\n\n${code}\n\nKoden gäller i 10 minuter och kan bara användas en gång. Dela aldrig koden med någon.${footer}`,
  };
}

export function resetPasswordMail(to: string, link: string): OutgoingMail {
  return {
    to,
    subject: 'Återställ ditt lösenord',
    text: `Hej!\n\nVi har fått en begäran om att återställa lösenordet till ditt konto i Hälsoportalen. Öppna länken nedan för att välja ett nytt lösenord:\n\n${link}\n\nLänken gäller i 1 timme och kan bara användas en gång.${footer}`,
  };
}

/** How a clinic signs the mails of accounts it handles (journal settings' clinic name). */
function clinicParts(clinicName: string) {
  const clinic = clinicName.trim() || 'Hälsoportalen';
  // A clinic whose name holds the portal's is not followed by "i Hälsoportalen" (issue 34).
  const where = /hälsoportalen/i.test(clinic) ? '' : ' i Hälsoportalen';
  const end = `\n\nVänliga hälsningar\n${clinic}\n\nDetta är ett automatiskt meddelande och kan inte besvaras.`;
  return { clinic, where, end };
}

/**
 * The reset link staff sent her (issue 35): signed by the clinic, and without 'Har du inte
 * begärt detta…', since she did not ask the portal for it herself.
 */
export function staffResetPasswordMail(to: string, link: string, clinicName: string): OutgoingMail {
  const { clinic, where, end } = clinicParts(clinicName);
  return {
    to,
    subject: 'Återställ ditt lösenord',
    text: `Hej!\n\n${clinic} har skickat dig en länk för att välja ett nytt lösenord till ditt konto${where}:\n\n${link}\n\nLänken gäller i 1 timme och kan bara användas en gång. Vill du behålla ditt lösenord kan du bortse från meddelandet.${end}`,
  };
}

/**
 * An account someone else made (ADMIN on /staff, the create-admin command): greets from the
 * clinic, and asks nothing about a request she never made (issue 35).
 */
export function setPasswordMail(to: string, link: string, clinicName: string): OutgoingMail {
  const { clinic, where, end } = clinicParts(clinicName);
  return {
    to,
    subject: `Välj ett lösenord för ${clinic}`,
    text: `Hej och välkommen till ${clinic}!\n\n${clinic} har skapat ett konto åt dig${where}. Öppna länken nedan för att välja ditt lösenord:\n\n${link}\n\nLänken gäller i 7 dagar och kan bara användas en gång. Har du frågor om kontot kan du kontakta mottagningen.${end}`,
  };
}

export function invitationMail(to: string, link: string): OutgoingMail {
  return {
    to,
    subject: 'Inbjudan till Hälsoportalen',
    text: `Hej!\n\nDu har bjudits in att skapa ett konto i Hälsoportalen. Öppna länken nedan för att registrera dig:\n\n${link}\n\nLänken gäller i 7 dagar och kan bara användas en gång.${footer}`,
  };
}
