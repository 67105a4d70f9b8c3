import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import PDFDocument from 'pdfkit';

/**
 * The bank's PDF documents (RIB, statements, balance certificates) are drawn with pdfkit: A4 pages,
 * DejaVu Sans embedded as subsets (a Unicode font: « Łukasz Żółć » prints as written), and tagged
 * (PDF 1.7, a structure tree, French as the document language, artifacts for decoration and page
 * furniture), so a screen reader reads them (European Accessibility Act). Coordinates here are
 * measured from the bottom of the page and text sits on its baseline, as in PDF itself.
 *
 * DejaVu fonts: Bitstream Vera licence with public-domain changes (free to embed and redistribute),
 * shipped by the npm package `dejavu-fonts-ttf` and read from node_modules at run time.
 */

const require = createRequire(import.meta.url);
const FONT_DIR = join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');

export const A4: [number, number] = [595.28, 841.89];

export type FontName = 'regular' | 'bold' | 'mono' | 'monoBold';
const FONT_FILES: Record<FontName, string> = {
  regular: 'DejaVuSans.ttf',
  bold: 'DejaVuSans-Bold.ttf',
  mono: 'DejaVuSansMono.ttf',
  monoBold: 'DejaVuSansMono-Bold.ttf',
};

/** The font files, read once per process (each document embeds the subset it uses). */
let fontBytes: Map<FontName, Buffer> | null = null;
function fontFiles(): Map<FontName, Buffer> {
  fontBytes ??= new Map(
    Object.entries(FONT_FILES).map(([name, file]) => [name as FontName, readFileSync(join(FONT_DIR, file))]),
  );
  return fontBytes;
}

export type Color = readonly [number, number, number];
export const rgb = (r: number, g: number, b: number): Color => [r, g, b];
const toPdfColor = (c: Color): [number, number, number] => [c[0] * 255, c[1] * 255, c[2] * 255];

export const BRAND = rgb(0, 0x54 / 255, 0x66 / 255);
export const BRAND_LIGHT = rgb(0xe5 / 255, 0xf5 / 255, 0xf7 / 255);
export const INK = rgb(0.11, 0.12, 0.13);
export const MUTED = rgb(0.33, 0.35, 0.38);
export const RULE = rgb(0.82, 0.86, 0.88);
export const WARNING_BG = rgb(1, 0.95, 0.8);
export const WARNING_INK = rgb(0.45, 0.3, 0);
export const WHITE = rgb(1, 1, 1);

export interface TextStyle {
  font: FontName;
  size: number;
  color: Color;
}

export interface DocumentMeta {
  title: string;
  author: string;
  subject: string;
  creator: string;
  issuedAt: Date;
}

type Struct = PDFKit.PDFStructureElement;

/** pdfkit's embedded font object (not in its typings): shaping, widths, the subset it embeds. */
interface EmbeddedFont {
  id: string;
  ref(): unknown;
  layoutCache?: object;
  font: { hasGlyphForCodePoint(c: number): boolean };
  widthOfString(text: string, size: number): number;
  encode(
    text: string,
  ): [string[], { xAdvance: number; advanceWidth: number; xOffset: number; yOffset: number }[]];
}

/** A string as drawn: its `TJ` operand (glyph ids and kerning, in thousandths of an em) and width. */
interface Shaped {
  /** null when a glyph is moved off the line (a combining mark): pdfkit's own `text` draws it. */
  operand: string | null;
  /** Width at size 1000. */
  width: number;
}

/** Strings shaped per document before the shapes are forgotten (a long statement's are mostly unique). */
const SHAPES_KEPT = 4000;

/** Printable ASCII and Latin-1 letters and signs (no white space but the space, no combining mark). */
const LATIN = /^[\x20-\x7E\u00A1-\u017F]*$/;
/** The PDF operator setting a fill color, per color (colors are shared constants). */
const fillOps = new WeakMap<Color, string>();
const fillOp = (c: Color): string => {
  let op = fillOps.get(c);
  if (op === undefined) {
    op = `${num(c[0])} ${num(c[1])} ${num(c[2])} rg`;
    fillOps.set(c, op);
  }
  return op;
};

/**
 * Drops what pdfkit keeps of a structure element once it is written out: the document's parent tree
 * still holds its reference (written as `n 0 R`), but no longer its dictionary. A long statement's
 * table has six elements a row; without this its memory grows by kilobytes a row until the end.
 */
function forgetWritten(element: Struct): void {
  const written = element as unknown as { _flushed: boolean; dictionary: { data: { P?: unknown } } };
  // `P` (its parent) stays: pdfkit reads it to know that the parent may be written out in its turn.
  if (written._flushed) written.dictionary.data = { P: written.dictionary.data.P };
}

const num = (n: number): number => Math.round(n * 1e6) / 1e6;

