// How a person is named on screen (issue 25): one rule for the client list, the journal, the
// appointments, the user menu and the activity log alike.

/** What a person's name is made of; `email` where the record has one. */
export interface NamedPerson {
  firstName: string;
  lastName: string;
  email?: string | null;
}

/** Shown for a person with neither name nor e-mail (as the server's messaging says). */
export const UNKNOWN_PERSON = 'Okänd användare';

/** First and last name, trimmed: 'Anna Lindqvist', or '' for a person without a name yet. */
export const personName = ({ firstName, lastName }: NamedPerson): string =>
  `${firstName.trim()} ${lastName.trim()}`.trim();

/**
 * The name to show: first and last name; a client who has not yet registered has no name, so her
 * e-mail stands in; with neither, 'Okänd användare'.
 */
export const displayName = (person: NamedPerson): string =>
  personName(person) || person.email?.trim() || UNKNOWN_PERSON;
