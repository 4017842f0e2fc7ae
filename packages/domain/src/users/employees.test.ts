import { describe, expect, it } from 'vitest';
import { HTTP_STATUS_BY_ERROR_CODE } from '../common/errors';
import { ROLES } from '../common/lookups';
import { dismissalRefusal, EMPLOYEES_CODES, employeeChangeRefusal } from './employees.rules';
import { employeeDismissSchema, employeeListQuerySchema, employeeUpdateSchema } from './employees.schema';

const admin = { userId: 1, role: ROLES.admin };
const manager = { userId: 2, role: ROLES.manager };
const accountant = { userId: 3, role: ROLES.accountant };
const person = (id: number, role: number, status: 'Active' | 'Pending' | 'Fired' = 'Active') => ({
  id,
  role,
  status,
});

describe('who may change whom', () => {
  it('nobody raises their own role; a step down is allowed', () => {
    expect(employeeChangeRefusal(manager, person(2, ROLES.manager), { role: ROLES.admin }, 1)).toBe(
      'ownRoleRaise',
    );
    // Sideways is not a step down: an accountant becoming a dispatcher is refused too.
    expect(
      employeeChangeRefusal(accountant, person(3, ROLES.accountant), { role: ROLES.dispatcher }, 1),
    ).toBe('ownRoleRaise');
    expect(
      employeeChangeRefusal(manager, person(2, ROLES.manager), { role: ROLES.dispatcher }, 1),
    ).toBeNull();
    expect(employeeChangeRefusal(admin, person(1, ROLES.admin), { role: ROLES.manager }, 2)).toBeNull();
  });

  it('nobody dismisses themselves or changes their own status', () => {
    expect(dismissalRefusal(accountant, person(3, ROLES.accountant), 1)).toBe('selfDismissal');
    expect(employeeChangeRefusal(admin, person(1, ROLES.admin), { status: 'Pending' }, 2)).toBe(
      'selfDismissal',
    );
  });

  it('only an admin makes an admin or changes one', () => {
    expect(employeeChangeRefusal(manager, person(9, ROLES.dispatcher), { role: ROLES.admin }, 1)).toBe(
      'adminChange',
    );
    expect(dismissalRefusal(accountant, person(9, ROLES.admin), 2)).toBe('adminChange');
    expect(employeeChangeRefusal(admin, person(9, ROLES.dispatcher), { role: ROLES.admin }, 1)).toBeNull();
    expect(
      employeeChangeRefusal(
        { userId: 5, role: ROLES.manager, is_superuser: true },
        person(9, ROLES.admin),
        {
          status: 'Fired',
        },
        2,
      ),
    ).toBeNull();
  });

  it('the last active admin is neither dismissed nor demoted', () => {
    expect(dismissalRefusal(admin, person(9, ROLES.admin), 1)).toBe('lastAdmin');
    expect(employeeChangeRefusal(admin, person(1, ROLES.admin), { role: ROLES.manager }, 1)).toBe(
      'lastAdmin',
    );
    expect(dismissalRefusal(admin, person(9, ROLES.admin), 2)).toBeNull();
    // A pending admin is not an active one: changing them never leaves the company without an admin.
    expect(dismissalRefusal(admin, person(9, ROLES.admin, 'Pending'), 1)).toBeNull();
  });

  it('every refusal has its own code with its status', () => {
    expect(HTTP_STATUS_BY_ERROR_CODE[EMPLOYEES_CODES.ownRoleRaise]).toBe(403);
    expect(HTTP_STATUS_BY_ERROR_CODE[EMPLOYEES_CODES.selfDismissal]).toBe(403);
    expect(HTTP_STATUS_BY_ERROR_CODE[EMPLOYEES_CODES.adminChange]).toBe(403);
    expect(HTTP_STATUS_BY_ERROR_CODE[EMPLOYEES_CODES.lastAdmin]).toBe(409);
    expect(HTTP_STATUS_BY_ERROR_CODE[EMPLOYEES_CODES.openWork]).toBe(409);
    expect(HTTP_STATUS_BY_ERROR_CODE[EMPLOYEES_CODES.fireWithWork]).toBe(409);
  });
});

describe('the people contract', () => {
  it('reads the filters of the list from the query string', () => {
    expect(
      employeeListQuerySchema.parse({
        role: '7',
        status: 'Fired',
        working_group: '4',
        text: ' ann ',
        page: '2',
      }),
    ).toEqual({ role: 7, status: 'Fired', working_group: 4, text: 'ann', page: 2, limit: 25 });
    expect(employeeListQuerySchema.safeParse({ role: '10' }).success).toBe(false);
    expect(employeeListQuerySchema.safeParse({ status: 'Gone' }).success).toBe(false);
    expect(employeeListQuerySchema.parse({ text: '  ' }).text).toBeUndefined();
  });

  it('takes a subgroup only with its team', () => {
    expect(employeeUpdateSchema.safeParse({ subgroup: 3 }).success).toBe(false);
    expect(employeeUpdateSchema.safeParse({ working_group: 2, subgroup: 3 }).success).toBe(true);
    expect(employeeUpdateSchema.safeParse({ working_group: null }).success).toBe(true);
    expect(employeeUpdateSchema.safeParse({ role: 10 }).success).toBe(false);
    expect(employeeDismissSchema.parse({ hand_to: '12' })).toEqual({ hand_to: 12 });
  });
});
