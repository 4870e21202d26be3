/**
 * /~partytown/{file}: Partytown's loader (partytown.js), its service worker (partytown-sw.js) and media
 * support (partytown-media.js, which its worker loads when a tag touches audio, video or a canvas), read
 * from the installed package, so the files always match the package's version. The worker's sandbox
 * page and the worker itself are made by the service worker; nothing else is served here.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { NotFoundError } from "../errors";
import { rawReply, type Reply } from "../http/endpoint";
import { platformRoute } from "../http/platform-route";

/** The loader, the service worker, and what the worker loads when a tag touches audio, video or a canvas. */
export const PARTYTOWN_FILES = ["partytown.js", "partytown-sw.js", "partytown-media.js"] as const;
const bytes = new Map<string, Uint8Array>();

function libDir(): string {
  return join(dirname(createRequire(join(process.cwd(), "package.json")).resolve("@qwik.dev/partytown/package.json")), "lib");
}

export function partytownFile(name: string): Reply {
  if (!(PARTYTOWN_FILES as readonly string[]).includes(name)) throw new NotFoundError("No such file.");
  let body = bytes.get(name);
  if (!body) {
    body = new Uint8Array(readFileSync(join(libDir(), name)));
    bytes.set(name, body);
  }
  // A browser checks a service worker's script for updates at most daily whatever this says; an hour keeps a new version close.
  return rawReply(200, body, { "content-type": "text/javascript; charset=utf-8", "cache-control": "public, max-age=3600" });
}

/** GET /~partytown/{file}. */
export const partytownRoute = platformRoute((_request, _ctx, params) => partytownFile(params.file ?? ""));
