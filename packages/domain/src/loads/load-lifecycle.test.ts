import { describe, expect, it } from 'vitest';
import { HTTP_STATUS_BY_ERROR_CODE } from '../common/errors';
import {
  activePointAfterStatus,
  allowedLoadActions,
  CANCEL_WARNING,
  canSetDelivered,
  DEFAULT_REQUIRED_DOCUMENTS,
  directionOfAction,
  DOCUMENTS_REQUIRED_MESSAGE,
  isExecutableFile,
  LOAD_ACTION_CODES,
  LOAD_ACTION_MESSAGES,
  LOAD_ACTIONS,
  LOAD_FILE_CODES,
  LOAD_FILE_MESSAGES,
  LOAD_FILE_TYPES,
  loadActionRefusal,
  loadFileRefusal,
  loadFileTypeName,
  MAX_LOAD_FILE_BYTES,
  missingDocuments,
  missingDocumentsHint,
  nextStatus,
  prevStatus,
  requiredDocumentsFor,
  withActivePoint,
  type LoadAction,
} from './load-lifecycle.rules';

describe('next status', () => {
  it.each([1, 2, 3, 4, 5, 6])('status %i moves forward one step', (status) => {
    expect(nextStatus(status)).toBe(status + 1);
  });
  it('7 Unloaded moves to 8 Delivered', () => expect(nextStatus(7)).toBe(8));
  it('8 Delivered moves to 10 Completed', () => expect(nextStatus(8)).toBe(10));
  it('9 TONU moves to 11 TONU (completed)', () => expect(nextStatus(9)).toBe(11));
  it.each([10, 11, 12])('status %i has no next status', (status) => expect(nextStatus(status)).toBeNull());
  it('an unknown status has no next status', () => expect(nextStatus(13)).toBeNull());
});

describe('previous status', () => {
  it.each([2, 3, 4, 5, 6, 7, 8])('status %i moves back one step', (status) => {
    expect(prevStatus(status)).toBe(status - 1);
  });
  it('10 Completed moves back to 8 Delivered', () => expect(prevStatus(10)).toBe(8));
  it('11 TONU (completed) moves back to 9 TONU', () => expect(prevStatus(11)).toBe(9));
  it.each([1, 9, 12])('status %i has no previous status', (status) => expect(prevStatus(status)).toBeNull());
});

describe('stepper actions', () => {
  it("'next' and 'goodToGo' go forward", () => {
    expect(directionOfAction('next')).toBe('next');
    expect(directionOfAction('goodToGo')).toBe('next');
  });
  it('any other action goes back', () => {
    expect(directionOfAction('prev')).toBe('prev');
    expect(directionOfAction('back')).toBe('prev');
    expect(directionOfAction('')).toBe('prev');
    expect(directionOfAction('Next')).toBe('prev');
  });
});

