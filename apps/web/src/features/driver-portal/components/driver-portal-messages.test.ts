import { describe, expect, it } from 'vitest';
import { DRIVER_BID_MESSAGES } from '@app/domain/bids/driver-bids.rules';
import en from '@/i18n/en.json';
import ru from '@/i18n/ru.json';
import { MESSAGE_KEYS } from './driver-portal-messages';

describe('the driver page messages', () => {
  it("hold exactly the domain's texts in English, and each has a Russian text", () => {
    for (const [name, text] of Object.entries(DRIVER_BID_MESSAGES)) {
      expect(en.driverPortal.messages[name as keyof typeof en.driverPortal.messages]).toBe(text);
      expect(ru.driverPortal.messages[name as keyof typeof ru.driverPortal.messages]).toBeTruthy();
      expect(MESSAGE_KEYS.get(text)).toBe(`driverPortal.messages.${name}`);
    }
  });

  it('the bid limit refusal carries the time left', () => {
    expect(en.errors.codes.bid_limit).toContain('{{wait}}');
    expect(ru.errors.codes.bid_limit).toContain('{{wait}}');
  });
});
