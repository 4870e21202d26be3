import { existsSync } from "node:fs";

/**
 * The Chromium of the browser tests and bench:interaction: Debian's chromium-headless-shell (.ci/run
 * installs it), the headless build Playwright itself uses. The full browser in headless mode opens a
 * browser window with its own UI for every test's context — about 1.5 s more per test and per page
 * load on two cores than the shell. /usr/bin/chromium where the shell is missing; CHROMIUM_PATH wins.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH || ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((p) => existsSync(p)) || "/usr/bin/chromium";
