import { describe, expect, it } from 'vitest';
import { emptyRegistrationForm, type RegistrationFormData } from '@halsa/api/contract';
import {
  clearRegistration,
  loadRegistration,
  REGISTRATION_STORAGE_KEY,
  SAVED_FIELDS,
  saveRegistration,
} from './registration-storage';

/** A minimal Storage for node. */
class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
}

const filled: RegistrationFormData = {
  email: 'asa@example.com',
  password: 'Hemligt2026',
  confirmPassword: 'Hemligt2026',
  firstname: 'Åsa-Märta',
  lastname: 'Öberg',
  hasSocialSecurity: true,
  socialSecurityNumber: '19900517-1234',
  birthDate: '',
  phoneNumber: '+46701234567',
  street: 'Storgatan 1',
  city: 'Umeå',
  zipCode: '903 25',
};

describe('registration storage', () => {
  it('uses the key halsa.registration', () => {
    expect(REGISTRATION_STORAGE_KEY).toBe('halsa.registration');
  });

  it('never writes the password or its confirmation', () => {
    const storage = new MemoryStorage();
    saveRegistration(storage, 'token-1', 4, filled);
    const raw = storage.getItem(REGISTRATION_STORAGE_KEY) ?? '';
    expect(raw).not.toContain('Hemligt2026');
    expect(raw).not.toMatch(/password/i);
    expect(Object.keys(JSON.parse(raw).data).sort()).toEqual([...SAVED_FIELDS].sort());
  });

  it('resumes the step and data for the same token, without passwords', () => {
    const storage = new MemoryStorage();
    saveRegistration(storage, 'token-1', 4, filled);
    const saved = loadRegistration(storage, 'token-1');
    expect(saved?.step).toBe(4);
    const { password: _p, confirmPassword: _c, ...rest } = filled;
    expect(saved?.data).toEqual(rest);
    expect(saved?.data).not.toHaveProperty('password');
  });

  it('ignores data saved for another invitation', () => {
    const storage = new MemoryStorage();
    saveRegistration(storage, 'token-1', 3, filled);
    expect(loadRegistration(storage, 'token-2')).toBeNull();
  });

  it('drops unknown fields, including passwords written by someone else', () => {
    const storage = new MemoryStorage();
    storage.setItem(
      REGISTRATION_STORAGE_KEY,
      JSON.stringify({
        token: 't',
        step: 2,
        data: { email: 'a@b.se', password: 'x', confirmPassword: 'x', firstname: 7 },
      }),
    );
    const saved = loadRegistration(storage, 't');
    expect(saved?.data).not.toHaveProperty('password');
    expect(saved?.data).not.toHaveProperty('confirmPassword');
    expect(saved?.data.firstname).toBe('');
    expect(saved?.data.hasSocialSecurity).toBe(true);
  });

  it('returns null for garbage, a bad step or no storage', () => {
    const storage = new MemoryStorage();
    storage.setItem(REGISTRATION_STORAGE_KEY, '{not json');
    expect(loadRegistration(storage, 't')).toBeNull();
    storage.setItem(REGISTRATION_STORAGE_KEY, JSON.stringify({ token: 't', step: 9, data: {} }));
    expect(loadRegistration(storage, 't')).toBeNull();
    expect(loadRegistration(null, 't')).toBeNull();
    expect(() => saveRegistration(null, 't', 1, emptyRegistrationForm)).not.toThrow();
  });

  it('clears the saved state', () => {
    const storage = new MemoryStorage();
    saveRegistration(storage, 't', 5, filled);
    clearRegistration(storage);
    expect(storage.getItem(REGISTRATION_STORAGE_KEY)).toBeNull();
  });
});
