import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Lang } from '@app/domain/common/lookups';
import { MENU_LABELS } from '@app/domain/shell/menu.rules';
import en from './en.json';

// The side-menu labels are the domain's (the server and the tests name entries the same way); every other
// string is in en.json and ru.json, which hold the same keys. English is in the entry script (it is also
// every missing key's fallback); Russian is fetched when it is the language shown, so a browser never
// downloads and parses the language it does not use (about 15 kB on the first page).

export const LANGUAGES: { id: Lang; label: string }[] = [
  { id: 'en', label: 'English' },
  { id: 'ru', label: 'Русский' },
];

const LANGUAGE_STORAGE_KEY = 'lang';

export function isLang(value: unknown): value is Lang {
  return value === 'en' || value === 'ru';
}

function initialLanguage(): Lang {
  const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(LANGUAGE_STORAGE_KEY);
  if (isLang(stored)) return stored;
  const browser = typeof navigator === 'undefined' ? '' : navigator.language;
  return browser.toLowerCase().startsWith('ru') ? 'ru' : 'en';
}

type Translations = Record<string, unknown>;

const translations: Record<Lang, () => Promise<Translations>> = {
  en: () => Promise.resolve(en),
  ru: () => import('./ru.json').then((module) => module.default),
};

const startLanguage = initialLanguage();

void i18n.use(initReactI18next).init({
  resources: { en: { translation: { ...en, menu: MENU_LABELS.en } } },
  lng: startLanguage,
  fallbackLng: 'en',
  supportedLngs: ['en', 'ru'],
  interpolation: { escapeValue: false },
  initAsync: false,
});

i18n.on('languageChanged', (lang) => {
  document.documentElement.lang = lang;
  if (isLang(lang)) localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
});
document.documentElement.lang = i18n.language;

const loading = new Map<Lang, Promise<void>>();

/** Makes a language's texts available (fetched once); a failed fetch is tried again on the next call. */
export function loadLanguage(lang: Lang): Promise<void> {
  if (i18n.hasResourceBundle(lang, 'translation')) return Promise.resolve();
  let pending = loading.get(lang);
  if (!pending) {
    pending = translations[lang]().then(
      (texts) => {
        i18n.addResourceBundle(lang, 'translation', { ...texts, menu: MENU_LABELS[lang] });
      },
      (error: unknown) => {
        loading.delete(lang);
        throw error;
      },
    );
    loading.set(lang, pending);
  }
  return pending;
}

/**
 * Settles once the texts of the language the page opens in are here (never fails: without them the page
 * shows English). The first frame waits for it, so a Russian page never flashes English.
 */
export const startLanguageReady: Promise<void> = loadLanguage(startLanguage).then(
  // English is here from the start; another language's texts arrive after i18next started, and a page
  // drawn before them (the first frame waits at most 3 s) is drawn again in that language.
  () => (startLanguage === 'en' ? undefined : i18n.changeLanguage(startLanguage).then(() => undefined)),
  () => undefined,
);

export function currentLang(): Lang {
  return isLang(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
}

/**
 * Switches the interface language once its texts are here; does nothing when it is already the one shown.
 * Resolves when the switch is done (the texts could not be fetched: the language stays as it was).
 */
export async function setLanguage(lang: Lang): Promise<void> {
  if (i18n.hasResourceBundle(lang, 'translation')) {
    // Texts already here: the switch happens now, in this call, not a tick later.
    if (i18n.language !== lang) await i18n.changeLanguage(lang);
    return;
  }
  try {
    await loadLanguage(lang);
  } catch {
    return;
  }
  await i18n.changeLanguage(lang);
}

export { i18n };
