// @vitest-environment happy-dom
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { copyFeedback, SHARE_NETWORKS } from "../../domain/vdp-share";
import type { ActionsEnv } from "./actions";
import { VehicleActionsBar, type VehicleActionsBarProps } from "./vehicle-actions.client";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const NAME = "2021 Toyota Corolla Ascent Sport";
const SLUG = "2021-toyota-corolla-ascent-sport-hatch-hm1001";
const URL = `https://harbourside.example/cars/${SLUG}`;

function fakeEnv(overrides: Partial<ActionsEnv> = {}) {
  const env: ActionsEnv = {
    open: vi.fn(),
    screen: () => ({ width: 1550, height: 1000 }),
    writeClipboard: vi.fn(async () => {}),
    promptCopy: vi.fn(),
    fetch: vi.fn(async () => new Response("%PDF-1.3 test", { headers: { "content-type": "application/pdf" } })) as unknown as typeof fetch,
    alert: vi.fn(),
    saveFile: vi.fn(),
    track: vi.fn(),
    ...overrides,
  };
  return env;
}

let root: Root;
let host: HTMLElement;

function mount(env: ActionsEnv, props: Partial<VehicleActionsBarProps> = {}) {
  const all: VehicleActionsBarProps = {
    id: "va",
    site: "harbourside-motors",
    slug: SLUG,
    name: NAME,
    url: URL,
    path: `/cars/${SLUG}`,
    label: "Share",
    networks: [...SHARE_NETWORKS],
    copy: copyFeedback("inline", NAME),
    print: "print",
    historyUrl: null,
    env,
    ...props,
  };
  act(() => root.render(<VehicleActionsBar {...all} />));
}

const byText = (text: string) =>
  [...host.querySelectorAll<HTMLElement>("a, button")].find((el) => el.textContent?.replace(/\s+/g, " ").trim().startsWith(text)) ?? null;
const click = async (el: Element | null) => {
  expect(el).not.toBeNull();
  await act(async () => {
    (el as HTMLElement).dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, button: 0 }));
  });
};

// Links are followed by the browser, not here: after the page's own handlers, a click goes no further.
const stayHere = (e: Event) => e.preventDefault();

beforeEach(() => {
  window.addEventListener("click", stayHere);
  host = document.createElement("div");
  document.body.append(host);
  root = createRoot(host);
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
  window.removeEventListener("click", stayHere);
  vi.useRealTimers();
});

describe("copy link", () => {
  it("copies the canonical URL and shows Copied for 1.5 s", async () => {
    vi.useFakeTimers();
    const env = fakeEnv();
    mount(env);
    const button = byText("Copy link")!;
    await click(button);
    expect(env.writeClipboard).toHaveBeenCalledWith(URL);
    expect(button.textContent).toBe("Copied");
    expect(button.getAttribute("data-copied")).toBe("true");
    act(() => vi.advanceTimersByTime(1499));
    expect(button.textContent).toBe("Copied");
    act(() => vi.advanceTimersByTime(1));
    expect(button.textContent).toBe("Copy link");
  });

  it("copying again restarts the 1.5 s", async () => {
    vi.useFakeTimers();
    mount(fakeEnv());
    const button = byText("Copy link")!;
    await click(button);
    act(() => vi.advanceTimersByTime(1000));
    await click(button);
    act(() => vi.advanceTimersByTime(1000));
    expect(button.textContent).toBe("Copied");
    act(() => vi.advanceTimersByTime(500));
    expect(button.textContent).toBe("Copy link");
  });

  it("the toast variant says Copied {car name} to your clipboard! for 3 s and leaves the button as it is", async () => {
    vi.useFakeTimers();
    mount(fakeEnv(), { copy: copyFeedback("toast", NAME) });
    const toast = host.querySelector('[role="status"]')!;
    expect(toast.textContent).toBe("");
    await click(byText("Copy link"));
    expect(toast.textContent).toBe("Copied 2021 Toyota Corolla Ascent Sport to your clipboard!");
    expect(toast.getAttribute("data-open")).toBe("true");
    expect(byText("Copy link")).not.toBeNull();
    act(() => vi.advanceTimersByTime(2999));
    expect(toast.textContent).toBe("Copied 2021 Toyota Corolla Ascent Sport to your clipboard!");
    act(() => vi.advanceTimersByTime(1));
    expect(toast.textContent).toBe("");
    expect(toast.getAttribute("data-open")).toBe("false");
  });

  it("when the clipboard refuses, offers the link to copy by hand and claims nothing", async () => {
    const env = fakeEnv({ writeClipboard: vi.fn(async () => Promise.reject(new Error("denied"))) });
    vi.spyOn(console, "warn").mockImplementation(() => {});
    mount(env);
    await click(byText("Copy link"));
    expect(env.promptCopy).toHaveBeenCalledWith(URL);
    expect(byText("Copy link")).not.toBeNull();
  });

  it("a site without a domain shares the address the page was opened at", async () => {
    const env = fakeEnv();
    mount(env, { url: null });
    await click(byText("Copy link"));
    expect(env.writeClipboard).toHaveBeenCalledWith(`${window.location.origin}/cars/${SLUG}`);
  });
});