/** One tagged A4 document being drawn; `output` is the PDF as it is written. */
export class PdfCanvas {
  readonly doc: PDFKit.PDFDocument;
  readonly root: Struct;
  readonly width = A4[0];
  readonly height = A4[1];
  private readonly glyphs = new Map<FontName, (codePoint: number) => boolean>();
  private readonly fonts = new Map<FontName, EmbeddedFont>();
  private readonly shown = new Map<string, string>();
  private readonly shapes = new Map<FontName, Map<string, Shaped>>();
  /** The page's content operators not yet handed to pdfkit (one write per page, not per operator). */
  private readonly pending: string[] = [];

  constructor(meta: DocumentMeta) {
    this.doc = new PDFDocument({
      size: 'A4',
      margin: 0,
      autoFirstPage: false,
      compress: true,
      tagged: true,
      lang: 'fr-FR',
      displayTitle: true,
      pdfVersion: '1.7',
      info: {
        Title: meta.title,
        Author: meta.author,
        Subject: meta.subject,
        Creator: meta.creator,
        Producer: meta.creator,
        CreationDate: meta.issuedAt,
        ModDate: meta.issuedAt,
      },
    });
    for (const [name, bytes] of fontFiles()) {
      this.doc.registerFont(name, bytes);
      this.doc.font(name);
      const embedded = (this.doc as unknown as { _font: EmbeddedFont })._font;
      this.fonts.set(name, embedded);
      this.shapes.set(name, new Map());
      // fontkit's font object: which characters the embedded font can draw.
      this.glyphs.set(name, (c) => embedded.font.hasGlyphForCodePoint(c));
    }
    const doc = this.doc as unknown as { addContent(data: string): unknown };
    doc.addContent = (data: string) => {
      this.pending.push(data);
      if (this.pending.length > 4000) this.flush();
      return this.doc;
    };
    // pdfkit hands its output over a few bytes at a time (each object, each line of the cross-
    // reference table); they are passed on in pieces of 64 kB.
    const readable = this.doc as unknown as { push(chunk: Uint8Array | null): boolean };
    const push = readable.push.bind(readable);
    let parts: Uint8Array[] = [];
    let size = 0;
    const pass = () => {
      if (size) push(Buffer.concat(parts, size));
      parts = [];
      size = 0;
    };
    readable.push = (chunk) => {
      if (chunk === null) {
        pass();
        return push(null);
      }
      parts.push(chunk);
      size += chunk.length;
      if (size >= 64 * 1024) pass();
      return true;
    };
    this.root = this.doc.struct('Document');
    this.doc.addStructure(this.root);
  }

  /** The PDF bytes, as a stream: pipe it before drawing, then call `end()`. */
  get output(): NodeJS.ReadableStream {
    return this.doc;
  }

  addPage(): void {
    this.flush();
    this.doc.addPage({ size: 'A4', margin: 0 });
  }

  /** Writes the operators drawn so far into the current page's content. */
  private flush(): void {
    if (!this.pending.length) return;
    (this.doc as unknown as { page: { write(data: string): void } }).page.write(this.pending.join('\n'));
    this.pending.length = 0;
  }

  /**
   * Forgets the shapes kept of the strings drawn (and pdfkit's of their words) once there are many
   * (a long statement's amounts and numbers are all different): a document's memory stays flat while
   * common words stay shaped.
   */
  private forgetShapes(font: FontName): void {
    this.shapes.get(font)!.clear();
    const embedded = this.fonts.get(font)!;
    if (embedded.layoutCache) embedded.layoutCache = Object.create(null) as object;
  }

  /** `text` (already printable) shaped in `font`, from the document's cache. */
  private shaped(font: FontName, text: string): Shaped {
    const cache = this.shapes.get(font)!;
    let shaped = cache.get(text);
    if (shaped) return shaped;
    const embedded = this.fonts.get(font)!;
    const [glyphs, positions] = embedded.encode(text);
    let operand: string | null = '';
    let run = '';
    for (let i = 0; i < glyphs.length; i++) {
      const p = positions[i]!;
      if (p.xOffset || p.yOffset) {
        operand = null;
        break;
      }
      run += glyphs[i];
      const kern = p.xAdvance - p.advanceWidth;
      if (kern !== 0) {
        operand += `<${run}> ${num(-kern)} `;
        run = '';
      }
    }
    if (operand !== null && run) operand += `<${run}>`;
    shaped = { operand, width: embedded.widthOfString(text, 1000) };
    if (cache.size >= SHAPES_KEPT) this.forgetShapes(font);
    cache.set(text, shaped);
    return shaped;
  }

  end(): void {
    this.root.end();
    this.flush();
    this.doc.end();
  }

