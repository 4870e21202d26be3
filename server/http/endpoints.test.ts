/**
 * One way to write an endpoint (./endpoint.ts): every app/**\/route.ts is a one-liner whose GET, POST,
 * PUT, PATCH and DELETE are functions `endpoint` made (branded); only server/http/ builds a Response
 * (the ESLint rule in eslint.config.mjs, run here on files placed where it applies), so no handler
 * module answers with json(), errorResponse() or new Response (read from the source).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { brand, endpoint, isEndpoint, rawReply, reply } from "./endpoint";
import { HttpError } from "../errors";

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"];

function routeFiles(dir = join(process.cwd(), "app")): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return routeFiles(path);
    return name === "route.ts" ? [relative(process.cwd(), path)] : [];
  });
}

/** The exported handlers of a route module that `endpoint` did not make. */
const unbranded = (mod: Record<string, unknown>) => METHODS.filter((m) => m in mod && !isEndpoint(mod[m]));

/**
 * The lines of a route file that are not imports, comments, `export const dynamic`, or one line per
 * method: `export const METHOD = name;` or `export const METHOD = family(handler[, { open: true }]);`.
 */
function notOneLiners(text: string): string[] {
  const body = text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^import [^;]+;$/gm, "");
  return body
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith("//"))
    .filter((l) => !/^export const dynamic = "force-dynamic";$/.test(l) && !/^export const (GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS) = \w+(\(\w+(\(\))?(, \{ \w+: \w+ \})?\))?;$/.test(l));
}

describe("every route goes through the one wrapper", () => {
  const files = routeFiles();

  it("finds the routes (56 of them)", () => {
    expect(files.length).toBeGreaterThanOrEqual(56);
  });

  it("each route file is one line per method: export const METHOD = someEndpoint;", () => {
    const offenders = files.map((f) => [f, notOneLiners(readFileSync(f, "utf8"))] as const).filter(([, lines]) => lines.length);
    expect(offenders).toEqual([]);
  });

  it("each exported method of each route is a branded endpoint", async () => {
    const offenders: string[] = [];
    for (const f of files) {
      const mod = (await import(/* @vite-ignore */ join(process.cwd(), f))) as Record<string, unknown>;
      const methods = METHODS.filter((m) => m in mod);
      expect(methods.length, f).toBeGreaterThan(0);
      offenders.push(...unbranded(mod).map((m) => `${f} ${m}`));
    }
    expect(offenders).toEqual([]);
  }, 240_000);

  it("the checks fire on a hand-rolled route", () => {
    const handRolled = { GET: async () => new Response("x"), dynamic: "force-dynamic" };
    expect(unbranded(handRolled)).toEqual(["GET"]);
    expect(unbranded({ GET: brand(async () => new Response("x")) })).toEqual([]);
    expect(notOneLiners('import { x } from "y";\n\nexport function POST(request: Request) {\n  return x(request);\n}\n')).toHaveLength(3);
    expect(notOneLiners('import { x } from "y";\n\nexport const dynamic = "force-dynamic";\n\n/** Doc. */\nexport const POST = x;\n')).toEqual([]);
  });
});

describe("endpoint: context → handler → serialise", () => {
  const route = endpoint(
    {
      context: (request) => {
        if (request.headers.get("host") !== "ok") throw new HttpError(404, "No such site.");
        return { site: "ok" };
      },
      errorBody: ({ message, ...fields }) => ({ error: message, ...fields }),
      log: "[test]",
    },
    async (request, ctx, params) => {
      const what = new URL(request.url).searchParams.get("what");
      if (what === "data") return { site: ctx.site, id: params.id };
      if (what === "reply") return reply(201, { made: true }, { "x-a": "1" });
      if (what === "raw") return rawReply(200, "plain", { "content-type": "text/plain" });
      if (what === "refuse") throw new HttpError(409, "Taken.");
      throw new Error("a fault of ours");
    },
  );
  const call = (what: string, host = "ok") => route(new Request(`http://x/y?what=${what}`, { headers: { host } }), { params: Promise.resolve({ id: "7" }) });

  it("serialises data as 200 JSON, a reply with its status and headers, raw bodies as given", async () => {
    const data = await call("data");
    expect([data.status, data.headers.get("content-type"), data.headers.get("cache-control"), await data.json()]).toEqual([200, "application/json; charset=utf-8", "no-store", { site: "ok", id: "7" }]);
    const made = await call("reply");
    expect([made.status, made.headers.get("x-a"), await made.json()]).toEqual([201, "1", { made: true }]);
    const raw = await call("raw");
    expect([raw.status, raw.headers.get("content-type"), await raw.text()]).toEqual([200, "text/plain", "plain"]);
  });

  it("answers a context's or a handler's HttpError in the family's shape, and a fault as a logged 500", async () => {
    const none = await call("data", "nope");
    expect([none.status, await none.json()]).toEqual([404, { error: "No such site." }]);
    const taken = await call("refuse");
    expect([taken.status, await taken.json()]).toEqual([409, { error: "Taken." }]);
    const error = console.error;
    console.error = () => {};
    try {
      const fault = await call("fault");
      expect([fault.status, await fault.json()]).toEqual([500, { error: "Something went wrong; please try again." }]);
    } finally {
      console.error = error;
    }
  });
});

