import sharp from 'sharp';

export interface TestFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

const escapeXml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/'/g, '&apos;');

/** A card-like picture with a caption, drawn as SVG and encoded by libvips: real image bytes. */
function cardSvg(caption: string, width: number, height: number, hue: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <rect width="100%" height="100%" rx="24" fill="hsl(${hue}, 45%, 88%)"/>
  <rect x="24" y="24" width="${Math.round(width * 0.28)}" height="${Math.round(height * 0.62)}" rx="12" fill="hsl(${hue}, 30%, 70%)"/>
  <circle cx="${24 + Math.round(width * 0.14)}" cy="${24 + Math.round(height * 0.24)}" r="${Math.round(height * 0.12)}" fill="hsl(${hue}, 25%, 55%)"/>
  <text x="${Math.round(width * 0.36)}" y="${Math.round(height * 0.3)}" font-family="sans-serif" font-size="${Math.round(height * 0.09)}" fill="#223">${escapeXml(caption)}</text>
  <text x="${Math.round(width * 0.36)}" y="${Math.round(height * 0.48)}" font-family="sans-serif" font-size="${Math.round(height * 0.06)}" fill="#445">SPECIMEN — DOCUMENT DE TEST</text>
</svg>`;
}

export async function testPng(name: string, caption: string, hue = 200): Promise<TestFile> {
  const buffer = await sharp(Buffer.from(cardSvg(caption, 640, 400, hue)))
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

export async function testJpeg(name: string, caption: string, hue = 30): Promise<TestFile> {
  const buffer = await sharp(Buffer.from(cardSvg(caption, 640, 400, hue)))
    .jpeg({ quality: 80 })
    .withMetadata({ exif: { IFD0: { Copyright: 'Comptoir e2e' } } })
    .toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

/** A minimal, well-formed one-page PDF. */
export function testPdf(name: string): TestFile {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    null, // the content stream, below
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  const content = 'BT /F1 18 Tf 72 760 Td (Justificatif de domicile - test) Tj ET';
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    const body = object ?? `<< /Length ${content.length} >>\nstream\n${content}\nendstream`;
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(pdf, 'latin1') };
}
