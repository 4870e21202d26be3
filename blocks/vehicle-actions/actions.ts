/**
 * What the vehicle actions bar does in the browser (spec §2 "Other controls", §4 Print-PDF, §8 PDF
 * failure): share windows, copy link with its timed feedback, and the PDF download. Everything it
 * needs from the browser comes through ActionsEnv, so tests drive it with fakes and fake timers.
 */
import { ANALYTICS_EVENTS } from "../../domain/analytics";
import { pdfFileName, pdfHref, shareWindowFeatures, type ShareNetwork } from "../../domain/vdp-share";
import { trackEvent } from "../../renderer/analytics";

export interface ActionsEnv {
  open: (url: string, name: string, features: string) => void;
  screen: () => { width: number; height: number } | undefined;
  writeClipboard: (text: string) => Promise<void>;
  /** Lets the visitor copy by hand when the clipboard refuses. */
  promptCopy: (text: string) => void;
  fetch: typeof fetch;
  alert: (message: string) => void;
  saveFile: (blob: Blob, filename: string) => void;
  track: (id: (typeof ANALYTICS_EVENTS)[keyof typeof ANALYTICS_EVENTS], site: string) => void;
}

/** Copies with the async clipboard, else the older execCommand("copy") (non-secure pages, old browsers). */
async function writeClipboard(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    try {
      return await navigator.clipboard.writeText(text);
    } catch {
      // permission refused: try the older way
    }
  }
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.append(area);
  area.select();
  const ok = document.execCommand("copy");
  area.remove();
  if (!ok) throw new Error("The clipboard is not available.");
}

export const browserEnv = (): ActionsEnv => ({
  open: (url, name, features) => void window.open(url, name, features),
  screen: () => (window.screen ? { width: window.screen.availWidth, height: window.screen.availHeight } : undefined),
  writeClipboard,
  promptCopy: (text) => void window.prompt("Copy this link:", text),
  fetch: (...args) => window.fetch(...args),
  alert: (message) => window.alert(message),
  saveFile: (blob, filename) => {
    const url = URL.createObjectURL(blob);
    const a = document.createElement("a");
    a.href = url;
    a.download = filename;
    a.hidden = true;
    document.body.append(a);
    a.click();
    a.remove();
    // The download has taken the blob by the next task; free it then.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  },
  track: (id, site) => trackEvent(id, site),
});

/** Opens a network's share page in a 550 × 400 window (one window per network, reused). */
export function openShareWindow(env: ActionsEnv, network: ShareNetwork, href: string): void {
  env.open(href, `share-${network}`, shareWindowFeatures(env.screen()));
}

/**
 * A flag that turns on and off again `ms` later (the Copied label, the toast). Showing it again
 * while on restarts the time.
 */
export function createFlash(ms: number, set: (on: boolean) => void) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    show() {
      clearTimeout(timer);
      set(true);
      timer = setTimeout(() => {
        timer = undefined;
        set(false);
      }, ms);
    },
    dispose() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}

/** Copies the link and shows the feedback; when the clipboard refuses, offers the link to copy by hand. */
export async function copyLink(env: ActionsEnv, url: string, flash: { show: () => void }): Promise<boolean> {
  try {
    await env.writeClipboard(url);
  } catch (error) {
    console.warn("[share] could not copy the link:", error);
    env.promptCopy(url);
    return false;
  }
  flash.show();
  return true;
}

/** Why a PDF request failed, in words for the alert: the server's message when it sent one. */
async function failureMessage(res: Response): Promise<string> {
  try {
    const body = (await res.json()) as { message?: unknown };
    if (typeof body.message === "string" && body.message) return body.message;
  } catch {
    // not JSON
  }
  return `The PDF could not be made (HTTP ${res.status}).`;
}

/**
 * Spec §4, §7, §8: fetches the car's PDF and saves it as {slug}.pdf; on failure, an alert with the
 * error message. `busy` is told when the download starts and ends (the button reads Preparing...).
 */
export async function downloadPdf(env: ActionsEnv, slug: string, busy: (on: boolean) => void): Promise<boolean> {
  busy(true);
  try {
    const res = await env.fetch(pdfHref(slug), { headers: { accept: "application/pdf" } });
    if (!res.ok) throw new Error(await failureMessage(res));
    env.saveFile(await res.blob(), pdfFileName(slug));
    return true;
  } catch (error) {
    env.alert(error instanceof Error && error.message ? error.message : String(error));
    return false;
  } finally {
    busy(false);
  }
}
