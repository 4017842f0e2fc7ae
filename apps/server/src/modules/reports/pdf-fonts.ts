import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { create as createFont, type Font } from 'fontkit';

// The reports' font: DejaVu Sans and DejaVu Sans Bold, embedded in every PDF so that Cyrillic names print
// (the fonts ship with the dejavu-fonts-ttf package, under their free licence). They are read and parsed
// once per process and shared by every document; pdfkit embeds only the glyphs a document uses. A week of a
// thousand pay sheets makes the same words and glyphs again and again, so the word shapes and the glyph
// outlines are remembered across documents too: a pay sheet takes about ten milliseconds of CPU.

const require = createRequire(import.meta.url);

type Fonts = { regular: Font; bold: Font };
let fonts: Fonts | null = null;

type Run = { glyphs: unknown[]; positions: Record<string, number>[] };
const LAYOUT_MEMORY = 20_000;

/**
 * The font with its word shapes remembered across documents. pdfkit shapes each word of a document once
 * (OpenType layout, the most of a pay sheet's time) and scales the positions it gets in place; here each
 * word is shaped once per process and every document gets its own copy of the positions.
 */
function rememberingLayout(font: Font): Font {
  const shapes = new Map<string, Run>();
  const layout = font.layout.bind(font) as unknown as (text: string, features?: unknown) => Run;
  const remembering = (text: string, features?: unknown): Run => {
    if (features !== undefined) return layout(text, features);
    let run = shapes.get(text);
    if (!run) {
      if (shapes.size >= LAYOUT_MEMORY) shapes.clear();
      const shaped = layout(text);
      run = { glyphs: shaped.glyphs, positions: shaped.positions.map((position) => ({ ...position })) };
      shapes.set(text, run);
    }
    const positions = run.positions.map((position) => ({ ...position }));
    return {
      glyphs: run.glyphs,
      positions,
      get advanceWidth() {
        return positions.reduce((width, position) => width + (position.xAdvance ?? 0), 0);
      },
    } as Run;
  };
  (font as unknown as { layout: typeof remembering }).layout = remembering;
  return font;
}

/**
 * A TrueType glyph's outline is decoded once per process, not once per document that embeds it (the
 * subset of each document asks for it). The font is static (no variations), so the outline never changes.
 */
function rememberingOutlines(font: Font): void {
  const prototype = Object.getPrototypeOf(font.getGlyph(0)) as { _decode?: () => unknown };
  const decode = prototype._decode;
  if (!decode || (decode as { remembered?: true }).remembered) return;
  const remembered = function (this: { decoded?: unknown }) {
    if (!('decoded' in this)) this.decoded = decode.call(this);
    return this.decoded;
  };
  remembered.remembered = true as const;
  prototype._decode = remembered;
}

export function loadFonts(): Fonts {
  if (!fonts) {
    const open = (file: string) =>
      createFont(readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`))) as Font;
    const regular = rememberingLayout(open('DejaVuSans.ttf'));
    rememberingOutlines(regular);
    fonts = { regular, bold: rememberingLayout(open('DejaVuSans-Bold.ttf')) };
  }
  return fonts;
}