describe('required documents', () => {
  it('rate confirmation before 2 In Transit to Pick-up', () => {
    expect(requiredDocumentsFor(2)).toEqual(['rate_confirmation']);
  });
  it('bill of lading before 4 Loaded', () => expect(requiredDocumentsFor(4)).toEqual(['bill_of_lading']));
  it('proof of delivery before 8 Delivered', () =>
    expect(requiredDocumentsFor(8)).toEqual(['proof_of_delivery']));
  it('no documents for the other statuses', () => {
    for (const status of [1, 3, 5, 6, 7, 9, 10, 11, 12]) expect(requiredDocumentsFor(status)).toEqual([]);
  });
  it('a company table replaces the default', () => {
    const table = { 3: ['other'], 8: ['proof_of_delivery', 'bill_of_lading'] } as const;
    expect(requiredDocumentsFor(2, table)).toEqual([]);
    expect(requiredDocumentsFor(3, table)).toEqual(['other']);
    expect(missingDocuments(8, ['bill_of_lading'], table)).toEqual(['proof_of_delivery']);
  });
  it('missing documents are the required ones not uploaded', () => {
    expect(missingDocuments(2, [])).toEqual(['rate_confirmation']);
    expect(missingDocuments(2, ['other', 'bill_of_lading'])).toEqual(['rate_confirmation']);
    expect(missingDocuments(2, ['rate_confirmation'])).toEqual([]);
    expect(missingDocuments(3, [])).toEqual([]);
  });
  it('the message is the spec text', () => {
    expect(DOCUMENTS_REQUIRED_MESSAGE).toBe('Next documents needs to be uploaded before status changing');
  });
  it('the hint names the missing documents', () => {
    expect(missingDocumentsHint(['rate_confirmation', 'bill_of_lading'])).toBe(
      'Rate confirmation, Bill of lading',
    );
    expect(missingDocumentsHint(['proof_of_delivery'], 'ru')).toBe('Подтверждение доставки');
  });
  it('the default table is not changed by a caller', () => {
    requiredDocumentsFor(2).push('other');
    expect(DEFAULT_REQUIRED_DOCUMENTS[2]).toEqual(['rate_confirmation']);
  });
});

describe('switching to Delivered', () => {
  it('managers (4) and dispatchers (5) may', () => {
    expect(canSetDelivered(4)).toBe(true);
    expect(canSetDelivered(5)).toBe(true);
  });
  it('no other role may', () => {
    for (const role of [3, 6, 7, 8, 9, 10, 11, 12, 13]) expect(canSetDelivered(role)).toBe(false);
    expect(canSetDelivered(null)).toBe(false);
  });
  it('a superuser may', () => expect(canSetDelivered(null, true)).toBe(true));
  it('a tracker is refused the step from Unloaded with 403', () => {
    expect(loadActionRefusal({ status: 7 }, 'next', 6)).toEqual({
      status: 403,
      code: 'delivered_role_forbidden',
      detail: 'Only managers and dispatchers can switch a load to Delivered.',
    });
  });
  it('an admin is refused the step from Unloaded', () => {
    expect(loadActionRefusal({ status: 7 }, 'next', 3)?.status).toBe(403);
  });
  it('a dispatcher may take the step from Unloaded', () => {
    expect(loadActionRefusal({ status: 7 }, 'next', 5)).toBeNull();
  });
  it('a tracker may take the other forward steps', () => {
    expect(loadActionRefusal({ status: 6 }, 'next', 6)).toBeNull();
  });
});

describe('cancel warning', () => {
  it('is the spec text', () => {
    expect(CANCEL_WARNING).toBe(
      'This action will cancel the load and nullify payments. If you need to create a payment for the owner, use TONU instead.',
    );
  });
});

const conflictOf = (status: number, action: LoadAction) => {
  const refusal = loadActionRefusal({ status }, action, 4);
  expect(refusal?.status).toBe(409);
  // Each refusal has a code of its own: the one named for its text.
  const key = Object.entries(LOAD_ACTION_MESSAGES).find(([, text]) => text === refusal?.detail)?.[0];
  expect(refusal?.code).toBe(LOAD_ACTION_CODES[key as keyof typeof LOAD_ACTION_CODES]);
  return refusal?.detail;
};

