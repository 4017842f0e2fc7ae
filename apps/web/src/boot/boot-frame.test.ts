import { describe, expect, it } from 'vitest';
import en from '@/i18n/en.json';
import ru from '@/i18n/ru.json';
import { BOOT_FRAME_SCRIPT, bootFrameHtml, bootTexts } from './boot-frame';

function frameChosen(path: string, storage: Record<string, string>, browserLanguage = 'en-US') {
  localStorage.clear();
  for (const [key, value] of Object.entries(storage)) localStorage.setItem(key, value);
  window.history.replaceState(null, '', path);
  Object.defineProperty(navigator, 'language', { value: browserLanguage, configurable: true });
  document.documentElement.removeAttribute('data-boot');
  document.documentElement.removeAttribute('data-boot-page');
  // The inline script is a string of the page, run here as the browser runs it.
  // eslint-disable-next-line @typescript-eslint/no-implied-eval, @typescript-eslint/no-unsafe-call
  new Function(BOOT_FRAME_SCRIPT)();
  return {
    frame: document.documentElement.getAttribute('data-boot'),
    lang: document.documentElement.getAttribute('data-boot-lang'),
    page: document.documentElement.getAttribute('data-boot-page'),
  };
}

describe('boot frame', () => {
  it('takes its texts from the translations, in both languages', () => {
    const html = bootFrameHtml({ en: bootTexts(en), ru: bootTexts(ru) });
    expect(html).toContain('<h1>Sign in</h1>');
    expect(html).toContain('<h1>Вход</h1>');
    expect(html).toContain('No account yet? <span class="bf-link">Create account</span>');
  });

  it('refuses to build without a text it needs rather than painting a key', () => {
    expect(() => bootTexts({ app: { name: 'Dispatch' } })).toThrow(
      "needs the translation 'auth.signInTitle'",
    );
  });

  it('escapes what it writes into the page', () => {
    const texts = { ...bootTexts(en), appName: '<b>&"' };
    expect(bootFrameHtml({ en: texts })).toContain('&lt;b&gt;&amp;&quot;');
  });

  it('picks the sign-in card without a session and the signed-in frame with one', () => {
    expect(frameChosen('/login/', {})).toEqual({ frame: 'sign-in', lang: 'en', page: null });
    expect(frameChosen('/my-loads/active/', {}).frame).toBe('sign-in');
    expect(frameChosen('/my-loads/active/', { access_token: 'x' }).frame).toBe('shell');
    // A signed-in user on the sign-in page is sent to the start page, which is in the shell.
    expect(frameChosen('/login/', { access_token: 'x' }).frame).toBe('shell');
    expect(frameChosen('/registration/', {}).frame).toBeNull();
    expect(frameChosen('/driver/', { access_token: 'x' }).frame).toBeNull();
    expect(frameChosen('/sms-phone/abc', {}).frame).toBeNull();
  });

  it('draws the list toolbar on the four load lists only, and only with a session', () => {
    for (const list of ['active', 'checkout', 'completed', 'canceled']) {
      expect(frameChosen(`/my-loads/${list}/`, { access_token: 'x' }).page).toBe('load-list');
    }
    expect(frameChosen('/my-loads/active', { access_token: 'x' }).page).toBe('load-list');
    expect(frameChosen('/my-loads/active/', {}).page).toBeNull();
    expect(frameChosen('/my-loads/active/12/', { access_token: 'x' }).page).toBeNull();
    expect(frameChosen('/loadboard/', { access_token: 'x' }).page).toBeNull();
    const html = bootFrameHtml({ en: bootTexts(en), ru: bootTexts(ru) });
    expect(html).toContain('<span>Load number, rate confirmation, broker or city</span>');
    expect(html).toContain('Filters</div>');
  });

  it('shows the stored language, else the browser language, else English', () => {
    expect(frameChosen('/login/', { lang: 'ru' }).lang).toBe('ru');
    expect(frameChosen('/login/', {}, 'ru-RU').lang).toBe('ru');
    expect(frameChosen('/login/', { lang: 'en' }, 'ru-RU').lang).toBe('en');
    expect(frameChosen('/login/', { lang: 'de' }).lang).toBe('en');
  });
});
