/**
 * POST /api/understand { text } on a site's host (issue 34): a request the embedded parser could not
 * wholly place, read again with the optional language model (./provider.ts). The search box calls it
 * only when the page says a model is configured and the parser left words over.
 * - 200 { source: "language-model", refinementList, range, query }: the model's answer was taken
 *   (./accept.ts) and added to the parser's reading;
 * - 200 { source: "parser", … }: the parser's own reading — it placed every word, or the model gave no
 *   answer in time, failed, or named a filter the site does not have (logged);
 * - 400 / 413 for bad input, 404 when no model is configured, 429 past the limits.
 * The site's facet values come from its own search (the embedded engine, under its base filter).
 */
import { VEHICLES_INDEX } from "../../domain/search-rules";
import { UNDERSTAND_FACETS, understand, type Facets } from "../../domain/understand/understand";
import { BadRequest, HttpError } from "../errors";
import { readJsonObject } from "../http/body";
import { LimitedError } from "../http/challenge";
import { reply } from "../http/endpoint";
import { clientKey, hitInOrder, leadRateLimiter, networkKey } from "../http/rate-limit";
import { siteRoute, type SiteContext } from "../http/site-route";
import { searchForTenant } from "../search/service";
import type { TenantDocument } from "../../schemas/generated/tenant";
import { mergeReading, refusal } from "./accept";
import { askLanguageModel, languageModelConfig, LanguageModelError, type LanguageModelConfig } from "./provider";

/** As the search box's field (maxLength 200). */
export const UNDERSTAND_MAX_CHARS = 200;
const BODY_MAX_BYTES = 2048;
/** Each call may cost the operator money: per client and network, and per site as a valve. */
export const UNDERSTAND_RATE_LIMITS = {
  perClient: { limit: 20, windowMs: 60_000 },
  perNetwork: { limit: 60, windowMs: 60_000 },
  perSite: { limit: 600, windowMs: 60_000 },
};
export const NO_LANGUAGE_MODEL = "No language model is configured on this server.";

export interface UnderstandDeps {
  config?: LanguageModelConfig | null;
  facets?: (tenant: TenantDocument) => Promise<Facets>;
  fetch?: typeof fetch;
  limits?: typeof UNDERSTAND_RATE_LIMITS;
  log?: (message: string) => void;
}

/** The site's facet values, as the search box reads them (all its stock shown, whatever is refined). */
async function siteFacets(tenant: TenantDocument): Promise<Facets> {
  const { results } = await searchForTenant(tenant, [{ indexName: VEHICLES_INDEX, params: { query: "", hitsPerPage: 0, facets: [...UNDERSTAND_FACETS], maxValuesPerFacet: 1000 } }]);
  return (results[0] as { facets?: Facets }).facets ?? {};
}

async function limit(request: Request, ctx: SiteContext, limits: typeof UNDERSTAND_RATE_LIMITS) {
  const client = clientKey(request);
  const site = ctx.tenant.identity.slug;
  const r = await hitInOrder(ctx.limiter ?? (await leadRateLimiter()), [
    { key: `understand:client:${site}:${client}`, ...limits.perClient },
    { key: `understand:network:${site}:${networkKey(client)}`, ...limits.perNetwork },
    { key: `understand:site:${site}`, ...limits.perSite },
  ]);
  if (!r.ok) throw new LimitedError(`Too many requests from here in a short time. Please try again in ${r.retryAfterS} seconds.`, r.retryAfterS);
}

export async function handleUnderstand(request: Request, ctx: SiteContext, deps: UnderstandDeps = {}) {
  const config = deps.config === undefined ? languageModelConfig() : deps.config;
  if (!config) throw new HttpError(404, NO_LANGUAGE_MODEL);
  const body = await readJsonObject(request, BODY_MAX_BYTES);
  if (typeof body.text !== "string" || !body.text.trim()) throw new BadRequest('"text" must be the request as typed: a string that is not empty.');
  const text = body.text.replace(/[\u0000-\u001f\u007f]/g, " ").trim();
  if (text.length > UNDERSTAND_MAX_CHARS) throw new BadRequest(`"text" may be at most ${UNDERSTAND_MAX_CHARS} characters; it has ${text.length}.`);
  await limit(request, ctx, deps.limits ?? UNDERSTAND_RATE_LIMITS);

  const { tenant } = ctx;
  const facets = await (deps.facets ?? siteFacets)(tenant);
  const joinNewAndDemo = tenant.search.joinNewAndDemo;
  const embedded = understand(text, facets, { joinNewAndDemo, now: ctx.now, money: { locale: tenant.identity.locale, currency: tenant.identity.currency } });
  const parser = { source: "parser", refinementList: embedded.refinementList, range: embedded.range, query: embedded.query };
  if (!embedded.query) return reply(200, parser, { "cache-control": "no-store" });
  const log = deps.log ?? ((m: string) => console.warn(m));
  let answer: unknown;
  try {
    answer = await askLanguageModel(config, text, facets, tenant.identity.currency, deps.fetch);
  } catch (error) {
    if (!(error instanceof LanguageModelError)) throw error;
    log(`[understand] the language model gave no answer (${error.message}); the parser's reading stands.`);
    return reply(200, parser, { "cache-control": "no-store" });
  }
  const merged = mergeReading(embedded, answer, facets, joinNewAndDemo);
  if (!merged) {
    log(`[understand] the language model's answer was refused (${refusal(answer, facets) ?? "it adds no filter"}); the parser's reading stands.`);
    return reply(200, parser, { "cache-control": "no-store" });
  }
  return reply(200, { source: "language-model", ...merged }, { "cache-control": "no-store" });
}

export const understandRoute = siteRoute((request, ctx) => handleUnderstand(request, ctx));
