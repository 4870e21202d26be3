import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { fixtureCtx, fixtureTenant } from "../../tests/fixtures/fixture-tenant";
import { car, NOW } from "../../tests/fixtures/search-records";
import Watchlist, { WatchlistView } from "./watchlist";

const on = () => {
  const t = structuredClone(fixtureTenant);
  t.features.watchlist = true;
  t.features.auth.enabled = true;
  return t;
};

describe("watchlist block", () => {
  it("lists the saved cars as cards with a remove button each", () => {
    const cars = [car(1), car(2, { status: "sold" })];
    const html = renderToStaticMarkup(<WatchlistView id="w" heading="Your watchlist" tenant={on()} user={{ phone: "+61412345678" }} cars={cars} now={NOW} />);
    expect(html).toContain(">Your watchlist</h2>");
    expect(html).toContain("Signed in as 04xx xxx 678");
    expect(html).toContain(">Sign out</button>");
    expect(html.match(/<article/g)).toHaveLength(2);
    // Before the browser has the list the buttons show as not saved; a sold car's button waits for it.
    expect(html).toContain(`Save ${cars[0].title} to watchlist`);
    expect(html.match(/data-watchlist=/g)).toHaveLength(1);
  });

  it("tells a visitor with nothing saved where to look", () => {
    const html = renderToStaticMarkup(<WatchlistView id="w" heading="Your watchlist" tenant={on()} user={{ phone: "+61412345678" }} cars={[]} now={NOW} />);
    expect(html).toContain("You have not saved any cars yet.");
    expect(html).toContain('<a href="/search">Browse cars</a>');
  });

  it("sends an anonymous visitor to sign-in", () => {
    const html = renderToStaticMarkup(<WatchlistView id="w" heading="Your watchlist" tenant={on()} user={null} cars={[]} now={NOW} />);
    expect(html).toContain('href="/sign-in?type=watchlist&amp;redirect=%2Fwatchlist&amp;back=%2Fwatchlist"');
  });

  it("is not offered where the site has no watchlist (and reads nothing)", async () => {
    const html = renderToStaticMarkup(<>{await Watchlist({ id: "w", props: { heading: "Your watchlist" }, ctx: fixtureCtx("/watchlist") })}</>);
    expect(html).toContain("The watchlist is not available on this site.");
  });
});
