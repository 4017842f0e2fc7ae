/**
 * The page a browser paints from index.html alone, before any script has arrived: on a slow phone the
 * application's JavaScript takes seconds to download and run, and a white screen for that long reads as
 * "broken". Two frames, chosen by a small inline script from what the browser already knows:
 * - the sign-in card, drawn exactly as the sign-in page draws it (same sizes, same texts), for a browser
 *   without a session on the sign-in page or any page that leads to it;
 * - the signed-in frame (the side rail, the top bar and a loading line) for a browser with a session; on
 *   the load lists (the start page of dispatchers and managers) it also draws the list's search box and
 *   Filters button where the page draws them, so that the page's first sight is the list's own toolbar.
 * Nothing in a frame can be used: its fields are drawings, not inputs, so nothing typed is lost when the
 * application replaces the frame with the real page (main.tsx removes it in the first commit).
 *
 * The texts are the translations' own (en.json and ru.json), written into both languages at build time;
 * the inline script shows the language the application will start in (the stored choice, else the
 * browser's). The sizes and colours follow app/theme.ts, features/auth/components/auth-card.tsx and
 * app/shell, and for the load lists components/lists (list-search-field.tsx, list-filters.tsx); a change
 * there is a change here (the end-to-end test compares the frames with the pages they stand for).
 */

export type BootTexts = {
  appName: string;
  signInTitle: string;
  email: string;
  password: string;
  signIn: string;
  noAccount: string;
  createAccount: string;
  loading: string;
  loadSearch: string;
  filters: string;
};

export const BOOT_FRAME_ID = 'boot-frame';

/** Keys of the translations the frames use, in the shape of BootTexts. */
export const BOOT_TEXT_KEYS: Record<keyof BootTexts, string> = {
  appName: 'app.name',
  signInTitle: 'auth.signInTitle',
  email: 'auth.email',
  password: 'auth.password',
  signIn: 'auth.signIn',
  noAccount: 'auth.noAccount',
  createAccount: 'auth.createAccount',
  loading: 'common.loading',
  loadSearch: 'loads.list.searchPlaceholder',
  filters: 'lists.filters',
};

