import { describe, expect, it } from 'vitest';
import { INCENTIVE_MESSAGES } from '@app/domain/accounting/incentives.schema';
import { PAY_SCHEDULE_MESSAGES } from '@app/domain/company/pay-schedule.schema';
import en from '@/i18n/en.json';
import ru from '@/i18n/ru.json';

describe('incentive and pay schedule messages', () => {
  it('hold in English exactly the texts the server and the domain speak', () => {
    expect(en.incentives.messages).toEqual(INCENTIVE_MESSAGES);
    expect(en.paySchedule.messages).toEqual(PAY_SCHEDULE_MESSAGES);
  });

  it('have a Russian text of their own for each', () => {
    for (const [key, text] of Object.entries(INCENTIVE_MESSAGES)) {
      const russian = (ru.incentives.messages as Record<string, string>)[key];
      expect(russian, key).toBeTruthy();
      if (key !== 'amountNotPositive' && key !== 'amountTooLarge') expect(russian, key).not.toBe(text);
    }
    for (const [key, text] of Object.entries(PAY_SCHEDULE_MESSAGES))
      expect((ru.paySchedule.messages as Record<string, string>)[key], key).not.toBe(text);
  });

  it('name the refusals of incentives in both languages', () => {
    for (const code of [
      'load_without_owner',
      'load_without_dispatcher',
      'incentive_template_name_taken',
    ] as const) {
      expect(en.errors.codes[code], code).toBeTruthy();
      expect(ru.errors.codes[code], code).toBeTruthy();
    }
    expect(en.errors.codes.load_without_owner).toBe(INCENTIVE_MESSAGES.noOwner);
  });
});
