import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@app/domain/auth/auth.schema';
import en from './en.json';
import ru from './ru.json';

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}

function valueAt(tree: unknown, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
}

describe('translations', () => {
  it('en.json and ru.json hold the same keys', () => {
    const enKeys = keysOf(en).sort();
    const ruKeys = keysOf(ru).sort();
    expect(enKeys.filter((key) => !ruKeys.includes(key))).toEqual([]);
    expect(ruKeys.filter((key) => !enKeys.includes(key))).toEqual([]);
  });

  it('has no empty text in either language', () => {
    for (const tree of [en, ru]) {
      for (const key of keysOf(tree)) expect(valueAt(tree, key), key).not.toBe('');
    }
  });

  it('keeps the same {{placeholders}} in both languages', () => {
    const placeholders = (text: unknown) =>
      [...String(text).matchAll(/{{(\w+)}}/g)].map((match) => match[1]).sort();
    for (const key of keysOf(en)) {
      expect(placeholders(valueAt(ru, key)), key).toEqual(placeholders(valueAt(en, key)));
    }
  });

  it('shows the spec texts in English: validation messages, modal titles and request failures', () => {
    expect(en.validation).toEqual(AUTH_MESSAGES);
    expect(en.messages.titles).toEqual({
      error: 'Error',
      successfully: 'Successfully',
      errorOccurred: 'An error has occurred',
      unknownError: 'Unknown error',
      successfulOperation: 'Successfull operation',
    });
    expect(en.errors.httpCode).toBe('Request failed with HTTP code {{status}}');
    expect(en.errors.unknownCode).toBe('Request failed with an unknown HTTP code');
    expect(en.messages.bidNotFound).toMatchObject({
      title: 'Bid not found',
      message: 'Requested bid not found',
    });
  });

  it('has every key the source code asks for', () => {
    const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../test/**'], {
      query: '?raw',
      import: 'default',
      eager: true,
    });
    const used = new Set<string>();
    for (const source of Object.values(sources)) {
      for (const match of source.matchAll(/\bt\(\s*'([a-zA-Z0-9_.]+)'/g)) used.add(match[1] ?? '');
      for (const match of source.matchAll(/(?:labelKey|titleKey|messageKey): '([a-zA-Z0-9_.]+)'/g))
        used.add(match[1] ?? '');
    }
    expect(used.size).toBeGreaterThan(50);
    const missing = [...used].filter((key) => valueAt(en, key) === undefined);
    expect(missing).toEqual([]);
  });
});
