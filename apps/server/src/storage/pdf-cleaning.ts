import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFRef,
  PDFStream,
  type PDFContext,
  type PDFObject,
} from '@cantoo/pdf-lib';

/** Actions that run code, open or send files, or leave the document: never kept. */
const ACTIVE_ACTIONS = new Set([
  'JavaScript',
  'Launch',
  'SubmitForm',
  'ImportData',
  'GoToR',
  'GoToE',
  'URI',
  'Rendition',
  'RichMediaExecute',
  'Movie',
  'Sound',
]);
/** Annotations that carry files, media or scripts rather than marks on the page. */
const ACTIVE_ANNOTATIONS = new Set(['FileAttachment', 'Sound', 'Movie', 'Screen', 'RichMedia', '3D']);
/** Keys whose value runs on an event (additional actions), or is a script, wherever they are. */
const EVENT_KEYS = ['AA', 'OpenAction', 'JS'].map((key) => PDFName.of(key));
const ACTION_KEYS = ['A', 'Next', 'PA'].map((key) => PDFName.of(key));
const SUBTYPE = PDFName.of('Subtype');
const ANNOTS = PDFName.of('Annots');

/** Thrown for a PDF that is encrypted, cannot be parsed, or has no page. */
export class UnreadablePdf extends Error {}

/**
 * Rewrites an uploaded PDF without active content, so an operator may open it in any reader: its
 * pages (contents, resources, ordinary annotations) are copied into a new document, after every
 * script, event action (/AA, /OpenAction), action that launches, submits, imports or leaves the
 * document (JavaScript, Launch, SubmitForm, ImportData, GoToR, GoToE, URI, media) and file or
 * media annotation is removed. What lives only in the old catalog goes with it: document-level
 * scripts and embedded files (/Names), the form and its XFA, outlines. An encrypted PDF is refused.
 */
export async function cleanPdf(bytes: Buffer): Promise<Buffer> {
  let source: PDFDocument;
  try {
    source = await PDFDocument.load(bytes, { throwOnInvalidObject: true, updateMetadata: false });
  } catch {
    throw new UnreadablePdf();
  }
  const pageCount = safePageCount(source);
  if (pageCount === 0) throw new UnreadablePdf();
  scrubAll(source.context);

  const clean = await PDFDocument.create({ updateMetadata: false });
  try {
    const pages = await clean.copyPages(source, source.getPageIndices());
    for (const page of pages) clean.addPage(page);
  } catch {
    throw new UnreadablePdf();
  }
  return Buffer.from(await clean.save({ useObjectStreams: false }));
}

function safePageCount(doc: PDFDocument): number {
  try {
    return doc.getPageCount();
  } catch {
    return 0;
  }
}

function scrubAll(context: PDFContext): void {
  const seen = new Set<PDFObject>();
  for (const [, object] of context.enumerateIndirectObjects()) scrub(context, object, seen);
}

/** Removes active content from one object and the direct objects inside it (indirect ones are all visited). */
function scrub(context: PDFContext, object: PDFObject, seen: Set<PDFObject>): void {
  if (seen.has(object)) return;
  seen.add(object);
  const dict = object instanceof PDFStream ? object.dict : object instanceof PDFDict ? object : null;
  if (dict) {
    for (const key of EVENT_KEYS) dict.delete(key);
    for (const key of ACTION_KEYS) {
      const value = dict.get(key);
      if (value === undefined) continue;
      const kept = keptActions(context, value);
      if (kept === value) continue;
      if (kept === null) dict.delete(key);
      else dict.set(key, kept);
    }
    const annots = dict.lookup(ANNOTS);
    if (annots instanceof PDFArray) {
      const kept = annots.asArray().filter((annot) => !isActiveAnnotation(context, annot));
      if (kept.length !== annots.size()) dict.set(ANNOTS, context.obj(kept));
    }
    for (const [, value] of dict.entries()) scrub(context, value, seen);
  } else if (object instanceof PDFArray) {
    for (const value of object.asArray()) scrub(context, value, seen);
  }
}

/** An action value (one action or an array of them) without its active actions; null when none is left. */
function keptActions(context: PDFContext, value: PDFObject): PDFObject | null {
  const resolved = value instanceof PDFRef ? context.lookup(value) : value;
  if (resolved instanceof PDFArray) {
    const items = resolved.asArray();
    const kept = items.filter((item) => !isActiveAction(context, item));
    if (kept.length === items.length) return value;
    return kept.length === 0 ? null : context.obj(kept);
  }
  return isActiveAction(context, value) ? null : value;
}

function isActiveAction(context: PDFContext, value: PDFObject): boolean {
  const action = context.lookup(value);
  if (!(action instanceof PDFDict)) return false;
  const type = action.lookup(PDFName.of('S'));
  return type instanceof PDFName && ACTIVE_ACTIONS.has(type.decodeText());
}

function isActiveAnnotation(context: PDFContext, value: PDFObject): boolean {
  const annotation = context.lookup(value);
  if (!(annotation instanceof PDFDict)) return false;
  const subtype = annotation.lookup(SUBTYPE);
  return subtype instanceof PDFName && ACTIVE_ANNOTATIONS.has(subtype.decodeText());
}
