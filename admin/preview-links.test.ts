import { describe, expect, it } from "vitest";
import { previewHref } from "../domain/preview-links";
import { parseSearchHost, searchHost } from "../domain/search-host";

const ORIGIN = "http://jacaranda-motors.localhost:3000";
const TOKEN = "abcdefghijklmnopqrstuvwxyz012345";

describe("a preview's links", () => {
  it("lead to the same page of the preview, with the query and fragment", () => {
    expect(previewHref("/about-us", TOKEN, ORIGIN)).toBe(`/preview/${TOKEN}/about-us`);
    expect(previewHref("/search/used-cars?make=Toyota#results", TOKEN, ORIGIN)).toBe(`/preview/${TOKEN}/search/used-cars?make=Toyota#results`);
    expect(previewHref(`${ORIGIN}/cars/2019-toyota-hilux-1`, TOKEN, ORIGIN)).toBe(`/preview/${TOKEN}/cars/2019-toyota-hilux-1`);
    expect(previewHref("/", TOKEN, ORIGIN)).toBe(`/preview/${TOKEN}/`);
  });

  it("leave other sites, files, the API and preview addresses alone", () => {
    for (const href of ["https://www.facebook.com/sharer", "mailto:sales@example.com", "tel:0755501234", "/api/cars/x/pdf", "/media/uploads/a/b.webp", `/preview/${TOKEN}/about-us`, "http://other.localhost:3000/", "#main", "?page=2"]) {
      expect(previewHref(href, TOKEN, ORIGIN)).toBeNull();
    }
  });
});

describe("a preview's search host", () => {
  it("names the draft's preview link, so the draft's settings answer; a live site's host is plain", () => {
    const identity = { slug: "jacaranda-motors" };
    expect(searchHost(identity)).toBe("jacaranda-motors.localhost");
    expect(parseSearchHost("jacaranda-motors.localhost")).toEqual({ host: "jacaranda-motors.localhost", token: null });
    expect(searchHost(identity, null)).toBe("jacaranda-motors.localhost");
    expect(searchHost(identity, TOKEN)).toBe(`jacaranda-motors.localhost/preview/${TOKEN}`);
    expect(parseSearchHost(searchHost(identity, TOKEN))).toEqual({ host: "jacaranda-motors.localhost", token: TOKEN });
    // The host is a function of its arguments: naming a draft's identity once leaves no mark on it.
    expect(searchHost(identity)).toBe("jacaranda-motors.localhost");
  });
});
