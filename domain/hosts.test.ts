import { describe, expect, it } from "vitest";
import { parseHost } from "./hosts";

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
