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

export function setPasswordMail(to: string, link: string): OutgoingMail {
  return {
    to,
    subject: 'Välj ett lösenord för Hälsoportalen',
    text: `Hej!\n\nEtt konto i Hälsoportalen har skapats åt dig. Öppna länken nedan för att välja ditt lösenord:\n\n${link}\n\nLänken gäller i 7 dagar och kan bara användas en gång.${footer}`,
  };
}

export function invitationMail(to: string, link: string): OutgoingMail {
  return {
    to,
    subject: 'Inbjudan till Hälsoportalen',
    text: `Hej!\n\nDu har bjudits in att skapa ett konto i Hälsoportalen. Öppna länken nedan för att registrera dig:\n\n${link}\n\nLänken gäller i 7 dagar och kan bara användas en gång.${footer}`,
  };
}
