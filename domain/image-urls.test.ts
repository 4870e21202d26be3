import { describe, expect, it } from "vitest";
import config from "../next.config";
import {
  allowedWidth,
  DEFAULT_IMAGE_WIDTH,
  IMAGE_DEVICE_SIZES,
  IMAGE_QUALITIES,
  IMAGE_QUALITY,
  IMAGE_SIZES,
  imageLoader,
  imageSrcSet,
  imageUrl,
  SIDEBAR_IMAGE_QUALITY,
} from "./image-urls";

describe("image URLs", () => {
  it("go through Next's optimiser at width 850 and quality 90 by default, 75 in the sidebar", () => {
    expect(DEFAULT_IMAGE_WIDTH).toBe(850);
    expect(IMAGE_QUALITY).toBe(90);
    expect(SIDEBAR_IMAGE_QUALITY).toBe(75);
    expect(imageUrl("/media/vehicles/suv/9e1b22/front-right.jpg")).toBe("/_next/image?url=%2Fmedia%2Fvehicles%2Fsuv%2F9e1b22%2Ffront-right.jpg&w=850&q=90");
    expect(imageUrl("/media/vehicles/suv/9e1b22/right.jpg", { quality: SIDEBAR_IMAGE_QUALITY, width: 384 })).toBe(
      "/_next/image?url=%2Fmedia%2Fvehicles%2Fsuv%2F9e1b22%2Fright.jpg&w=384&q=75",
    );
  });

  it("use only widths and qualities the optimiser accepts", () => {
    expect(allowedWidth(850)).toBe(850);
    expect(allowedWidth(700)).toBe(750);
    expect(allowedWidth(100)).toBe(128);
    expect(allowedWidth(99999)).toBe(3840);
    expect(imageUrl("/demo/x.jpg", { width: 900, quality: 80 })).toBe("/_next/image?url=%2Fdemo%2Fx.jpg&w=1080&q=75");
    expect(imageLoader({ src: "/media/a.jpg", width: 640, quality: 90 })).toBe("/_next/image?url=%2Fmedia%2Fa.jpg&w=640&q=90");
    expect(imageSrcSet("/media/a.jpg")).toBe(
      "/_next/image?url=%2Fmedia%2Fa.jpg&w=640&q=90 640w, /_next/image?url=%2Fmedia%2Fa.jpg&w=850&q=90 850w, /_next/image?url=%2Fmedia%2Fa.jpg&w=1200&q=90 1200w",
    );
  });

  it("leave remote pictures and SVGs alone", () => {
    expect(imageUrl("https://cdn.example.com/car.jpg")).toBe("https://cdn.example.com/car.jpg");
    expect(imageUrl("//cdn.example.com/car.jpg")).toBe("//cdn.example.com/car.jpg");
    expect(imageUrl("/demo/harbourline/logo.svg")).toBe("/demo/harbourline/logo.svg");
  });

  it("agree with next.config.ts", () => {
    expect(config.images?.deviceSizes).toEqual([...IMAGE_DEVICE_SIZES]);
    expect(config.images?.imageSizes).toEqual([...IMAGE_SIZES]);
    expect(config.images?.qualities).toEqual([...IMAGE_QUALITIES]);
    expect(config.images?.localPatterns).toEqual([
      { pathname: "/media/**", search: "" },
      { pathname: "/demo/**", search: "" },
    ]);
  });
});
