import type { FilteredUser } from '@halsa/api/contract';

const normalise = (text: string) => text.toLocaleLowerCase('sv-SE').replace(/\s+/gu, ' ').trim();

/**
 * The users whose name contains every word of the query (case-insensitive), sorted by name
 * (Swedish order). An empty query gives everyone.
 */
export function filterUsers(users: readonly FilteredUser[], query: string): FilteredUser[] {
  const words = normalise(query).split(' ').filter(Boolean);
  return users
    .filter((user) => {
      const name = normalise(user.fullName);
      return words.every((word) => name.includes(word));
    })
    .sort((a, b) => a.fullName.localeCompare(b.fullName, 'sv-SE'));
}
