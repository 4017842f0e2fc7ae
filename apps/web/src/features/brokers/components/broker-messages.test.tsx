import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { BROKER_MESSAGES } from '@app/domain/brokers/brokers.rules';
import { i18n } from '@/i18n/i18n';
import en from '@/i18n/en.json';
import { useBrokerMessageText } from './broker-messages';

describe('broker messages', () => {
  it("holds the domain's texts in English, key for key", () => {
    expect(en.brokers.serverMessages).toEqual(BROKER_MESSAGES);
  });

  it('shows the server and domain messages in Russian, and an unknown text as it is', async () => {
    await act(() => i18n.changeLanguage('ru'));
    const { result } = renderHook(() => useBrokerMessageText());
    expect(result.current(BROKER_MESSAGES.mcNumberTaken)).toBe(
      'Брокерская компания с этим номером MC уже есть.',
    );
    expect(result.current(BROKER_MESSAGES.hasLoads)).toBe(
      'Эта компания указана в грузах, её нельзя удалить.',
    );
    expect(result.current('Must have at most 200 characters')).toBe('Не больше 200 символов');
    expect(result.current('Must be a US phone number, e.g. (555) 123-4567')).toBe(
      'Нужен номер телефона США, например (555) 123-4567',
    );
    expect(result.current('Something else')).toBe('Something else');
  });
});
