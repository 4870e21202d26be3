/**
 * The PDF of a vehicle page (spec §2 "print-to-PDF", §7 "PDF download": saved as {slug}.pdf):
 * the print view's content (domain/vehicle-sheet.ts) drawn with pdfkit, with the car's
 * first photo read from this server's own pictures, never fetched over the network.
 * GET /api/cars/{slug}/pdf for the site the Host header names.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import * as fontkit from "fontkit";
import PDFDocument from "pdfkit";
import type { VehicleSheet } from "../../domain/vehicle-sheet";
import { PICTURE_PREFIX } from "../../domain/media";
import { picture, pictureRequest } from "../media/vehicle-pictures";

// ---------------------------------------------------------------------------------------------
// Fonts and text

/**
 * Noto Sans, regular and bold, from the @embedpdf/fonts-latin package: Latin with Latin Extended
 * and Vietnamese (Māori macrons, Polish, Czech …), Greek, Cyrillic, $ € £. The files are read from
 * node_modules (next.config.ts traces them into the build; nothing is downloaded) and parsed once
 * per process: pdfkit takes the parsed fonts and embeds only the glyphs each PDF uses.
 */
export const PDF_FONT_FILES = ["NotoSans-Regular.ttf", "NotoSans-Bold.ttf"] as const;
const fontPath = (file: string) => join(/*turbopackIgnore: true*/ process.cwd(), "node_modules", "@embedpdf", "fonts-latin", "fonts", file);
const REGULAR = "Sans";
const BOLD = "Sans-Bold";

interface PdfFonts {
  regular: fontkit.Font;
  bold: fontkit.Font;
  /** Whether both fonts draw this code point. */
  draws: (codePoint: number) => boolean;
}

let loading: Promise<PdfFonts> | undefined;

/** The two fonts, read and parsed on first use and kept (a failed read is tried again next time). */
export function pdfFonts(): Promise<PdfFonts> {
  loading ??= Promise.all(PDF_FONT_FILES.map((file) => readFile(fontPath(file)))).then((files) => {
    const [regular, bold] = files.map((b) => fontkit.create(b) as fontkit.Font);
    return { regular, bold, draws: (c: number) => regular.hasGlyphForCodePoint(c) && bold.hasGlyphForCodePoint(c) };
  });
  loading.catch(() => (loading = undefined));
  return loading;
}

/**
 * Text as the PDF draws it: composed (NFC, so a letter and its combining accent become the one
 * glyph), line breaks as "\n", tabs as spaces; a character the fonts have no glyph for (an emoji,
 * a star) is left out rather than printed as an empty box.
 */