describe("share windows", () => {
  it("open at 550 × 400, centred, one named window per network; e-mail stays a mailto: link", async () => {
    const env = fakeEnv();
    mount(env);
    for (const network of ["facebook", "x", "linkedin", "whatsapp"]) {
      const link = host.querySelector(`[data-share="${network}"]`)!;
      await click(link);
      expect(env.open).toHaveBeenLastCalledWith(link.getAttribute("href"), `share-${network}`, "width=550,height=400,left=500,top=300,noopener,noreferrer");
    }
    expect(env.open).toHaveBeenCalledTimes(4);
    expect(host.querySelector('[data-share="email"]')!.getAttribute("href")).toMatch(/^mailto:\?subject=/);
    expect(host.querySelector('[data-share="email"]')!.hasAttribute("target")).toBe(false);
  });

  it("are reached by keyboard: every control is a link or a button", () => {
    mount(fakeEnv(), { historyUrl: "/demo/history-report-sample.pdf" });
    const controls = [...host.querySelectorAll("a[href], button")].map((el) => el.textContent?.trim());
    expect(controls).toEqual([
      "Share on Facebook (opens in a new window)",
      "Share on X (opens in a new window)",
      "Share on LinkedIn (opens in a new window)",
      "Share on WhatsApp (opens in a new window)",
      "Share by Email",
      "Copy link",
      "Print (opens in a new tab)",
      "History Report (opens in a new tab)",
    ]);
  });
});

describe("print, PDF and history report", () => {
  it("Print records event 61 and lets the link open the print view", async () => {
    const env = fakeEnv();
    mount(env);
    const link = byText("Print")!;
    expect(link.getAttribute("href")).toBe(`/print?car_id=${SLUG}`);
    await click(link);
    expect(env.track).toHaveBeenCalledWith(61, "harbourside-motors");
  });

  it("Download PDF reads Preparing... while it downloads, saves {slug}.pdf, then reads Download PDF again", async () => {
    let finish!: (r: Response) => void;
    const env = fakeEnv({ fetch: vi.fn(() => new Promise<Response>((r) => (finish = r))) as unknown as typeof fetch });
    mount(env, { print: "pdf" });
    const button = byText("Download PDF")!;
    await click(button);
    expect(env.fetch).toHaveBeenCalledWith(`/api/cars/${SLUG}/pdf`, expect.anything());
    expect(button.textContent).toBe("Preparing...");
    expect(button.getAttribute("aria-busy")).toBe("true");
    expect(env.track).toHaveBeenCalledWith(61, "harbourside-motors");
    await click(button); // a second click while preparing does nothing
    expect(env.fetch).toHaveBeenCalledTimes(1);
    await act(async () => finish(new Response("%PDF-1.3 x", { headers: { "content-type": "application/pdf" } })));
    expect(env.saveFile).toHaveBeenCalledTimes(1);
    const [blob, filename] = (env.saveFile as ReturnType<typeof vi.fn>).mock.calls[0];
    expect(filename).toBe(`${SLUG}.pdf`);
    expect(await (blob as Blob).text()).toBe("%PDF-1.3 x");
    expect(button.textContent).toBe("Download PDF");
    expect(env.alert).not.toHaveBeenCalled();
  });

  it("a failed download alerts the error message and goes back to Download PDF", async () => {
    const env = fakeEnv({ fetch: vi.fn(async () => Response.json({ message: "That car is not listed on this site." }, { status: 404 })) as unknown as typeof fetch });
    mount(env, { print: "pdf" });
    await click(byText("Download PDF"));
    expect(env.alert).toHaveBeenCalledWith("That car is not listed on this site.");
    expect(env.saveFile).not.toHaveBeenCalled();
    expect(byText("Download PDF")).not.toBeNull();

    const offline = fakeEnv({ fetch: vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))) as unknown as typeof fetch });
    mount(offline, { print: "pdf" });
    await click(byText("Download PDF"));
    expect(offline.alert).toHaveBeenCalledWith("Failed to fetch");

    const html = fakeEnv({ fetch: vi.fn(async () => new Response("<h1>Bad gateway</h1>", { status: 502 })) as unknown as typeof fetch });
    mount(html, { print: "pdf" });
    await click(byText("Download PDF"));
    expect(html.alert).toHaveBeenCalledWith("The PDF could not be made (HTTP 502).");
  });

  it("History Report is shown only with a report, and records event 60", async () => {
    const env = fakeEnv();
    mount(env);
    expect(byText("History Report")).toBeNull();
    mount(env, { historyUrl: "/demo/history-report-sample.pdf" });
    const link = byText("History Report")!;
    expect([link.getAttribute("href"), link.getAttribute("target"), link.getAttribute("rel")]).toEqual(["/demo/history-report-sample.pdf", "_blank", "noopener"]);
    await click(link);
    expect(env.track).toHaveBeenCalledWith(60, "harbourside-motors");
  });
});
