import { describe, expect, it } from "vitest";
import { CLIENT_ADDRESS_HEADER, clientAddress, clientBucket, normalizeAddress, resolveClientAddress, trustedProxyCount } from "./client-address";
import { readCookie } from "./cookies";

describe("client address", () => {
  it("trusts no proxy by default: X-Forwarded-For is ignored", () => {
    expect(trustedProxyCount(undefined)).toBe(0);
    expect(resolveClientAddress("::ffff:198.51.100.4", "1.2.3.4", 0)).toBe("198.51.100.4");
    expect(resolveClientAddress("198.51.100.4", undefined, trustedProxyCount(""))).toBe("198.51.100.4");
  });

  it("with N trusted proxies reads the Nth address from the right, never further left", () => {
    // client 203.0.113.9 → proxy A (appends it) → proxy B at 10.0.0.2 (appends A's address) → us
    const xff = "6.6.6.6, 203.0.113.9, 10.0.0.1";
    expect(resolveClientAddress("10.0.0.2", xff, 1)).toBe("10.0.0.1");
    expect(resolveClientAddress("10.0.0.2", xff, 2)).toBe("203.0.113.9");
    expect(resolveClientAddress("10.0.0.2", ["6.6.6.6, 203.0.113.9", "10.0.0.1"], 2)).toBe("203.0.113.9");
    // a spoofed entry further left changes nothing
    expect(resolveClientAddress("10.0.0.2", "1.1.1.1, 6.6.6.6, 203.0.113.9, 10.0.0.1", 2)).toBe("203.0.113.9");
    // fewer entries than trusted proxies: the leftmost one there is
    expect(resolveClientAddress("10.0.0.2", "203.0.113.9", 5)).toBe("203.0.113.9");
  });

  it("stops at an entry that is not an address", () => {
    expect(resolveClientAddress("10.0.0.2", "<script>, 10.0.0.1", 2)).toBe("10.0.0.1");
    expect(resolveClientAddress("10.0.0.2", "\u0000", 1)).toBe("10.0.0.2");
  });

  it("settles TRUSTED_PROXIES to a whole number 0–10", () => {
    expect(trustedProxyCount("2")).toBe(2);
    expect(trustedProxyCount("-1")).toBe(0);
    expect(trustedProxyCount("1.5")).toBe(0);
    expect(trustedProxyCount("abc")).toBe(0);
    expect(trustedProxyCount("1e9")).toBe(10);
  });

  it("normalises addresses and refuses anything else", () => {
    expect(normalizeAddress("[2001:DB8::1]:443")).toBe("2001:db8::1");
    expect(normalizeAddress("198.51.100.4:5000")).toBe("198.51.100.4");
    expect(normalizeAddress("not an ip")).toBeNull();
  });

  it("reads only the server's header", () => {
    expect(clientAddress(new Request("http://x/", { headers: { "x-forwarded-for": "1.2.3.4" } }))).toBe("unknown");
    expect(clientAddress(new Headers({ [CLIENT_ADDRESS_HEADER]: "198.51.100.4" }))).toBe("198.51.100.4");
  });

  it("buckets IPv6 clients by /64", () => {
    expect(clientBucket("198.51.100.4")).toBe("198.51.100.4");
    expect(clientBucket("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(clientBucket("2001:db8:1:2:bbbb:cccc:dddd:eeee")).toBe("2001:db8:1:2::/64");
    expect(clientBucket("::1")).toBe("0:0:0:0::/64");
  });
});

describe("cookies", () => {
  it("never throws on malformed percent-encoding", () => {
    expect(readCookie("fc_session=%ZZ", "fc_session")).toBe("%ZZ");
    expect(readCookie("a=1; fc_session=ab%20c; b", "fc_session")).toBe("ab c");
    expect(readCookie("fc_session", "fc_session")).toBeNull();
    expect(readCookie(null, "fc_session")).toBeNull();
  });
});
