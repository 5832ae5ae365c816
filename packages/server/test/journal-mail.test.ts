// The mail on a signed journal note (design §4.10) reads naturally with and without a clinic name.
import { expect, it } from 'vitest';
import { signedNoteMail } from '../src/modules/journal/mail.ts';

const URL = 'http://localhost:8080/journal';

it('names the clinic when it is set', () => {
  const mail = signedNoteMail(
    'k@example.com',
    { clinicName: 'Kliniken Hälsa', signatureLine: '' },
    URL,
  );
  expect(mail.subject).toBe('Ny journalanteckning från Kliniken Hälsa');
  expect(mail.text).toContain(
    'Det finns en ny signerad journalanteckning från Kliniken Hälsa i Hälsoportalen.',
  );
  expect(mail.text).toContain('Vänliga hälsningar\nKliniken Hälsa');
});

it('without a clinic name it names only the portal, once per sentence', () => {
  const mail = signedNoteMail('k@example.com', { clinicName: '  ', signatureLine: '' }, URL);
  expect(mail.subject).toBe('Ny journalanteckning i Hälsoportalen');
  expect(mail.text).toContain(
    'Hej!\n\nDet finns en ny signerad journalanteckning i Hälsoportalen. Logga in och öppna din journal för att läsa den:',
  );
  expect(mail.text).not.toContain('från Hälsoportalen');
  expect(mail.text).toContain(`${URL}\n\nVänliga hälsningar\nHälsoportalen\n\n`);
});

it('a clinic named like the portal (the default) is not followed by "i Hälsoportalen"', () => {
  const mail = signedNoteMail(
    'k@example.com',
    { clinicName: 'Hälsoportalen', signatureLine: '' },
    URL,
  );
  expect(mail.text).toContain(
    'Hej!\n\nDet finns en ny signerad journalanteckning från Hälsoportalen. Logga in och öppna din journal för att läsa den:',
  );
  expect(mail.text).not.toMatch(/Hälsoportalen i Hälsoportalen/);
  expect(mail.subject).toBe('Ny journalanteckning från Hälsoportalen');
});
