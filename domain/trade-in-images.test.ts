import { describe, expect, it } from "vitest";
import { IMAGE_TOO_LARGE_MESSAGE, IMAGE_TYPE_MESSAGE, TOO_MANY_IMAGES_MESSAGE } from "./trade-in";
import { TRADE_IN_IMAGE_ACCEPT, showsNameInsteadOfPreview, sniffTradeInImage, tradeInImageError, tradeInImageType } from "./trade-in-images";

describe("Step Three: images (at most 10, each at most 10,000,000 bytes, JPEG/JPG/PNG/GIF/HEIC)", () => {
  const jpeg = { name: "front.jpg", size: 10_000_000, type: "image/jpeg" };

  it("takes an image of exactly 10,000,000 bytes and refuses one byte more", () => {
    expect(tradeInImageError(jpeg, 0)).toBeNull();
    expect(tradeInImageError({ ...jpeg, size: 10_000_001 }, 0)).toBe(IMAGE_TOO_LARGE_MESSAGE);
  });

  it("refuses the 11th whatever it is", () => {
    expect(tradeInImageError(jpeg, 9)).toBeNull();
    expect(tradeInImageError(jpeg, 10)).toBe(TOO_MANY_IMAGES_MESSAGE);
    expect(tradeInImageError({ name: "notes.txt", size: 1, type: "text/plain" }, 10)).toBe(TOO_MANY_IMAGES_MESSAGE);
  });

  it("knows the allowed types by MIME type or name, and HEIC shows its name", () => {
    expect(tradeInImageType({ name: "a.JPEG" })).toBe("image/jpeg");
    expect(tradeInImageType({ name: "a.jpg", type: "" })).toBe("image/jpeg");
    expect(tradeInImageType({ name: "a.png", type: "image/png" })).toBe("image/png");
    expect(tradeInImageType({ name: "a", type: "image/gif" })).toBe("image/gif");
    expect(tradeInImageType({ name: "IMG_0001.HEIC" })).toBe("image/heic");
    expect(tradeInImageType({ name: "a.webp", type: "image/webp" })).toBeNull();
    expect(tradeInImageError({ name: "a.pdf", size: 5, type: "application/pdf" }, 0)).toBe(IMAGE_TYPE_MESSAGE);
    expect(showsNameInsteadOfPreview({ name: "IMG_0001.heic", type: "image/heic" })).toBe(true);
    expect(showsNameInsteadOfPreview({ name: "front.jpg" })).toBe(false);
    expect(TRADE_IN_IMAGE_ACCEPT).toBe("image/jpeg,.jpeg,.jpg,image/png,.png,image/gif,.gif,image/heic,.heic");
  });
});

describe("an image's type by its content", () => {
  const bytes = (...parts: (number[] | string)[]) => Uint8Array.from(parts.flatMap((p) => (typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p)));
  const ftyp = (major: string, ...compatible: string[]) => bytes([0, 0, 0, 16 + 4 * compatible.length], "ftyp", major, [0, 0, 0, 0], compatible.join(""), [0, 0, 0, 8], "meta");

  it("knows JPEG, PNG, GIF and HEIC by their first bytes", () => {
    expect(sniffTradeInImage(bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], "JFIF"))).toBe("image/jpeg");
    expect(sniffTradeInImage(bytes([0x89], "PNG", [0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13], "IHDR"))).toBe("image/png");
    expect(sniffTradeInImage(bytes("GIF89a", [1, 0, 1, 0]))).toBe("image/gif");
    expect(sniffTradeInImage(bytes("GIF87a", [1, 0, 1, 0]))).toBe("image/gif");
    expect(sniffTradeInImage(ftyp("heic", "mif1", "heic"))).toBe("image/heic");
    expect(sniffTradeInImage(ftyp("mif1", "mif1", "heic"))).toBe("image/heic");
  });

  it("refuses a text file named .jpg, AVIF, WebP and truncated headers", () => {
    expect(sniffTradeInImage(bytes("This is not a picture, just text saved as photo.jpg"))).toBeNull();
    expect(sniffTradeInImage(ftyp("avif", "mif1", "avif"))).toBeNull();
    expect(sniffTradeInImage(ftyp("mif1", "mif1", "avif"))).toBeNull();
    expect(sniffTradeInImage(bytes("RIFF", [0, 0, 0, 0], "WEBPVP8 "))).toBeNull();
    expect(sniffTradeInImage(bytes([0xff, 0xd8]))).toBeNull();
    expect(sniffTradeInImage(bytes("GIF89"))).toBeNull();
    expect(sniffTradeInImage(new Uint8Array())).toBeNull();
  });
});
