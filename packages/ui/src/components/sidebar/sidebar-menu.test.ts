import { describe, expect, it } from 'vitest';
import type { Role } from '@halsa/api/contract';
import { isSidebarItemActive, sidebarMenuFor, sidebarMenuKind } from './sidebar-menu';

const labels = (pathname: string, role: Role | null) =>
  sidebarMenuFor(pathname, role)?.items.map((item) => item.label) ?? null;

const active = (pathname: string, role: Role) =>
  sidebarMenuFor(pathname, role)
    ?.items.filter((item) => isSidebarItemActive(item, pathname))
    .map((item) => item.label);

describe('sidebarMenuFor', () => {
  it('gives the general menu filtered by role', () => {
    expect(labels('/overview', 'USER')).toEqual([
      'Att göra',
      'Provsvar',
      'Handlingsplan',
      'Journal',
      'Enkäter',
      'Bokningar',
    ]);
    expect(labels('/overview', 'STAFF')).toEqual([
      'Att göra',
      'Klienter',
      'Bokningar',
      'Rapporter',
    ]);
    expect(labels('/overview', 'ADMIN')).toEqual([
      'Att göra',
      'Klienter',
      'Logguppföljning',
      'Bokningar',
      'Rapporter',
      'Personal',
    ]);
  });

  it('gives the profile menu under /profile for every role', () => {
    for (const role of ['USER', 'STAFF', 'ADMIN'] as const) {
      expect(labels('/profile/myaccount', role)).toEqual([
        'Mitt konto',
        'Notiser',
        'Inloggning och säkerhet',
      ]);
      expect(labels('/profile/notifications', role)).toEqual([
        'Mitt konto',
        'Notiser',
        'Inloggning och säkerhet',
      ]);
    }
    expect(labels('/profile', 'USER')).toEqual([
      'Mitt konto',
      'Notiser',
      'Inloggning och säkerhet',
    ]);
  });

  it('gives the journal menu under /journal/ but the general menu on /journal itself', () => {
    expect(labels('/journal/general', 'ADMIN')).toEqual(['Allmänt', 'Journalformulär']);
    expect(labels('/journal/templates/4', 'STAFF')).toEqual(['Allmänt', 'Journalformulär']);
    expect(sidebarMenuKind('/journal')).toBe('general');
    expect(labels('/journal', 'USER')).toContain('Provsvar');
  });

  it('does not mistake look-alike paths for the profile menu', () => {
    expect(sidebarMenuKind('/profiles')).toBe('general');
  });

  it('is empty without a user', () => {
    expect(sidebarMenuFor('/overview', null)).toBeNull();
    expect(sidebarMenuFor('/profile/myaccount', undefined)).toBeNull();
  });

  it('names each menu in Swedish', () => {
    expect(sidebarMenuFor('/overview', 'USER')?.label).toBe('Huvudmeny');
    expect(sidebarMenuFor('/profile/myaccount', 'USER')?.label).toBe('Profilmeny');
    expect(sidebarMenuFor('/journal/general', 'ADMIN')?.label).toBe('Journalmeny');
  });
});

describe('isSidebarItemActive', () => {
  it('marks the current page', () => {
    expect(active('/overview', 'USER')).toEqual(['Att göra']);
    expect(active('/lab-results', 'USER')).toEqual(['Provsvar']);
    expect(active('/journal', 'USER')).toEqual(['Journal']);
    expect(active('/profile/notifications', 'STAFF')).toEqual(['Notiser']);
    expect(active('/journal/templates/12', 'ADMIN')).toEqual(['Journalformulär']);
  });

  it('highlights Klienter on /clients but not on a client page', () => {
    expect(active('/clients', 'ADMIN')).toEqual(['Klienter']);
    expect(active('/clients/', 'STAFF')).toEqual([]);
    expect(active('/clients/1/overview', 'ADMIN')).toEqual([]);
    expect(active('/clients/1', 'STAFF')).toEqual([]);
  });

  it('marks nothing on a page without an item', () => {
    expect(active('/activity', 'ADMIN')).toEqual([]);
    expect(active('/overviews', 'USER')).toEqual([]);
  });

  it('marks the pages beyond the spec list: Bokningar, Rapporter', () => {
    expect(active('/appointments', 'USER')).toEqual(['Bokningar']);
    expect(active('/reports', 'STAFF')).toEqual(['Rapporter']);
    expect(labels('/reports', 'USER')).not.toContain('Rapporter');
    expect(active('/profile/notifications', 'USER')).toEqual(['Notiser']);
  });
});
