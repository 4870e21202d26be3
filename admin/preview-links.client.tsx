"use client";

import { useEffect } from "react";

/** The address under the preview for a same-site address, or null when it leaves the site or is already there. */
export function previewHref(href: string, token: string, origin: string): string | null {
  let url: URL;
  try {
    url = new URL(href, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin || url.pathname.startsWith("/preview/") || /^\/(api|media|_next|demo)\//.test(url.pathname)) return null;
  return `/preview/${token}${url.pathname}${url.search}${url.hash}`;
}

/**
 * Keeps a preview in the draft: a link or a search form on the previewed site that points at one
 * of the site's pages leads to the same page of the preview, not of the live site (which may not
 * exist yet). Listens on the window in the capture phase, before the site's own handlers.
 */
export function PreviewLinks({ token }: { token: string }) {
  useEffect(() => {
    const origin = window.location.origin;
    const onClick = (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0) return;
      const a = (e.target as Element | null)?.closest?.("a[href]") as HTMLAnchorElement | null;
      if (!a || a.hasAttribute("download")) return;
      const to = previewHref(a.getAttribute("href")!, token, origin);
      if (!to) return;
      e.preventDefault();
      e.stopPropagation();
      if (e.ctrlKey || e.metaKey || e.shiftKey || a.target === "_blank") window.open(to, "_blank", "noopener");
      else window.location.assign(to);
    };
    const onSubmit = (e: SubmitEvent) => {
      const form = e.target as HTMLFormElement;
      if (form.method.toLowerCase() !== "get" || e.defaultPrevented) return;
      const to = previewHref(form.getAttribute("action") ?? window.location.pathname, token, origin);
      if (to) form.action = to.replace(/[?#].*$/, "");
    };
    window.addEventListener("click", onClick, true);
    window.addEventListener("submit", onSubmit, true);
    // Browser tests wait for this before following a link.
    document.documentElement.dataset.previewLinks = "ready";
    return () => {
      window.removeEventListener("click", onClick, true);
      window.removeEventListener("submit", onSubmit, true);
    };
  }, [token]);
  return null;
}
