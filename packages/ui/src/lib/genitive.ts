// Swedish genitive of a name, as a sentence needs it ('Eva Björks uppgifter'): an -s, except
// after a name that already ends in s, x or z ('Lars', 'Max', 'Inez' stay as they are).
export const genitive = (name: string): string =>
  /[sxz]$/i.test(name.trim()) ? name.trim() : `${name.trim()}s`;

/** 'klientöversikt, journal och 3 provsvar': a list the Swedish way, 'och' before the last. */
export const listInSwedish = (parts: readonly string[]): string =>
  parts.length <= 1
    ? (parts[0] ?? '')
    : `${parts.slice(0, -1).join(', ')} och ${parts[parts.length - 1]}`;
