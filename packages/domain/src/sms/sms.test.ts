import { describe, expect, it } from 'vitest';
import { ROLES } from '../common/lookups';
import {
  counterpartRole,
  deliveryStatusMayMove,
  deliveryStatusOf,
  normalizePhoneNumber,
  SMS_MESSAGES,
} from './sms.rules';
import { SMS_ROLES, smsBulkSendingSchema, smsProviderUpdateSchema, smsSendSchema } from './sms.schema';

describe('SMS rules', () => {
  it('the sms menu entry roles use SMS: 3, 4, 5, 6, 8', () => {
    expect(SMS_ROLES).toEqual([3, 4, 5, 6, 8]);
  });

  it('incoming messages show role 10 for a driver or an unknown phone and 12 for an owner', () => {
    expect(counterpartRole('Driver')).toBe(ROLES.driver);
    expect(counterpartRole('Phone')).toBe(ROLES.driver);
    expect(counterpartRole('Owner')).toBe(ROLES.temporaryDriver);
  });

  it('phone numbers are kept in E.164', () => {
    expect(normalizePhoneNumber('(555) 123-4567')).toBe('+15551234567');
    expect(normalizePhoneNumber('555-123-4567')).toBe('+15551234567');
    expect(normalizePhoneNumber('1 555 123 4567')).toBe('+15551234567');
    expect(normalizePhoneNumber('+1 (555) 123-4567')).toBe('+15551234567');
    expect(normalizePhoneNumber('+44 20 7946 0958')).toBe('+442079460958');
    expect(normalizePhoneNumber('123-456-7890')).toBeNull();
    expect(normalizePhoneNumber('555-1234')).toBeNull();
    expect(normalizePhoneNumber('call me')).toBeNull();
    expect(normalizePhoneNumber('')).toBeNull();
    expect(normalizePhoneNumber(null)).toBeNull();
  });

  it("reads Twilio's statuses, and a late callback never undoes a final status", () => {
    expect(deliveryStatusOf('queued')).toBe('queued');
    expect(deliveryStatusOf('sent')).toBe('sent');
    expect(deliveryStatusOf('delivered')).toBe('delivered');
    expect(deliveryStatusOf('undelivered')).toBe('undelivered');
    expect(deliveryStatusOf('failed')).toBe('failed');
    expect(deliveryStatusOf('received')).toBe('received');
    expect(deliveryStatusOf('weird')).toBeNull();
    expect(deliveryStatusMayMove('queued', 'sent')).toBe(true);
    expect(deliveryStatusMayMove('sent', 'delivered')).toBe(true);
    expect(deliveryStatusMayMove('queued', 'failed')).toBe(true);
    expect(deliveryStatusMayMove('delivered', 'sent')).toBe(false);
    expect(deliveryStatusMayMove('delivered', 'failed')).toBe(false);
    expect(deliveryStatusMayMove('sent', 'sent')).toBe(false);
  });
});

describe('SMS requests', () => {
  it('a message needs text or files, at most 1,600 characters', () => {
    expect(smsSendSchema.safeParse({ content: 'On my way' }).success).toBe(true);
    expect(smsSendSchema.safeParse({ files_id: [3] }).success).toBe(true);
    expect(smsSendSchema.safeParse({ content: '  ' }).success).toBe(false);
    expect(smsSendSchema.safeParse({ content: 'x'.repeat(1601) }).success).toBe(false);
  });

  it('a bulk sending names exactly one target', () => {
    expect(smsBulkSendingSchema.safeParse({ content: 'Hi', driver_ids: [1, 2] }).success).toBe(true);
    expect(smsBulkSendingSchema.safeParse({ content: 'Hi', state: 'TX' }).success).toBe(true);
    expect(smsBulkSendingSchema.safeParse({ content: 'Hi', state: 'XX' }).success).toBe(false);
    const none = smsBulkSendingSchema.safeParse({ content: 'Hi' });
    expect(none.error?.issues[0]?.message).toBe(SMS_MESSAGES.bulkOneTarget);
    const two = smsBulkSendingSchema.safeParse({ content: 'Hi', driver_ids: [1], team_id: 2 });
    expect(two.success).toBe(false);
    expect(smsBulkSendingSchema.safeParse({ content: ' ', driver_ids: [1] }).success).toBe(false);
  });

  it('provider settings check the account SID and the sender number', () => {
    const sid = `AC${'a1'.repeat(16)}`;
    expect(
      smsProviderUpdateSchema.safeParse({
        provider: 'twilio',
        account_sid: sid,
        sender_number: '(555) 123-4567',
      }).success,
    ).toBe(true);
    expect(smsProviderUpdateSchema.safeParse({ provider: 'twilio', account_sid: 'AC123' }).success).toBe(
      false,
    );
    expect(smsProviderUpdateSchema.safeParse({ provider: 'twilio', sender_number: '12' }).success).toBe(
      false,
    );
    expect(smsProviderUpdateSchema.safeParse({ provider: 'fax' }).success).toBe(false);
    expect(smsProviderUpdateSchema.safeParse({ provider: 'local', base_url: 'http://x' }).success).toBe(
      false,
    );
  });
});