describe('actions a load state forbids (409)', () => {
  it('a completed load cannot move forward', () => {
    expect(conflictOf(10, 'next')).toBe('A completed load cannot move forward.');
    expect(conflictOf(11, 'next')).toBe('A completed load cannot move forward.');
  });
  it('a canceled load cannot change status', () => {
    expect(conflictOf(12, 'next')).toBe('A canceled load cannot change status. Restore it first.');
    expect(conflictOf(12, 'prev')).toBe('A canceled load cannot change status. Restore it first.');
  });
  it('a load waiting to accept cannot move back', () => {
    expect(conflictOf(1, 'prev')).toBe('A load waiting to accept cannot move back.');
  });
  it('a TONU load cannot move back', () =>
    expect(conflictOf(9, 'prev')).toBe('A TONU load cannot move back.'));
  it('a canceled load cannot be marked TONU', () => {
    expect(conflictOf(12, 'tonu')).toBe('A canceled load cannot be marked TONU.');
  });
  it('a completed, delivered or TONU load cannot be marked TONU', () => {
    expect(conflictOf(10, 'tonu')).toBe('A completed load cannot be marked TONU.');
    expect(conflictOf(8, 'tonu')).toBe('A delivered load cannot be marked TONU.');
    expect(conflictOf(9, 'tonu')).toBe('The load is already marked TONU.');
  });
  it('only an active load can be canceled', () => {
    expect(conflictOf(12, 'cancel')).toBe('The load is already canceled.');
    expect(conflictOf(10, 'cancel')).toBe('A completed load cannot be canceled.');
    expect(conflictOf(8, 'cancel')).toBe('A delivered load cannot be canceled.');
    expect(conflictOf(9, 'cancel')).toBe('A TONU load cannot be canceled.');
  });
  it('prices change only on an active load', () => {
    for (const status of [8, 9, 10, 11, 12]) {
      expect(conflictOf(status, 'change_price')).toBe('Prices can be changed only on an active load.');
    }
  });
  it('only a canceled load can be restored, or restored as a copy', () => {
    for (const status of [1, 7, 8, 10]) {
      expect(conflictOf(status, 'restore')).toBe('Only a canceled load can be restored.');
      expect(conflictOf(status, 'restore_as_copy')).toBe('Only a canceled load can be restored.');
    }
  });
  it('a delivered or completed load cannot be deleted', () => {
    for (const status of [8, 9, 10, 11]) {
      expect(conflictOf(status, 'delete')).toBe('A delivered or completed load cannot be deleted.');
    }
  });
  it('the driver changes only on an active load', () => {
    expect(conflictOf(8, 'change_driver')).toBe('The driver can be changed only on an active load.');
  });
  it('the dispatcher changes only on an active load or one in checkout', () => {
    expect(conflictOf(10, 'change_responsible')).toBe(
      'The dispatcher can be changed only on an active load or one in checkout.',
    );
    expect(loadActionRefusal({ status: 8 }, 'change_responsible', 4)).toBeNull();
  });
  it('only an active load is edited with the load form', () => {
    expect(conflictOf(8, 'edit')).toBe('Only an active load can be edited.');
  });
  it('only a completed load is edited in accounting', () => {
    expect(conflictOf(8, 'edit_completed')).toBe('Only a completed load can be edited here.');
  });
  it('files are added to active loads and loads in checkout only', () => {
    expect(conflictOf(10, 'upload_file')).toBe(
      'Files can be added only to an active load or one in checkout.',
    );
    expect(loadActionRefusal({ status: 8 }, 'upload_file', 6)).toBeNull();
  });
});

describe('actions a role may not take (403)', () => {
  it('a role outside the action roles is refused', () => {
    expect(loadActionRefusal({ status: 3 }, 'cancel', 6)).toEqual({
      status: 403,
      code: 'load_action_forbidden',
      detail: 'Your role does not allow this action.',
    });
  });
  it('the role is checked before the state', () => {
    expect(loadActionRefusal({ status: 12 }, 'tonu', 7)?.status).toBe(403);
  });
  it('drivers, guests and users with no role may take no action', () => {
    for (const role of [9, 10, 11, 12, null]) expect(allowedLoadActions({ status: 3 }, role)).toEqual([]);
  });
  it('only admins and managers delete', () => {
    expect(allowedLoadActions({ status: 1 }, 4)).toContain('delete');
    expect(allowedLoadActions({ status: 1 }, 3)).toContain('delete');
    expect(allowedLoadActions({ status: 1 }, 5)).not.toContain('delete');
  });
  it('an accountant edits completed loads', () => {
    expect(allowedLoadActions({ status: 10 }, 7)).toEqual(['edit_completed']);
  });
  it('a superuser with no role may take what the state allows', () => {
    expect(allowedLoadActions({ status: 7 }, { role: null, is_superuser: true })).toContain('next');
  });
});