/** A translation's text by its dotted key; a missing key fails the build rather than painting a key. */
export function bootTexts(translations: Record<string, unknown>): BootTexts {
  const read = (key: string): string => {
    let value: unknown = translations;
    for (const part of key.split('.')) value = (value as Record<string, unknown> | undefined)?.[part];
    if (typeof value !== 'string') throw new Error(`The boot frame needs the translation '${key}'`);
    return value;
  };
  const entries = Object.entries(BOOT_TEXT_KEYS).map(([name, key]) => [name, read(key)]);
  return Object.fromEntries(entries) as BootTexts;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function signInCard(lang: string, t: BootTexts): string {
  const e = escapeHtml;
  return (
    `<main class="bf-sign-in" lang="${lang}"><div class="bf-column">` +
    `<div class="bf-brand"><span class="bf-logo">D</span><span class="bf-name">${e(t.appName)}</span></div>` +
    `<div class="bf-card"><h1>${e(t.signInTitle)}</h1><div class="bf-stack">` +
    `<div class="bf-field">${e(t.email)}</div><div class="bf-field">${e(t.password)}</div>` +
    `<div class="bf-button">${e(t.signIn)}</div>` +
    `<p class="bf-note">${e(t.noAccount)} <span class="bf-link">${e(t.createAccount)}</span></p>` +
    `</div></div></div></main>`
  );
}

// MUI's SearchOutlined and FilterListOutlined, the icons of the list toolbar.
const SEARCH_ICON =
  'M15.5 14h-.79l-.28-.27C15.41 12.59 16 11.11 16 9.5 16 5.91 13.09 3 9.5 3S3 5.91 3 9.5 5.91 16 9.5 16c1.61 ' +
  '0 3.09-.59 4.23-1.57l.27.28v.79l5 4.99L20.49 19zm-6 0C7.01 14 5 11.99 5 9.5S7.01 5 9.5 5 14 7.01 14 9.5 ' +
  '11.99 14 9.5 14';
const FILTER_ICON = 'M10 18h4v-2h-4zM3 6v2h18V6zm3 7h12v-2H6z';
const icon = (path: string) => `<svg viewBox="0 0 24 24" aria-hidden="true"><path d="${path}"/></svg>`;

function signedInFrame(lang: string, t: BootTexts): string {
  const e = escapeHtml;
  return (
    `<div class="bf-shell" lang="${lang}"><div class="bf-rail"><span class="bf-logo bf-logo-rail">D</span></div>` +
    `<div class="bf-top"></div>` +
    `<div class="bf-list"><div class="bf-search">${icon(SEARCH_ICON)}<span>${e(t.loadSearch)}</span></div>` +
    `<div class="bf-filters">${icon(FILTER_ICON)}${e(t.filters)}</div></div>` +
    `<p class="bf-loading" role="status">${e(t.loading)}</p></div>`
  );
}

/** The frames' markup, every language side by side; the stylesheet shows one. */
export function bootFrameHtml(texts: Record<string, BootTexts>): string {
  const frames = Object.entries(texts)
    .map(([lang, t]) => signInCard(lang, t) + signedInFrame(lang, t))
    .join('');
  return `<div id="${BOOT_FRAME_ID}" aria-busy="true">${frames}</div>`;
}

/** What a frame looks like: the theme's numbers (13 px body text, #1f5fbf accent, 6 px corners...). */
export function bootFrameCss(langs: string[]): string {
  const shown = langs
    .map(
      (lang) =>
        `html[data-boot=sign-in][data-boot-lang=${lang}] #${BOOT_FRAME_ID}>.bf-sign-in[lang=${lang}]{display:flex}` +
        `html[data-boot=shell][data-boot-lang=${lang}] #${BOOT_FRAME_ID}>.bf-shell[lang=${lang}]{display:block}`,
    )
    .join('\n');
  return `body{margin:0;background:#f4f5f7;color:#1d2430;font-family:"Inter","Segoe UI","Roboto","Helvetica Neue","Liberation Sans","DejaVu Sans",Arial,sans-serif;font-size:0.8125rem;line-height:1.5;-webkit-font-smoothing:antialiased}
#${BOOT_FRAME_ID}>*{display:none}
${shown}
.bf-sign-in{min-height:100vh;box-sizing:border-box;padding:16px;align-items:center;justify-content:center}
.bf-column{width:100%;max-width:380px}
.bf-brand{display:flex;align-items:center;justify-content:center;gap:10px;margin-bottom:16px}
.bf-logo{width:30px;height:30px;border-radius:9px;background:#1f5fbf;color:#fff;display:grid;place-items:center;font-weight:700}
.bf-name{font-weight:600;font-size:1rem}
.bf-card{background:#fff;border:1px solid #e1e4e9;border-radius:6px;padding:24px}
.bf-card h1{margin:0 0 16px;font-size:1.125rem;font-weight:600;line-height:1.3}
.bf-stack{display:flex;flex-direction:column;gap:12px}
.bf-field{height:1.4375em;padding:8.5px 14px;border-radius:6px;background:#fff;box-shadow:inset 0 0 0 1px #d3d8df;color:#5d6776}
.bf-button{padding:6px 16px;line-height:1.75;border-radius:6px;background:#1f5fbf;color:#fff;font-weight:500;text-align:center}
.bf-note{margin:0;padding-top:4px;text-align:center}
.bf-link{color:#1f5fbf;text-decoration:underline;text-decoration-color:rgba(31,95,191,.4)}
.bf-rail{position:fixed;top:0;left:0;bottom:0;width:56px;background:#1e252f}
.bf-logo-rail{width:28px;height:28px;font-size:14px;margin:10px 14px}
.bf-top{margin-left:56px;height:48px;box-sizing:border-box;background:#fff;border-bottom:1px solid #e1e4e9}
.bf-loading{margin:0 0 0 56px;padding:16px;font-size:0.75rem;color:#5d6776}
.bf-list{display:none;margin-left:56px;padding:16px 16px 0;gap:8px;align-items:center;flex-wrap:wrap}
html[data-boot-page=load-list] .bf-list{display:flex}
html[data-boot-page=load-list] .bf-loading{padding-top:12px}
.bf-list svg{width:1.1607rem;height:1.1607rem;flex:none;fill:currentColor}
.bf-search{flex:1 1 260px;max-width:420px;min-width:0;box-sizing:border-box;display:flex;align-items:center;gap:8px;padding:8.5px 14px;line-height:1.4375em;border-radius:6px;background:#fff;box-shadow:inset 0 0 0 1px #d3d8df;color:rgba(0,0,0,.54)}
.bf-search span{min-width:0;overflow:hidden;white-space:nowrap;color:rgba(29,36,48,.42)}
.bf-filters{flex:none;box-sizing:border-box;min-height:30px;display:flex;align-items:center;gap:8px;padding:3px 9px 3px 7px;border:1px solid currentColor;border-radius:6px;font-size:0.7545rem;font-weight:500;line-height:1.75}
@media (min-width:900px){.bf-filters{padding:4px 10px 4px 8px;border:0;background:#1f5fbf;color:#fff}}
@media (max-width:599.95px){.bf-rail{display:none}.bf-top,.bf-loading,.bf-list{margin-left:0}.bf-top{height:49px}.bf-loading{padding:12px}.bf-list{padding:12px 12px 0}}`;
}

/**
 * The inline script that picks the frame: with a session (a token in storage or its cookie) the signed-in
 * frame, except on the pages drawn outside the shell; without one the sign-in card on every page that leads
 * to it. The public pages with their own look (registration, invitations, the SMS phone) get no frame.
 */
export const BOOT_FRAME_SCRIPT =
  `(function(){var d=document.documentElement,p=location.pathname,` +
  `t=localStorage.getItem('access_token')||/(^|; )access_token=/.test(document.cookie),` +
  `l=localStorage.getItem('lang')||((navigator.language||'').toLowerCase().indexOf('ru')===0?'ru':'en'),` +
  `own=/^\\/(registration|driver|sms-phone)/.test(p);` +
  `if(l!=='ru')l='en';d.setAttribute('data-boot-lang',l);` +
  `if(t&&!own&&!/^\\/registration-confirmation/.test(p)){d.setAttribute('data-boot','shell');` +
  `if(/^\\/my-loads\\/(active|checkout|completed|canceled)\\/?$/.test(p))d.setAttribute('data-boot-page','load-list');}` +
  `else if(!t&&!own)d.setAttribute('data-boot','sign-in');})();`;