  /**
   * `text` as the font can draw it: white space made single spaces, and a character the font does not
   * have (a script DejaVu lacks) shown without its accents, else as « ? », never as an empty box.
   */
  printable(font: FontName, text: string): string {
    // Plain Latin text (the font has every character from space to ſ) is printable as it is.
    if (LATIN.test(text)) return text;
    const key = `${font}\u0000${text}`;
    const known = this.shown.get(key);
    if (known !== undefined) return known;
    const has = this.glyphs.get(font)!;
    const hasAll = (s: string) => [...s].every((c) => has(c.codePointAt(0) ?? 0));
    const result = Array.from(text.normalize('NFC').replace(/\s/g, ' '), (ch) => {
      if (hasAll(ch)) return ch;
      const plain = ch.normalize('NFD').replace(/\p{M}/gu, '');
      return plain && hasAll(plain) ? plain : '?';
    }).join('');
    if (this.shown.size > 2000) this.shown.clear();
    this.shown.set(key, result);
    return result;
  }

  widthOf(text: string, font: FontName, size: number): number {
    return (this.shaped(font, this.printable(font, text)).width * size) / 1000;
  }

  /** Splits `text` into lines no wider than `width` (a word longer than a line keeps its own line). */
  wrap(text: string, font: FontName, size: number, width: number): string[] {
    const lines: string[] = [];
    let line = '';
    for (const word of this.printable(font, text).split(' ').filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (line && this.widthOf(candidate, font, size) > width) {
        lines.push(line);
        line = word;
      } else line = candidate;
    }
    if (line) lines.push(line);
    return lines.length ? lines : [''];
  }

  /**
   * Text at (x, baseline y) from the bottom-left corner, on one line; call it inside `tag` or
   * `artifact`. Written as PDF text operators from the string's cached shape (what pdfkit's `text`
   * writes, without its layout work each time).
   */
  text(text: string, x: number, y: number, style: TextStyle): void {
    const printable = this.printable(style.font, text);
    if (!printable) return;
    const shaped = this.shaped(style.font, printable);
    const doc = this.doc;
    if (shaped.operand === null) {
      doc
        .fillColor(toPdfColor(style.color))
        .font(style.font)
        .fontSize(style.size)
        .text(printable, x, this.height - y, {
          lineBreak: false,
          baseline: 'alphabetic',
        });
      return;
    }
    const font = this.fonts.get(style.font)!;
    const page = (doc as unknown as { page: { fonts: Record<string, unknown> } }).page;
    page.fonts[font.id] ??= font.ref();
    doc.addContent(
      `${fillOp(style.color)}\nBT\n1 0 0 -1 ${num(x)} ${num(this.height - y)} Tm\n/${font.id} ${num(style.size)} Tf\n[${shaped.operand}] TJ\nET`,
    );
  }

  rightText(text: string, right: number, y: number, style: TextStyle): void {
    this.text(text, right - this.widthOf(text, style.font, style.size), y, style);
  }

  /** A structure element of `type` (P, H1, TD…) under `parent`, holding what `draw` paints. */
  tag(type: string, draw: () => void, parent: Struct = this.root): void {
    const element = this.doc.struct(type, {}, draw);
    parent.add(element);
    forgetWritten(element);
  }

  /** Ends an element made by `group` (a table row once drawn, say): it is written out at once. */
  endGroup(element: Struct): void {
    element.end();
    forgetWritten(element);
  }

  /** An element with children to add (Table, TR, Sect…), attached under `parent`. */
  group(type: string, parent: Struct = this.root): Struct {
    const element = this.doc.struct(type);
    parent.add(element);
    return element;
  }

  /** Page furniture or decoration: drawn, but no part of what a reader reads. */
  artifact(draw: () => void, type: 'Pagination' | 'Layout' = 'Layout'): void {
    this.doc.markContent('Artifact', { type });
    draw();
    this.doc.endMarkedContent();
  }

  /** A filled (and optionally bordered) rectangle whose bottom-left corner is (x, y); decoration. */
  rect(r: {
    x: number;
    y: number;
    width: number;
    height: number;
    color: Color;
    borderColor?: Color;
    borderWidth?: number;
  }): void {
    this.artifact(() => {
      const top = this.height - r.y - r.height;
      if (r.borderColor)
        this.doc
          .rect(r.x, top, r.width, r.height)
          .lineWidth(r.borderWidth ?? 1)
          .fillAndStroke(toPdfColor(r.color), toPdfColor(r.borderColor));
      else this.doc.rect(r.x, top, r.width, r.height).fill(toPdfColor(r.color));
    });
  }

  /** A horizontal or vertical rule; decoration. */
  line(l: {
    start: { x: number; y: number };
    end: { x: number; y: number };
    thickness: number;
    color: Color;
  }) {
    this.artifact(() => {
      this.doc
        .moveTo(l.start.x, this.height - l.start.y)
        .lineTo(l.end.x, this.height - l.end.y)
        .lineWidth(l.thickness)
        .stroke(toPdfColor(l.color));
    });
  }
}

/** Everything the stream gives, as one buffer (a one-page document). */
export async function collect(stream: NodeJS.ReadableStream): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
}