describe('actions allowed by the load state', () => {
  it('an active load: moves, TONU, cancel, prices, delete, driver and dispatcher, edit, files', () => {
    expect(allowedLoadActions({ status: 3 }, 4)).toEqual([
      'next',
      'prev',
      'tonu',
      'cancel',
      'change_price',
      'delete',
      'change_driver',
      'change_responsible',
      'edit',
      'upload_file',
    ]);
  });
  it('a load waiting to accept cannot move back', () => {
    expect(allowedLoadActions({ status: 1 }, 4)).not.toContain('prev');
  });
  it('a delivered load: forward to Completed, back, dispatcher and files', () => {
    expect(allowedLoadActions({ status: 8 }, 4)).toEqual([
      'next',
      'prev',
      'change_responsible',
      'upload_file',
    ]);
  });
  it('a completed load: back to checkout and the accounting edit', () => {
    expect(allowedLoadActions({ status: 10 }, 4)).toEqual(['prev', 'edit_completed']);
  });
  it('a canceled load: restore, restore as copy, delete', () => {
    expect(allowedLoadActions({ status: 12 }, 4)).toEqual(['restore', 'restore_as_copy', 'delete']);
  });
  it('TONU is for active loads only', () => {
    for (const status of [1, 2, 3, 4, 5, 6, 7]) expect(allowedLoadActions({ status }, 5)).toContain('tonu');
    for (const status of [8, 9, 10, 11, 12]) expect(allowedLoadActions({ status }, 5)).not.toContain('tonu');
  });
  it('every action is known', () => {
    expect(LOAD_ACTIONS).toHaveLength(13);
  });
});

describe('active point', () => {
  const points = [
    { order: 1, type: 'pick_up' as const, is_active: false },
    { order: 2, type: 'pick_up' as const, is_active: false },
    { order: 3, type: 'deliver_to' as const, is_active: false },
    { order: 4, type: 'deliver_to' as const, is_active: false },
  ];
  it.each([1, 2, 3])('at status %i it is the first pick-up', (status) => {
    expect(activePointAfterStatus(points, status)?.order).toBe(1);
  });
  it.each([4, 5, 6])('at status %i it is the first delivery', (status) => {
    expect(activePointAfterStatus(points, status)?.order).toBe(3);
  });
  it('at 7 Unloaded it is the last point', () => expect(activePointAfterStatus(points, 7)?.order).toBe(4));
  it('is the first point not yet completed, whatever the order of the list', () => {
    const mixed = [
      { order: 3, type: 'deliver_to' as const },
      { order: 1, type: 'pick_up' as const },
      { order: 2, type: 'deliver_to' as const },
    ];
    expect(activePointAfterStatus(mixed, 2)?.order).toBe(1);
    expect(activePointAfterStatus(mixed, 5)?.order).toBe(2);
  });
  it.each([8, 9, 10, 11, 12])('a load at status %i has no active point', (status) => {
    expect(activePointAfterStatus(points, status)).toBeNull();
  });
  it('a load with no points has none', () => expect(activePointAfterStatus([], 1)).toBeNull());
  it('exactly one point is marked active', () => {
    expect(withActivePoint(points, 4).map((point) => point.is_active)).toEqual([false, false, true, false]);
    expect(withActivePoint(points, 10).some((point) => point.is_active)).toBe(false);
  });
});