export function pdfText(text: string, draws: (codePoint: number) => boolean): string {
  let out = "";
  for (const ch of text.replace(/\r\n?/g, "\n").replace(/\t/g, " ").normalize("NFC")) {
    const c = ch.codePointAt(0)!;
    if (ch === "\n" || (c >= 0x20 && draws(c))) out += ch;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Photo

const PUBLIC_IMAGE = /^\/(?:[a-z0-9_-]+\/)*[a-z0-9_.-]+\.(?:jpe?g|png)$/i;

/**
 * The bytes of a photo this server holds (a generated picture under /media/vehicles, as JPEG, or a
 * JPEG/PNG under public/); null for remote or unknown images, which the PDF then goes without.
 */
export async function localPhoto(url: string | null): Promise<Buffer | null> {
  if (!url) return null;
  try {
    if (url.startsWith(`${PICTURE_PREFIX}/`)) {
      const req = pictureRequest(url.slice(PICTURE_PREFIX.length + 1).split("/"));
      // pdfkit embeds JPEG and PNG: a WebP picture is asked for as JPEG.
      return req ? await picture({ ...req, format: "jpg" }) : null;
    }
    if (PUBLIC_IMAGE.test(url) && !url.includes("..")) return await readFile(join(/*turbopackIgnore: true*/ process.cwd(), "public", url));
  } catch (e) {
    console.warn(`[pdf] photo ${url} left out:`, (e as Error).message);
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Drawing

const INK = "#111111";
const MUTED = "#555555";
const RULE = "#cccccc";

/** The PDF's bytes: A4, the sheet's sections in the print view's order. `compress: false` keeps text readable (tests). */
export async function renderVehiclePdf(sheet: VehicleSheet, photo: Buffer | null, opts: { compress?: boolean; accent?: string } = {}): Promise<Buffer> {
  const fonts = await pdfFonts();
  const t = (text: string) => pdfText(text, fonts.draws);
  const doc = new PDFDocument({
    size: "A4",
    margin: 42,
    compress: opts.compress ?? true,
    info: { Title: sheet.name, Author: sheet.site.name, Subject: sheet.url ?? undefined },
  });
  // pdfkit takes a parsed fontkit font as it is (its types name only files and bytes).
  doc.registerFont(REGULAR, fonts.regular as unknown as Buffer);
  doc.registerFont(BOLD, fonts.bold as unknown as Buffer);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  const ensure = (height: number) => {
    if (doc.y + height > bottom()) doc.addPage();
  };
  const rule = (color = RULE, weight = 0.75) => {
    doc.moveTo(left, doc.y).lineTo(left + width, doc.y).lineWidth(weight).strokeColor(color).stroke();
  };
  /** A section heading, on a new page unless `keep` points of the section fit under it. */
  const heading = (text: string, keep = 60) => {
    ensure(keep);
    doc.moveDown(0.9);
    doc.font(BOLD).fontSize(13).fillColor(INK).text(t(text), left, doc.y, { width });
    doc.moveDown(0.2);
    rule();
    doc.moveDown(0.4);
  };

  // Site, then the car's name and price.
  doc.font(BOLD).fontSize(11).fillColor(opts.accent ?? INK).text(t(sheet.site.name), left, doc.y, { width });
  doc.moveDown(0.3);
  rule(opts.accent ?? INK, 1.5);
  doc.moveDown(0.8);
  doc.font(BOLD).fontSize(20).fillColor(INK).text(t(sheet.title), { width });
  if (sheet.subtitle) doc.font(REGULAR).fontSize(13).fillColor(MUTED).text(t(sheet.subtitle), { width });
  doc.moveDown(0.3);
  doc.font(BOLD).fontSize(18).fillColor(sheet.price.sold ? "#b3191f" : INK).text(t(sheet.price.text), { width, continued: !!sheet.price.label });
  if (sheet.price.label) doc.font(REGULAR).fontSize(11).fillColor(MUTED).text(`  ${t(sheet.price.label)}`);
  doc.moveDown(0.6);

  if (photo) {
    try {
      const height = 280;
      const top = doc.y;
      doc.image(photo, left, top, { fit: [width, height], align: "center", valign: "center" });
      doc.y = top + height;
      doc.moveDown(0.4);
    } catch (e) {
      console.warn("[pdf] photo could not be drawn:", (e as Error).message);
    }
  }

  if (sheet.details.length) {
    heading("Key details");
    const colGap = 18;
    const colWidth = (width - colGap) / 2;
    const labelWidth = colWidth * 0.45;
    doc.fontSize(10);
    for (let i = 0; i < sheet.details.length; i += 2) {
      const pair = sheet.details.slice(i, i + 2);
      const rowHeight = Math.max(
        ...pair.map((d) => doc.font(BOLD).heightOfString(t(d.value), { width: colWidth - labelWidth })),
      ) + 6;
      ensure(rowHeight);
      const y = doc.y;
      pair.forEach((d, j) => {
        const x = left + j * (colWidth + colGap);
        doc.font(REGULAR).fillColor(MUTED).text(t(d.label), x, y, { width: labelWidth - 6, lineBreak: false, ellipsis: true });
        doc.font(BOLD).fillColor(INK).text(t(d.value), x + labelWidth, y, { width: colWidth - labelWidth });
      });
      doc.y = y + rowHeight;
      doc.x = left;
    }
  }

  if (sheet.features.length) {
    heading("Features");
    for (const group of sheet.features) {
      ensure(40);
      doc.font(BOLD).fontSize(10.5).fillColor(INK).text(t(group.name), left, doc.y, { width });
      // Lines break between items, not inside one (no-break spaces within each).
      const items = group.items.map((item) => t(item).replace(/ /g, "\u00a0"));
      doc.font(REGULAR).fontSize(10).fillColor(INK).text(items.join("   •   "), { width, lineGap: 2 });
      doc.moveDown(0.5);
    }
  }

  if (sheet.comments.length) {
    heading("Dealer comments");
    doc.font(REGULAR).fontSize(10).fillColor(INK);
    for (const p of sheet.comments) {
      doc.text(t(p), left, doc.y, { width, lineGap: 2 });
      doc.moveDown(0.5);
    }
  }

  if (sheet.location) {
    const { name, address, phone, licence } = sheet.location;
    heading("Location", 120);
    doc.font(BOLD).fontSize(10.5).fillColor(INK).text(t(name), left, doc.y, { width });
    doc.font(REGULAR).fontSize(10);
    for (const line of [address, phone ? `Phone: ${phone}` : null, licence]) {
      if (line) doc.text(t(line), { width });
    }
  }

  ensure(80);
  doc.moveDown(1.2);
  rule();
  doc.moveDown(0.5);
  if (sheet.url) doc.font(REGULAR).fontSize(9).fillColor(INK).text(`View online: ${sheet.url}`, left, doc.y, { width, link: sheet.url });
  doc.moveDown(0.3);
  doc.font(REGULAR).fontSize(8).fillColor(MUTED).text(t(sheet.disclaimer), left, doc.y, { width, lineGap: 1 });

  doc.end();
  return done;
}
