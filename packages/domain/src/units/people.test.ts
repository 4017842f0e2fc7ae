import { describe, expect, it } from 'vitest';
import { MENU } from '../shell/menu.rules';
import {
  canManagePeople,
  driverActivationRefusal,
  PEOPLE_MESSAGES,
  PEOPLE_ROLES,
  phoneSearchDigits,
} from './people.rules';

const menuRoles = (name: string) =>
  MENU.flatMap((entry) => [entry, ...entry.children]).find((entry) => entry.path === name)?.roles;

describe('who may read and change drivers and owners', () => {
  it('everyone who sees the drivers and owners pages (3, 4, 7, 8) may read them', () => {
    expect(menuRoles('/units/drivers/')).toEqual([3, 4, 7, 8]);
    expect(menuRoles('/units/owners/')).toEqual([3, 4, 7, 8]);
    for (const role of [3, 4, 7, 8]) expect(canManagePeople('view', { role })).toBe(true);
  });

  it('dispatchers and trackers may read them too, for the pickers and to call them', () => {
    expect(canManagePeople('view', { role: 5 })).toBe(true);
    expect(canManagePeople('view', { role: 6 })).toBe(true);
    expect(canManagePeople('view', { role: 13 })).toBe(false);
  });

  it('HR (8) and managers (4) add drivers, and admins (3); dispatchers and accountants do not', () => {
    expect(PEOPLE_ROLES.manageDrivers).toEqual([3, 4, 8]);
    for (const role of [5, 6, 7, 13]) expect(canManagePeople('manageDrivers', { role })).toBe(false);
  });

  it('owners are kept by the roles of their page, accountants included', () => {
    expect(PEOPLE_ROLES.manageOwners).toEqual([3, 4, 7, 8]);
    expect(canManagePeople('manageOwners', { role: 5 })).toBe(false);
  });

  it('a superuser may do everything, a user without a role nothing', () => {
    expect(canManagePeople('manageDrivers', { role: null, is_superuser: true })).toBe(true);
    expect(canManagePeople('view', { role: null })).toBe(false);
  });
});

describe('letting a driver see loads', () => {
  it('a fired driver may not be switched on', () => {
    expect(driverActivationRefusal({ status: 'Fired' }, true)).toBe(PEOPLE_MESSAGES.firedDriverActivation);
  });
  it('switching off is always allowed, and active or pending drivers may be switched on', () => {
    expect(driverActivationRefusal({ status: 'Fired' }, false)).toBeNull();
    expect(driverActivationRefusal({ status: 'Active' }, true)).toBeNull();
    expect(driverActivationRefusal({ status: 'Pending' }, true)).toBeNull();
  });
});

describe('a search text as a phone number', () => {
  it('keeps the digits of a phone-like text', () => {
    expect(phoneSearchDigits('(555) 10')).toBe('55510');
    expect(phoneSearchDigits('555-100-2000')).toBe('5551002000');
  });
  it('drops the country code', () => {
    expect(phoneSearchDigits('+1 555')).toBe('555');
    expect(phoneSearchDigits('15551002000')).toBe('5551002000');
  });
  it('needs at least 3 digits and nothing but phone characters', () => {
    expect(phoneSearchDigits('55')).toBeNull();
    expect(phoneSearchDigits('+1 5')).toBeNull();
    expect(phoneSearchDigits('U12')).toBeNull();
    expect(phoneSearchDigits('john')).toBeNull();
  });
});
