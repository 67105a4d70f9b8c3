// Sample documents for the tests of the upload cleaning and of every upload route (never imported
// by the server): photo-like images with EXIF and GPS, PDFs with and without active content, a program.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFStream,
  PDFString,
  type PDFObject,
} from '@cantoo/pdf-lib';
import { AppError } from '../../errors.ts';
import { cleanDocument } from '../document-file.ts';

/** A real photo-like PNG (noise, so it does not compress to nothing). */
export async function pngImage(width = 320, height = 200): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 7919 + (i >> 5) * 104729) % 251;
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** A JPEG carrying EXIF with a description marker and GPS coordinates (to prove they are stripped). */
export async function jpegWithGps(width = 320, height = 200): Promise<Buffer> {
  return sharp(await pngImage(width, height))
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { ImageDescription: 'MARKER-SECRET-PLACE', Make: 'TestCam' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '49/1 36/1 42/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '6/1 7/1 30/1',
      },
    })
    .toBuffer();
}

/** A 64×48 HEIC (HEVC) photo with EXIF, made once with libheif's heif-enc from a JPEG with GPS. */
export const heicWithExif = (): Buffer =>
  readFileSync(join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'gps.heic'));

/** A one-page PDF, written by hand; `padding` spaces between its objects make it as large as wanted. */
export const minimalPdf = (padding = 0): Buffer =>
  Buffer.from(
    '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [3 0 R] /Count 1>> endobj\n' +
      '3 0 obj <</Type /Page /Parent 2 0 R /MediaBox [0 0 200 100]>> endobj\n' +
      ' '.repeat(padding) +
      'trailer <</Root 1 0 R>>\n%%EOF\n',
    'latin1',
  );

/** A two-page PDF full of active content: scripts on opening and on page events, a launching link, an attached file, XFA. */
export async function pdfWithActiveContent(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([200, 100]).drawText('Facture', { x: 10, y: 50 });
  doc.addPage([200, 100]);
  const { context, catalog } = doc;
  const script = (js: string) => context.obj({ S: 'JavaScript', JS: PDFString.of(js) });
  catalog.set(PDFName.of('OpenAction'), context.register(script('app.alert("ouvert")')));
  catalog.set(PDFName.of('AA'), context.obj({ WC: script('app.alert("fermé")') }));
  const attached = context.register(context.flateStream('MZ...', { Type: 'EmbeddedFile' }));
  catalog.set(
    PDFName.of('Names'),
    context.obj({
      JavaScript: { Names: [PDFString.of('init'), context.register(script('app.launchURL("x")'))] },
      EmbeddedFiles: {
        Names: [
          PDFString.of('outil.exe'),
          { Type: 'Filespec', F: PDFString.of('outil.exe'), EF: { F: attached } },
        ],
      },
    }),
  );
  catalog.set(PDFName.of('AcroForm'), context.obj({ Fields: [], XFA: PDFString.of('<xdp/>') }));
  const [first] = doc.getPages();
  first!.node.set(PDFName.of('AA'), context.obj({ O: script('this.print()') }));
  const link = context.obj({
    Type: 'Annot',
    Subtype: 'Link',
    Rect: [0, 0, 100, 20],
    A: { S: 'Launch', F: PDFString.of('calc.exe'), Next: script('app.alert(2)') },
  });
  const file = context.obj({ Type: 'Annot', Subtype: 'FileAttachment', Rect: [0, 0, 10, 10] });
  const goTo = context.obj({
    Type: 'Annot',
    Subtype: 'Link',
    Rect: [0, 30, 10, 40],
    Dest: [first!.ref, 'Fit'],
  });
  first!.node.set(PDFName.of('Annots'), context.obj([context.register(link), file, goTo]));
  return Buffer.from(await doc.save());
}

const ACTIVE_KEYS = new Set(['JS', 'JavaScript', 'OpenAction', 'AA', 'XFA', 'EmbeddedFiles', 'Launch']);
const ACTIVE_TYPES = new Set([
  'JavaScript',
  'Launch',
  'SubmitForm',
  'ImportData',
  'GoToR',
  'URI',
  'FileAttachment',
]);

/** Every piece of active content left in a PDF, found by walking all its objects (object streams included). */
export async function activeContentOf(bytes: Buffer): Promise<string[]> {
  const doc = await PDFDocument.load(bytes);
  const found: string[] = [];
  const seen = new Set<PDFObject>();
  const walk = (object: PDFObject | undefined): void => {
    if (object === undefined || seen.has(object)) return;
    seen.add(object);
    if (object instanceof PDFArray) object.asArray().forEach(walk);
    const dict = object instanceof PDFStream ? object.dict : object instanceof PDFDict ? object : null;
    for (const [key, value] of dict?.entries() ?? []) {
      if (ACTIVE_KEYS.has(key.decodeText())) found.push(`/${key.decodeText()}`);
      if (value instanceof PDFName && ACTIVE_TYPES.has(value.decodeText()))
        found.push(`/${value.decodeText()}`);
      walk(value);
    }
  };
  for (const [, object] of doc.context.enumerateIndirectObjects()) walk(object);
  walk(doc.context.trailerInfo.Root);
  return found;
}

/** The first bytes of an ELF program (what a renamed executable starts with). */
export const elfProgram = (): Buffer =>
  Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(4000, 0x90)]);

/** How cleanDocument refuses `bytes` (status, code, French detail); throws if it accepts them. */
export async function cleaningRefusal(
  bytes: Buffer,
): Promise<{ status: number; code: string; detail: string }> {
  try {
    await cleanDocument(bytes);
  } catch (error) {
    if (error instanceof AppError) return { status: error.status, code: error.code, detail: error.detail };
    throw error;
  }
  throw new Error('accepted');
}