describe('load files', () => {
  it('are at most 25,000,000 bytes', () => {
    expect(MAX_LOAD_FILE_BYTES).toBe(25_000_000);
    expect(loadFileRefusal({ name: 'bol.pdf', mime: 'application/pdf', size: 25_000_000 })).toBeNull();
    expect(loadFileRefusal({ name: 'bol.pdf', mime: 'application/pdf', size: 25_000_001 })).toBe(
      'The file is larger than 25,000,000 bytes.',
    );
  });
  it.each(['exe', 'bat', 'cmd', 'com', 'msi', 'sh', 'js', 'jar', 'scr', 'ps1', 'vbs', 'dll', 'app', 'apk'])(
    'refuse the executable extension .%s',
    (extension) => {
      expect(isExecutableFile(`rate.${extension}`, 'application/octet-stream')).toBe(true);
    },
  );
  it('check the extension case-insensitively and the last one only', () => {
    expect(isExecutableFile('RATE.EXE')).toBe(true);
    expect(isExecutableFile('rate.pdf.exe')).toBe(true);
    expect(isExecutableFile('rate.exe.pdf', 'application/pdf')).toBe(false);
  });
  it('ignore the trailing dots and spaces that Windows drops', () => {
    expect(isExecutableFile('rate.exe. ')).toBe(true);
  });
  it.each([
    'application/x-msdownload',
    'application/x-sh',
    'text/javascript; charset=utf-8',
    'APPLICATION/JAVA-ARCHIVE',
    'application/vnd.android.package-archive',
  ])('refuse the executable MIME type %s', (mime) => {
    expect(isExecutableFile('document', mime)).toBe(true);
  });
  it.each([
    ['bol.pdf', 'application/pdf'],
    ['pod.jpg', 'image/jpeg'],
    ['rate.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['sheet.xlsx', null],
    ['json.txt', 'text/plain'],
  ])('accept the document %s', (name, mime) => {
    expect(isExecutableFile(name, mime)).toBe(false);
  });
  it('refuse a program with a clear message', () => {
    expect(loadFileRefusal({ name: 'setup.exe', size: 100 })).toBe('Executable files cannot be uploaded.');
  });
  it('refuse an empty file', () => {
    expect(loadFileRefusal({ name: 'bol.pdf', size: 0 })).toBe('The file is empty.');
  });
  it('are typed rate confirmation, bill of lading, proof of delivery or other, in English and Russian', () => {
    expect(LOAD_FILE_TYPES.map((type) => [type.id, type.en])).toEqual([
      ['rate_confirmation', 'Rate confirmation'],
      ['bill_of_lading', 'Bill of lading'],
      ['proof_of_delivery', 'Proof of delivery'],
      ['other', 'Other'],
    ]);
    expect(LOAD_FILE_TYPES.every((type) => /[А-Яа-я]/.test(type.ru))).toBe(true);
    expect(loadFileTypeName('bill_of_lading', 'ru')).toBe('Транспортная накладная');
    expect(loadFileTypeName('photo')).toBe('Unknown');
  });
});

describe('refusal codes', () => {
  it('each refusal of an action or an upload has a code of its own, sent with its status', () => {
    const codes = [...Object.values(LOAD_ACTION_CODES), ...Object.values(LOAD_FILE_CODES)];
    expect(new Set(codes).size).toBe(codes.length);
    expect(Object.keys(LOAD_ACTION_CODES).sort()).toEqual(Object.keys(LOAD_ACTION_MESSAGES).sort());
    expect(Object.keys(LOAD_FILE_CODES).sort()).toEqual(Object.keys(LOAD_FILE_MESSAGES).sort());
    expect(HTTP_STATUS_BY_ERROR_CODE[LOAD_ACTION_CODES.roleForbidden]).toBe(403);
    expect(HTTP_STATUS_BY_ERROR_CODE[LOAD_ACTION_CODES.tonuAgain]).toBe(409);
    expect(HTTP_STATUS_BY_ERROR_CODE[LOAD_FILE_CODES.tooLarge]).toBe(413);
    expect(HTTP_STATUS_BY_ERROR_CODE[LOAD_FILE_CODES.empty]).toBe(400);
  });
});
