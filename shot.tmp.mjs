import { chromium } from "@playwright/test";
const port = 3240;
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium-headless-shell", args: ["--no-sandbox", "--disable-gpu"] });
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
await page.goto(`http://localhost:${port}/admin/sign-in`);
await page.getByLabel("Email").fill("dealer@harbourline.test");
await page.getByLabel("Password").fill("harbourline-dealer-demo");
await page.getByRole("button", { name: "Sign in" }).click();
await page.waitForURL(/admin(?!\/sign-in)/);
await page.goto(`http://localhost:${port}/admin/tenants/harbourline`);
await page.locator("[data-ready=true]").first().waitFor();
const section = process.argv[2] ?? "Forms";
await page.getByRole("navigation", { name: "Sections" }).getByRole("button", { name: section, exact: true }).click();
await page.waitForTimeout(1000);
console.log(await page.evaluate(() => document.documentElement.scrollHeight));
// Heights of the form's top-level groups.
console.log(await page.evaluate(() => [...document.querySelectorAll("section fieldset fieldset")].filter((f) => f.parentElement.closest("fieldset")?.parentElement?.closest("fieldset") === null || true).slice(0, 400).map((f) => [f.id, Math.round(f.getBoundingClientRect().height)]).filter(([, h]) => h > 300)));
await page.screenshot({ path: `/tmp/fit-${section}.png`, fullPage: true });
await browser.close();
