// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { EARLY_TAPS_SCRIPT, RELEASE_TAPS, releaseEarlyTaps } from "./early-taps";
import { CONSENT_CHOICE_ATTR } from "./standard-analytics";

/** Clicks that reached the page's own listener (React's, on the document), by button text. */
let heard: string[];
const listen = (e: Event) => heard.push((e.target as HTMLElement).textContent ?? "");

beforeEach(() => {
  heard = [];
  document.body.innerHTML = `
    <button id="heart">Heart</button>
    <label id="label"><input id="box" type="checkbox"> Toyota</label>
    <button id="close" commandfor="popup" command="close">Close</button>
    <button id="consent" ${CONSENT_CHOICE_ATTR}="1">Accept all</button>
    <form method="dialog"><button id="dialog">OK</button></form>
    <button id="off" disabled>Off</button>
    <a id="link" href="#x">Link</a>`;
  document.addEventListener("click", listen);
});
afterEach(() => {
  releaseEarlyTaps();
  document.removeEventListener("click", listen);
  delete (window as unknown as Record<string, unknown>)[RELEASE_TAPS];
});

/** Runs the script as the page's head does. */
const install = () => new Function(EARLY_TAPS_SCRIPT)();
const click = (id: string) => {
  const event = new MouseEvent("click", { bubbles: true, cancelable: true });
  document.getElementById(id)!.dispatchEvent(event);
  return event;
};

describe("the early taps script", () => {
  it("holds a tap on a button or a checkbox (default stopped, the page not told), then gives each once, in order", () => {
    install();
    expect(click("box").defaultPrevented).toBe(true);
    expect(click("heart").defaultPrevented).toBe(true);
    click("heart");
    expect(heard).toEqual([]);
    releaseEarlyTaps();
    expect(heard.map((t) => t.trim())).toEqual(["", "Heart"]);
    expect((document.getElementById("box") as HTMLInputElement).checked).toBe(true);
    releaseEarlyTaps();
    expect(heard).toHaveLength(2);
    // Released: taps now go straight through.
    expect(click("heart").defaultPrevented).toBe(false);
    expect(heard).toHaveLength(3);
  });

  it("leaves links, disabled buttons and the controls the browser or an inline script serves", () => {
    install();
    for (const id of ["link", "close", "consent", "dialog", "off"]) expect(click(id).defaultPrevented, id).toBe(false);
    expect(heard).toEqual(["Link", "Close", "Accept all", "OK"]); // a disabled button dispatches no click
  });

  it("lets the taps go 10 s after the load event when the page never hydrates", () => {
    vi.useFakeTimers();
    try {
      install();
      click("heart");
      window.dispatchEvent(new Event("load"));
      vi.advanceTimersByTime(9_999);
      expect(heard).toEqual([]);
      vi.advanceTimersByTime(1);
      expect(heard).toEqual(["Heart"]);
    } finally {
      vi.useRealTimers();
    }
  });
});
