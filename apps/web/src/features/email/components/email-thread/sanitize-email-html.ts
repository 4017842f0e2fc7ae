import DOMPurify from 'dompurify';

// A broker's e-mail is someone else's HTML: it is shown only after DOMPurify has taken out scripts, event
// handlers, styles that could cover the page, forms and frames. Links open in a new tab without access to
// this one; pictures from elsewhere are kept (they are how signatures and rate sheets look).

const FORBID_TAGS = [
  'style',
  'form',
  'input',
  'button',
  'textarea',
  'select',
  'iframe',
  'object',
  'embed',
  'link',
  'meta',
  'base',
];
const FORBID_ATTR = ['style', 'class', 'id', 'srcset'];

let hooked = false;

function addLinkHook(): void {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A') {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer nofollow');
    }
  });
}

/** What must never reach the page, checked again after sanitising: scripts, handlers, script URLs. */
const UNSAFE = /<\s*(script|iframe|object|embed|style)\b|\son[a-z]+\s*=|javascript:/i;

/**
 * The message's HTML safe to show inside the page, or null when it cannot be made safe here (a browser
 * without what DOMPurify needs, or anything unsafe left after it): the thread then shows the plain text.
 */
export function sanitizeEmailHtml(html: string): string | null {
  if (!DOMPurify.isSupported) return null;
  addLinkHook();
  const safe = DOMPurify.sanitize(html, {
    FORBID_TAGS,
    FORBID_ATTR,
    ALLOW_DATA_ATTR: false,
    USE_PROFILES: { html: true },
  });
  return UNSAFE.test(safe) ? null : safe;
}
