// Server-side rules on top of the shared contract (which has the wizard's rules): length
// caps and a real calendar date, so nothing reaches the database that it would refuse.
import type { RegisterRequest } from '@halsa/api/contract';
import { badRequest } from '../../http/errors.ts';

export const LIMITS = { email: 254, name: 100, street: 200, city: 100 } as const;

function isCalendarDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

export function checkRegistrationExtras(data: RegisterRequest, today: Date): void {
  if (data.email.trim().length > LIMITS.email) throw badRequest('E-postadressen är för lång.');
  if (data.firstname.length > LIMITS.name) throw badRequest('Förnamnet är för långt.');
  if (data.lastname.length > LIMITS.name) throw badRequest('Efternamnet är för långt.');
  if (data.street.length > LIMITS.street) throw badRequest('Gatuadressen är för lång.');
  if (data.city.length > LIMITS.city) throw badRequest('Stadens namn är för långt.');
  if (data.hasSocialSecurity) {
    const ssn = data.socialSecurityNumber ?? '';
    if (!isCalendarDate(`${ssn.slice(0, 4)}-${ssn.slice(4, 6)}-${ssn.slice(6, 8)}`)) {
      throw badRequest('Personnumret innehåller inget giltigt datum.');
    }
  } else {
    const date = data.birthDate ?? '';
    if (!isCalendarDate(date) || date > today.toISOString().slice(0, 10) || date < '1900-01-01') {
      throw badRequest('Födelsedatum måste vara ett giltigt datum (ÅÅÅÅ-MM-DD).');
    }
  }
}
