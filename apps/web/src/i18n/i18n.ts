import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Lang } from '@app/domain/common/lookups';
import { MENU_LABELS } from '@app/domain/shell/menu.rules';
import en from './en.json';
import ru from './ru.json';

// The side-menu labels are the domain's (the server and the tests name entries the same way); every other
// string is in en.json and ru.json, which hold the same keys.

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

void i18n.use(initReactI18next).init({
  resources: {
    en: { translation: { ...en, menu: MENU_LABELS.en } },
    ru: { translation: { ...ru, menu: MENU_LABELS.ru } },
  },
  lng: initialLanguage(),
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

export function currentLang(): Lang {
  return isLang(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
}

/** Switches the interface language; does nothing when it is already the one shown. */
export function setLanguage(lang: Lang): void {
  if (i18n.language !== lang) void i18n.changeLanguage(lang);
}

export { i18n };
