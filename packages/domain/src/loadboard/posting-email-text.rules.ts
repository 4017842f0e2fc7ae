// The text of a posting e-mail as the reader works on it: the HTML of an HTML-only mail turned into lines
// (table cells apart, paragraphs and rows on lines of their own), and the labelled values a posting
// carries ('Pick up: Dallas, TX', 'Rate | $1,250', 'PU: ... DEL: ...' on one line).

const ENTITIES: Record<string, string> = {
  nbsp: ' ',
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  ndash: '–',
  mdash: '—',
  rarr: '→',
  times: '×',
};

/** HTML entities as characters: '&amp;' '&nbsp;' '&#8594;' '&#x2192;'. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X'))
      return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/**
 * The text of an HTML mail: styles, scripts and comments dropped, a table cell ending in ' | ' (so that
 * 'Pick up' and 'Dallas, TX' in two cells read as a label and its value), rows, paragraphs, breaks and
 * list items on lines of their own, tags dropped and entities decoded.
 */
export function htmlToText(html: string): string {
  const text = html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(style|script|head)\b[\s\S]*?<\/\1>/gi, '')
    .replace(/<\/t[dh]>/gi, ' | ')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|tr|li|h[1-6]|table|ul|ol)>/gi, '\n')
    .replace(/<[^>]+>/g, '');
  return decodeEntities(text)
    .split('\n')
    .map((line) =>
      line
        .replace(/[ \t\u00a0]+/g, ' ')
        .replace(/^\s*\|\s*/, '')
        .replace(/\s*\|\s*$/, '')
        .trim(),
    )
    .filter((line) => line !== '')
    .join('\n');
}

/** The body the reader works on: the plain text, or the HTML's text when the mail has no plain part. */
export function postingBodyText(mail: { text?: string | null; html?: string | null }): string {
  const plain = (mail.text ?? '').trim();
  const body = plain !== '' ? plain : htmlToText(mail.html ?? '');
  // Quoted replies ('> ...') and markdown emphasis are not part of the posting's own lines.
  return body
    .split(/\r?\n/)
    .filter((line) => !/^\s*>/.test(line))
    .map((line) => line.replace(/[*_]{1,2}/g, '').trim())
    .join('\n');
}

/** A subject without its 'Re:', 'Fwd:' and '[EXTERNAL]' prefixes. */
export function cleanSubject(subject: string | null | undefined): string {
  let text = (subject ?? '').trim();
  for (;;) {
    const next = text.replace(/^(?:re|fw|fwd|aw)\s*:\s*|^\[[^\]]*\]\s*/i, '');
    if (next === text) return text.trim();
    text = next;
  }
}

/** The fields a posting labels, and the labels brokers write them with (lower case, longest first). */
export const POSTING_LABELS = {
  pick_up: [
    'pick up location',
    'pickup location',
    'pick-up location',
    'shipper location',
    'pick up',
    'pick-up',
    'pickup',
    'origin',
    'shipper',
    'ship from',
    'load at',
    'pu',
  ],
  pick_up_date: [
    'pick up date',
    'pickup date',
    'pick-up date',
    'pu date',
    'ship date',
    'ready date',
    'ready time',
    'ready',
    'available',
  ],
  deliver_to: [
    'delivery location',
    'deliver to',
    'delivery',
    'destination',
    'consignee',
    'ship to',
    'drop off',
    'drop',
    'dest',
    'del',
  ],
  delivery_date: ['delivery date', 'del date', 'deliver by', 'due date', 'drop date', 'must deliver'],
  car: ['equipment type', 'truck type', 'vehicle type', 'equipment', 'vehicle', 'truck', 'equip', 'trailer'],
  miles: ['loaded miles', 'total miles', 'distance', 'miles', 'mileage'],
  weight: ['total weight', 'weight', 'wt', 'lbs'],
  pieces: ['pieces', 'pallets', 'pcs', 'skids', 'qty', 'count'],
  dims: ['dimensions', 'dims', 'dim', 'size'],
  pays: ['all in rate', 'all-in rate', 'rate', 'pays', 'pay', 'price', 'offer', 'all in', 'budget'],
  reference: [
    'reference number',
    'reference #',
    'reference',
    'load number',
    'load id',
    'load #',
    'order number',
    'order #',
    'order',
    'ref #',
    'ref',
    'shipment #',
    'shipment',
    'po #',
  ],
  mc_number: ['mc number', 'mc #', 'mc'],
  broker_name: ['broker company', 'brokerage', 'broker', 'company', 'customer'],
  broker_phone: ['phone', 'tel', 'call', 'cell'],
} as const;

export type LabelledField = keyof typeof POSTING_LABELS;

/** One labelled value as the mail wrote it: the field it names and the text after its label. */
export type LabelledValue = { field: LabelledField; text: string };

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '[\\s-]*');

const LABEL_ENTRIES = (Object.entries(POSTING_LABELS) as [LabelledField, readonly string[]][])
  .flatMap(([field, labels]) => labels.map((label) => ({ field, label })))
  .sort((a, b) => b.label.length - a.label.length);

const LABEL_BY_TEXT = new Map(
  LABEL_ENTRIES.map((entry) => [entry.label.replace(/[\s-]+/g, ' '), entry.field]),
);

// A label at the start of a line or after a separator, then ':' '#:' '-' '|' '=' or a tab.
const LABEL_PATTERN = new RegExp(
  `(?:^|[|;•,]\\s*|\\s{2,}|\\s)(${LABEL_ENTRIES.map((entry) => escapeRegex(entry.label)).join('|')})\\s*(?::|\\||=|\\t|\\s-\\s)`,
  'gi',
);

/**
 * The labelled values of the body, in order: each label's value runs to the next label on the line or
 * the line's end. A label written on a line of its own takes the next line ('Pick up:' / 'Dallas, TX').
 */
export function labelledValues(body: string): LabelledValue[] {
  const values: LabelledValue[] = [];
  const lines = body.split('\n');
  lines.forEach((line, index) => {
    const found = [...line.matchAll(LABEL_PATTERN)];
    found.forEach((match, position) => {
      const label = match[1]!.toLowerCase().replace(/[\s-]+/g, ' ');
      const field = LABEL_BY_TEXT.get(label);
      if (!field) return;
      const start = match.index + match[0].length;
      const end = found[position + 1]?.index ?? line.length;
      let text = line.slice(start, end).replace(/^[\s|:#-]+|[\s|;,]+$/g, '');
      if (text === '' && position === found.length - 1) text = (lines[index + 1] ?? '').trim();
      if (text !== '') values.push({ field, text });
    });
  });
  return values;
}

/** The first labelled value of a field, or null. */
export function firstLabelled(values: readonly LabelledValue[], field: LabelledField): string | null {
  return values.find((value) => value.field === field)?.text ?? null;
}
