import { describe, expect, it } from "vitest";
import { literalHostReason, nonPublicReason, parseIPv6 } from "./ip-address";

describe("nonPublicReason", () => {
  it("names why an address is not public, for every range the server must not fetch from", () => {
    const cases: [string, string][] = [
      ["127.0.0.1", "loopback"],
      ["127.255.0.9", "loopback"],
      ["10.1.2.3", "private"],
      ["172.16.0.1", "private"],
      ["172.31.255.255", "private"],
      ["192.168.1.1", "private"],
      ["169.254.169.254", "link-local"],
      ["0.0.0.0", "unspecified"],
      ["100.64.0.1", "shared (CGNAT)"],
      ["100.127.255.255", "shared (CGNAT)"],
      ["224.0.0.1", "multicast"],
      ["239.255.255.250", "multicast"],
      ["255.255.255.255", "broadcast"],
      ["240.0.0.1", "reserved"],
      ["::1", "loopback"],
      ["::", "unspecified"],
      ["fc00::1", "private"],
      ["fd12:3456::1", "private"],
      ["fe80::1", "link-local"],
      ["fe80::1%eth0", "link-local"],
      ["febf:ffff::1", "link-local"],
      ["ff02::1", "multicast"],
      // IPv4-mapped and other IPv6 forms that carry an IPv4 address
      ["::ffff:127.0.0.1", "loopback"],
      ["::ffff:7f00:1", "loopback"],
      ["::ffff:169.254.169.254", "link-local"],
      ["::FFFF:a9fe:a9fe", "link-local"],
      ["::ffff:10.0.0.1", "private"],
      ["::ffff:0:192.168.0.1", "private"],
      ["64:ff9b::127.0.0.1", "loopback"],
      ["2002:7f00:1::", "loopback"],
      ["::127.0.0.1", "reserved"],
      ["2001:db8::1", "documentation"],
    ];
    for (const [address, reason] of cases) expect([address, nonPublicReason(address)]).toEqual([address, reason]);
  });

  it("lets public unicast addresses through", () => {
    for (const address of ["93.184.216.34", "8.8.8.8", "172.15.255.255", "172.32.0.1", "100.63.255.255", "100.128.0.1", "169.253.1.1", "2606:4700::1111", "::ffff:8.8.8.8", "64:ff9b::8.8.8.8", "2002:0808:0808::1"]) {
      expect([address, nonPublicReason(address)]).toEqual([address, null]);
    }
  });

  it("is not fooled by text that is no address", () => {
    for (const text of ["", "localhost", "1.2.3", "1.2.3.4.5", "01.2.3.4", "256.1.1.1", ":::1", "1::2::3", "12345::", "::ffff:1.2.3"]) expect(nonPublicReason(text)).toBe("not an IP address");
    expect(parseIPv6("1:2:3:4:5:6:7:8")).toEqual([0, 1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 0, 7, 0, 8]);
    expect(parseIPv6("1:2:3:4:5:6:7:8:9")).toBeNull();
  });
});

describe("literalHostReason (a URL's host, without DNS)", () => {
  it("refuses localhost names and non-public literals in the forms URL normalises to", () => {
    const host = (url: string) => literalHostReason(new URL(url).hostname);
    expect(host("https://localhost/adf")).toBe("localhost");
    expect(host("https://crm.LOCALHOST./adf")).toBe("localhost");
    expect(host("https://127.0.0.1/adf")).toBe("loopback");
    expect(host("https://0x7f000001/adf")).toBe("loopback");
    expect(host("https://2130706433/adf")).toBe("loopback");
    expect(host("https://0177.0.0.1/adf")).toBe("loopback");
    expect(host("http://169.254.169.254/latest/meta-data/")).toBe("link-local");
    expect(host("https://[::1]:8443/adf")).toBe("loopback");
    expect(host("https://[::ffff:10.0.0.1]/adf")).toBe("private");
    expect(host("https://0.0.0.0/")).toBe("unspecified");
    expect(host("https://crm.example.com/adf")).toBeNull();
    expect(host("https://93.184.216.34/adf")).toBeNull();
  });
});
