import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { PDFDocument } from '@cantoo/pdf-lib';
import { MAX_DOCUMENT_BYTES } from '@comptoir/contracts';
import { cleanDocument, MAX_IMAGE_SIDE, sniff } from './document-file.ts';
import {
  activeContentOf,
  cleaningRefusal as refusal,
  elfProgram,
  heicWithExif,
  jpegWithGps,
  minimalPdf,
  pdfWithActiveContent,
  pngImage,
} from './__tests__/document-samples.ts';

describe('document files (magic bytes, re-encoding)', () => {
  it('recognises JPEG, PNG, HEIC and PDF by content, nothing else', async () => {
    expect(sniff(await jpegWithGps())).toBe('image/jpeg');
    expect(sniff(await pngImage())).toBe('image/png');
    expect(sniff(heicWithExif())).toBe('image/heic');
    expect(sniff(minimalPdf())).toBe('application/pdf');
    expect(sniff(elfProgram())).toBeNull();
    expect(sniff(Buffer.from('<html><script>alert(1)</script>'))).toBeNull();
    expect(sniff(Buffer.from('GIF89a........'))).toBeNull();
  });

  it('refuses a program, whatever its name', async () => {
    expect(await refusal(elfProgram())).toMatchObject({ status: 415, code: 'file_type_unsupported' });
    // A script with a PNG-looking name is still a script.
    expect(await refusal(Buffer.from('#!/bin/sh\nrm -rf /\n'))).toMatchObject({ status: 415 });
  });

  it('refuses a file over 10 MB', async () => {
    const big = Buffer.concat([await pngImage(), Buffer.alloc(MAX_DOCUMENT_BYTES)]);
    expect(await refusal(big)).toMatchObject({ status: 413, code: 'file_too_large' });
  });

  it('refuses a file that only starts like an image', async () => {
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 0x41)]);
    expect(await refusal(fake)).toMatchObject({ status: 415, code: 'file_unreadable' });
  });

  it('re-encodes a JPEG without its EXIF and GPS blocks', async () => {
    const input = await jpegWithGps();
    const inputMeta = await sharp(input).metadata();
    expect(inputMeta.exif).toBeDefined();
    expect(inputMeta.exif!.indexOf(Buffer.from([0x25, 0x88]))).toBeGreaterThan(0); // GPS IFD pointer (0x8825)
    expect(input.includes('MARKER-SECRET-PLACE')).toBe(true);

    const out = await cleanDocument(input);
    expect(out.mime).toBe('image/jpeg');
    const meta = await sharp(out.bytes).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(out.bytes.includes('MARKER-SECRET-PLACE')).toBe(false);
    expect(out.bytes.includes('Exif')).toBe(false);
    expect([meta.width, meta.height]).toEqual([320, 200]);
  });

  it('re-encodes a PNG as a PNG and bounds the size of huge images', async () => {
    const out = await cleanDocument(await pngImage());
    expect(out.mime).toBe('image/png');
    expect(sniff(out.bytes)).toBe('image/png');

    const wide = await sharp({ create: { width: 6000, height: 1000, channels: 3, background: '#888' } })
      .png()
      .toBuffer();
    const meta = await sharp((await cleanDocument(wide)).bytes).metadata();
    expect(meta.width).toBe(MAX_IMAGE_SIDE);
  });

  it('decodes HEIC and stores it as a JPEG without metadata', async () => {
    const input = heicWithExif();
    expect(input.includes('MARKER-SECRET-PLACE')).toBe(true);
    const out = await cleanDocument(input);
    expect(out.mime).toBe('image/jpeg');
    const meta = await sharp(out.bytes).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['jpeg', 64, 48, undefined]);
    expect(out.bytes.includes('MARKER-SECRET-PLACE')).toBe(false);
  });

  it('decodes a 12 MP HEIC photo off the main thread (the event loop keeps turning)', async () => {
    const input = readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'photo-12mp.heic'));
    let last = performance.now();
    let worstGap = 0;
    const timer = setInterval(() => {
      const now = performance.now();
      worstGap = Math.max(worstGap, now - last);
      last = now;
    }, 5);
    try {
      const out = await cleanDocument(input);
      const meta = await sharp(out.bytes).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 4032, 3024]);
    } finally {
      clearInterval(timer);
    }
    expect(worstGap).toBeLessThan(250);
  });

  it('refuses a file that only starts like a HEIC', async () => {
    const fake = Buffer.concat([heicWithExif().subarray(0, 40), Buffer.alloc(500, 1)]);
    expect(await refusal(fake)).toMatchObject({ status: 415, code: 'file_unreadable' });
  });

  it('rewrites a PDF without its active content, keeping its pages', async () => {
    const pdf = await pdfWithActiveContent();
    expect(await activeContentOf(pdf)).toEqual(expect.arrayContaining(['/OpenAction', '/AA', '/JS', '/XFA']));
    const clean = await cleanDocument(pdf);
    expect(clean.mime).toBe('application/pdf');
    expect(await activeContentOf(clean.bytes)).toEqual([]);
    const kept = await PDFDocument.load(clean.bytes);
    expect(kept.getPageCount()).toBe(2);
    // The harmless link to a page of the document stays.
    expect(kept.getPages()[0]!.node.Annots()?.size()).toBe(2);
    expect((await cleanDocument(minimalPdf())).bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('refuses an encrypted, unparseable or empty PDF with the upload error', async () => {
    const encrypted = Buffer.from(
      minimalPdf()
        .toString('latin1')
        .replace('trailer <<', 'trailer <</Encrypt <</Filter /Standard /V 1 /R 2 /O (x) /U (y) /P -4>> '),
      'latin1',
    );
    const broken = Buffer.from('%PDF-1.7\n' + ' '.repeat(2000), 'latin1');
    const empty = Buffer.from(
      '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
      'latin1',
    );
    for (const pdf of [encrypted, broken, empty]) {
      expect(await refusal(pdf)).toMatchObject({ status: 415, code: 'file_unreadable' });
    }
  });
});
