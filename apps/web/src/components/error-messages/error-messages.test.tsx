import { describe, expect, it } from 'vitest';
import { act, render, renderHook, screen } from '@testing-library/react';
import { LOAD_FORM_MESSAGES } from '@app/domain/loads/load-form.rules';
import { i18n } from '@/i18n/i18n';
import { ApiError } from '@/lib/api-error';
import { ErrorAlert } from './error-alert';
import { fieldErrorOf, useErrorLines, useMessageText } from './error-messages';
import type { MessagePattern } from './error-messages';

// An area's own texts, as a feature declares them: one fixed text and one carrying a value.
const AREA_KEYS = new Map([['Request failed', 'errors.unknownCode']]);
const AREA_PATTERNS: readonly MessagePattern[] = [
  { pattern: /^Failed with (\d+)$/, key: 'errors.httpCode', values: (match) => ({ status: match[1] ?? '' }) },
];

const refusal = (detail: string, fields: Record<string, string[]> = {}) =>
  new ApiError({ status: 400, detail, code: 'validation_error', fields });

describe('server and domain messages in the user language', () => {
  it("show the area's texts and patterns, the form rules and the length limit in English", () => {
    const { result } = renderHook(() => useMessageText(AREA_KEYS, AREA_PATTERNS));
    const text = result.current;
    expect(text('Request failed')).toBe('Request failed with an unknown HTTP code');
    expect(text('Failed with 418')).toBe('Request failed with HTTP code 418');
    expect(text(LOAD_FORM_MESSAGES.phoneInvalid)).toBe(LOAD_FORM_MESSAGES.phoneInvalid);
    expect(text('Must have at most 20 characters')).toBe('Must have at most 20 characters');
    expect(text('Something else')).toBe('Something else');
  });

  it('show them in Russian, and an unknown text as it is', async () => {
    await act(() => i18n.changeLanguage('ru'));
    const { result } = renderHook(() => useMessageText(AREA_KEYS, AREA_PATTERNS));
    const text = result.current;
    expect(text('Request failed')).toBe('Запрос завершился ошибкой с неизвестным кодом HTTP');
    expect(text('Failed with 418')).toBe('Запрос завершился ошибкой HTTP 418');
    expect(text(LOAD_FORM_MESSAGES.fieldRequired)).toBe('Это поле обязательно');
    expect(text('Must have at most 20 characters')).toBe('Не больше 20 символов');
    expect(text('Something else')).toBe('Something else');
  });
});

describe('a refused request', () => {
  const useLines = () => useErrorLines(useMessageText(AREA_KEYS, AREA_PATTERNS));

  it("shows the server's detail, then each field's message that says something else", () => {
    const { result } = renderHook(useLines);
    const error = refusal('Request failed', {
      unit_id: ['Must have at most 20 characters'],
      vin: ['Request failed'],
    });
    expect(result.current(error)).toEqual([
      'Request failed with an unknown HTTP code',
      'Must have at most 20 characters',
    ]);
  });

  it('names the HTTP code without a detail, says when no answer came, and when the page failed', () => {
    const { result } = renderHook(useLines);
    expect(result.current(new ApiError({ status: 502, detail: '', code: '' }))).toEqual([
      'Request failed with HTTP code 502',
    ]);
    expect(result.current(new ApiError({ status: undefined, detail: '', code: '' }))).toEqual([
      'Request failed with an unknown HTTP code',
    ]);
    expect(result.current(new Error('boom'))).toEqual(['Something went wrong while showing this page.']);
  });

  it("gives a field the server's message for it, translated", () => {
    const text = (message: string) => `<${message}>`;
    const error = refusal('Invalid request', { vin: ['Bad VIN', 'Second'] });
    expect(fieldErrorOf(error, 'vin', text)).toBe('<Bad VIN>');
    expect(fieldErrorOf(error, 'year', text)).toBeUndefined();
    expect(fieldErrorOf(new Error('boom'), 'vin', text)).toBeUndefined();
  });

  it('is shown as one alert: the detail, the other lines as a list; nothing without an error', () => {
    const text = (message: string) => message;
    const { rerender } = render(<ErrorAlert error={null} messageText={text} />);
    expect(screen.queryByRole('alert')).toBeNull();
    rerender(
      <ErrorAlert
        error={refusal('Invalid request', { vin: ['Bad VIN'], year: ['Bad year'] })}
        messageText={text}
      />,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Invalid request');
    expect([...alert.querySelectorAll('li')].map((item) => item.textContent)).toEqual([
      'Bad VIN',
      'Bad year',
    ]);
  });
});