/** The handler modules outside server/http/: each feature's http.ts and *-http.ts. */
function handlerModules(dir = "server"): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return path === join("server", "http") ? [] : handlerModules(path);
    return /^(.+-)?http\.ts$/.test(name) ? [path] : [];
  });
}

/** The code lines (not comments) of a module that build an answer themselves instead of returning data or throwing. */
function builtAnswers(text: string): string[] {
  return text
    .split("\n")
    .filter((line) => !/^\s*(\/\/|\*|\/\*)/.test(line))
    .filter((line) => /(?<![.\w])(json|errorResponse)\(|new Response\(/.test(line));
}

describe("no handler module builds its own answer", () => {
  it("finds the handler modules (server/admin/http.ts among them)", () => {
    expect(handlerModules()).toContain(join("server", "admin", "http.ts"));
    expect(handlerModules().filter((f) => f.startsWith(join("server", "http")))).toEqual([]);
  });

  it("none calls json(, errorResponse( or new Response(: they return data or reply(), and throw HttpErrors", () => {
    const offenders = handlerModules().flatMap((f) => builtAnswers(readFileSync(f, "utf8")).map((line) => `${f}: ${line.trim()}`));
    expect(offenders).toEqual([]);
  });

  it("the check fires on a hand-built answer, not on reading a body or a comment", () => {
    const text = 'if (!user) return json(401, failure("Sign in."));\nreturn new Response(csv);\nconst b = await request.json();\n// json(200, x) in a comment\nthrow new HttpError(404, "No.");\n';
    expect(builtAnswers(text)).toEqual(['if (!user) return json(401, failure("Sign in."));', "return new Response(csv);"]);
  });
});

describe("only the HTTP layer builds a Response (npm run lint)", () => {
  const eslint = new ESLint({ cwd: process.cwd() });
  const rule = "Only the HTTP layer builds a Response";
  async function errors(filePath: string, text: string): Promise<string[]> {
    const [result] = await eslint.lintText(text, { filePath });
    return result.messages.filter((m) => m.ruleId === "no-restricted-syntax" || m.ruleId === "no-restricted-imports").map((m) => m.message);
  }

  it("fires on new Response, Response.json and the json() helper in a service", async () => {
    expect(await errors("server/leads/x.ts", 'export const f = () => new Response("x");\n')).toEqual([expect.stringContaining(rule)]);
    expect(await errors("server/trade-in/offers.ts", "export const f = () => Response.json({});\n")).toEqual([expect.stringContaining(rule)]);
    expect(await errors("server/inventory/x.ts", 'import { json } from "../http/json";\nexport const f = () => json(200, {});\n')).toEqual([expect.stringContaining(rule)]);
    expect(await errors("app/s/[host]/x/page.tsx", 'export const f = () => new Response("x");\n')).toEqual([expect.stringContaining(rule)]);
  }, 60_000);

  it("fires in a handler module too: json(), errorResponse() and new Response are server/http/'s", async () => {
    expect(await errors("server/leads/http.ts", 'import { json } from "../http/json";\nexport const f = () => json(404, {});\n')).toEqual([expect.stringContaining(rule)]);
    expect(await errors("server/admin/media-http.ts", 'export const f = () => new Response("x");\n')).toEqual([expect.stringContaining(rule)]);
    expect(await errors("server/reservations/http.ts", 'import { errorResponse } from "../http/error-response";\nexport const f = errorResponse;\n')).toEqual([expect.stringContaining(rule)]);
    // A family's error body is declared with the shapes error-response.ts exports.
    expect(await errors("server/inventory/feed-http.ts", 'import { underError } from "../http/error-response";\nexport const f = underError;\n')).toEqual([]);
  }, 60_000);

  it("lets server/http/ and the route files build them", async () => {
    for (const filePath of ["server/http/x.ts", "app/api/x/route.ts"]) {
      expect(await errors(filePath, 'import { json } from "../http/json";\nexport const f = () => [new Response("x"), Response.json({}), json];\n'), filePath).toEqual([]);
    }
  }, 60_000);
});
