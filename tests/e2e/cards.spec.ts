import { expect, test } from "@playwright/test";
import { siteUrl, viewports } from "./helpers";

// A result card's overlays on its picture — location pill, tag, Sold badge, favourite and compare
// toggles — never cover one another: Coralstone's "Mazda Certified Pre-Owned" tag once ran under the
// toggles, and a Sold badge over a long location name.
for (const [label, viewport] of Object.entries(viewports)) {
  test(`coralstone-mazda: card overlays keep clear of each other at ${label} width`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto(siteUrl("coralstone-mazda", "/search/used-cars"));
    const cards = page.locator("article.fc-card");
    await expect(cards.first()).toBeVisible();
    const clashes = await cards.evaluateAll((articles) =>
      articles.flatMap((card) => {
        const parts = ["location", "tag", "sold", "toggles"]
          // CSS module classes end in their name ("ZSkWbq_tag").
          .map((name) => [name, [...card.querySelectorAll("*")].find((el) => [...el.classList].some((c) => c.endsWith(`_${name}`))) ?? null] as const)
          .filter((p): p is readonly [string, Element] => !!p[1])
          .map(([name, el]) => [name, el.getBoundingClientRect()] as const);
        const out: string[] = [];
        for (let i = 0; i < parts.length; i++)
          for (let j = i + 1; j < parts.length; j++) {
            const [a, r] = parts[i];
            const [b, s] = parts[j];
            if (r.left < s.right && s.left < r.right && r.top < s.bottom && s.top < r.bottom) out.push(`${card.querySelector("h3")?.textContent}: ${a} over ${b}`);
          }
        return out;
      }),
    );
    // The page has certified cars with the long tag, so the check is not empty.
    await expect(page.getByText("Mazda Certified Pre-Owned").first()).toBeVisible();
    expect(clashes).toEqual([]);
  });
}
