import { describe, expect, it } from 'vitest';
import { accessLineText } from './access-log-text';

describe('accessLineText', () => {
  it('says what was read in her words, each thing once', () => {
    expect(
      accessLineText(['JOURNAL_VIEWED', 'LAB_RESULTS_VIEWED', 'LAB_RESULT_DOWNLOADED']),
    ).toEqual(['Läste din journal och dina provsvar.']);
  });
  it('lists and logs as where her name was seen; changes as they are; the access itself not', () => {
    expect(
      accessLineText([
        'EMERGENCY_ACCESS',
        'CLIENT_VIEWED',
        'CLIENT_LIST_VIEWED',
        'ACTIVITY_LOG_VIEWED',
        'APPOINTMENT_BOOKED',
      ]),
    ).toEqual([
      'Läste dina kontaktuppgifter.',
      'Såg ditt namn i klientlistan och aktivitetsloggen.',
      'Bokade möte.',
    ]);
  });
  it('her questionnaire answers are read in her words, not as the log\'s "Visade enkätsvar"', () => {
    expect(accessLineText(['JOURNAL_VIEWED', 'QUESTIONNAIRES_VIEWED'])).toEqual([
      'Läste din journal och dina enkätsvar.',
    ]);
  });
});
