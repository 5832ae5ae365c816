import { describe, expect, it } from 'vitest';
import type { FilteredUser } from '@halsa/api/contract';
import { filterUsers } from './filter-users';

const user = (id: number, fullName: string): FilteredUser => ({
  id,
  fullName,
  role: 'USER',
  imageUrl: null,
});

const users = [
  user(1, 'Sofia Andersson'),
  user(2, 'Elin Öberg'),
  user(3, 'Anna Lindqvist'),
  user(4, 'Lars Nilsson'),
  user(5, 'Åke Svensson'),
];

const names = (list: FilteredUser[]) => list.map((u) => u.fullName);

describe('filterUsers', () => {
  it('gives everyone in Swedish name order for an empty query', () => {
    expect(names(filterUsers(users, '  '))).toEqual([
      'Anna Lindqvist',
      'Elin Öberg',
      'Lars Nilsson',
      'Sofia Andersson',
      'Åke Svensson',
    ]);
  });

  it('matches parts of names, case-insensitively, including å ä ö', () => {
    expect(names(filterUsers(users, 'ANN'))).toEqual(['Anna Lindqvist']);
    expect(names(filterUsers(users, 'öb'))).toEqual(['Elin Öberg']);
    expect(names(filterUsers(users, 'sson'))).toEqual([
      'Lars Nilsson',
      'Sofia Andersson',
      'Åke Svensson',
    ]);
  });

  it('needs every word of the query', () => {
    expect(names(filterUsers(users, 'lars  nil'))).toEqual(['Lars Nilsson']);
    expect(names(filterUsers(users, 'lars anna'))).toEqual([]);
  });

  it('gives nobody when nothing matches', () => {
    expect(filterUsers(users, 'Zlatan')).toEqual([]);
  });
});
