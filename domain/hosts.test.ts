import { describe, expect, it } from "vitest";
import { parseHost, publicPageUrl } from "./hosts";

describe("parseHost", () => {
  it("recognises the admin hosts with or without a port", () => {
    for (const h of ["localhost", "localhost:3000", "admin.localhost:3000", "127.0.0.1:3000", "[::1]:3000"]) {
      expect(parseHost(h)).toEqual({ kind: "admin" });
    }
  });
  it("reads the slug from {slug}.localhost", () => {
    expect(parseHost("harbourline.localhost:3000")).toEqual({ kind: "slug", slug: "harbourline" });
    expect(parseHost("Kiwi-Motors.LOCALHOST")).toEqual({ kind: "slug", slug: "kiwi-motors" });
  });
  it("treats anything else as a custom domain", () => {
    expect(parseHost("www.harbourlinemotors.com.au")).toEqual({ kind: "domain", domain: "www.harbourlinemotors.com.au" });
    expect(parseHost("www.example.co.nz.:443")).toEqual({ kind: "domain", domain: "www.example.co.nz" });
  });
  it("rejects what is not a hostname", () => {
    for (const h of [null, "", "bad_slug.localhost", "-x.localhost", "a b.com", "evil.com/path", "..."]) expect(parseHost(h)).toBeNull();
  });
});

describe("publicPageUrl", () => {
  it("is the site's first domain over https; the home page has no trailing slash", () => {
    expect(publicPageUrl(["www.bluegumpreowned.com.au", "bluegumpreowned.com.au"], "/cars/2021-toyota-corolla-ab12cd")).toBe(
      "https://www.bluegumpreowned.com.au/cars/2021-toyota-corolla-ab12cd",
    );
    expect(publicPageUrl(["www.example.com.au"], "/")).toBe("https://www.example.com.au");
  });
  it("without a domain, the host the page was asked on; null when that is not known either", () => {
    expect(publicPageUrl([], "/cars/x", "bluegum.localhost%3A3000")).toBe("http://bluegum.localhost:3000/cars/x");
    expect(publicPageUrl([], "/cars/x")).toBeNull();
  });
});
