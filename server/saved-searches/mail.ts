/**
 * A saved search's e-mails and links: the confirmation (double opt-in) and the daily alert, with its
 * one-click unsubscribe (RFC 8058: List-Unsubscribe with an https URL, List-Unsubscribe-Post). Links
 * carry a token signed with the platform's secret (server/http/challenge-secret.ts), so they work
 * without signing in, on every instance.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { escapeHtml } from "../../domain/escape-html";
import { publicPageUrl } from "../../domain/hosts";
import { savedSearchQuery } from "../../domain/saved-search";
import { formatMoney } from "../../domain/vehicle-display";
import { siteTerms, vehicleTerms } from "../../domain/vehicle-terms";
import type { TenantDocument } from "../../schemas/generated/tenant";
import { challengeSecret } from "../http/challenge";
import type { OutboxMail, SavedSearch } from "./store";

export type TokenPurpose = "confirm" | "unsubscribe";

export const CONFIRM_PATH = "/api/saved-searches/confirm";
export const UNSUBSCRIBE_PATH = "/api/saved-searches/unsubscribe";

const sign = (purpose: TokenPurpose, id: string, secret: Buffer) => createHmac("sha256", secret).update(`saved-search:${purpose}:${id}`).digest("base64url");

/** "{id}.{signature}" for a link of this purpose. */
export const linkToken = (purpose: TokenPurpose, id: string, secret = challengeSecret()) => `${id}.${sign(purpose, id, secret)}`;

/** The search id a token of this purpose names; null for a token that is not one (forged, cut, another purpose). */
export function readLinkToken(purpose: TokenPurpose, token: unknown, secret = challengeSecret()): string | null {
  if (typeof token !== "string" || token.length > 200) return null;
  const m = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  const want = Buffer.from(sign(purpose, m[1], secret));
  const got = Buffer.from(m[2]);
  return got.length === want.length && timingSafeEqual(got, want) ? m[1] : null;
}

/**
 * The origin a site's links use, as its pages' canonical addresses do (publicPageUrl): its first
 * domain over https, taken when the mail is written (a domain added since the search was saved
 * counts); a site without a domain, the origin the search was saved on.
 */
export const siteOrigin = (tenant: Pick<TenantDocument, "identity">, s: Pick<SavedSearch, "origin">) => publicPageUrl(tenant.identity.domains, "") ?? s.origin;

export const linkUrl = (origin: string, s: Pick<SavedSearch, "id">, purpose: TokenPurpose) =>
  `${origin}${purpose === "confirm" ? CONFIRM_PATH : UNSUBSCRIBE_PATH}?token=${linkToken(purpose, s.id)}`;

export const searchUrl = (origin: string, s: Pick<SavedSearch, "path" | "state">) => `${origin}${s.path}${savedSearchQuery(s.state)}`;

const oneLine = (s: string) => s.replace(/[\r\n\t\u0000-\u001f\u007f]+/g, " ").trim().slice(0, 200);

/** The confirmation e-mail: one link, and nothing is sent until it is followed. */
export function confirmationMail(tenant: TenantDocument, s: SavedSearch): OutboxMail {
  const confirm = linkUrl(siteOrigin(tenant, s), s, "confirm");
  const site = tenant.identity.name;
  const text = [
    `Please confirm your search alert on ${site}:`,
    "",
    s.label,
    "",
    `Confirm: ${confirm}`,
    "",
    `Until you confirm, we send you nothing. If you did not ask for this, ignore this e-mail.`,
  ].join("\n");
  const html = `<p>Please confirm your search alert on ${escapeHtml(site)}:</p><p><strong>${escapeHtml(s.label)}</strong></p><p><a href="${escapeHtml(confirm)}">Confirm my alert</a></p><p>Until you confirm, we send you nothing. If you did not ask for this, ignore this e-mail.</p>`;
  return { searchId: s.id, key: `saved-search:${s.id}:confirm`, to: s.email, subject: oneLine(`${site}: confirm your search alert`), text: `${text}\n`, html, headers: {} };
}

export interface AlertCar {
  id: string;
  title: string;
  slug: string;
  price: number;
  wasPrice: number | null;
  kind: "new" | "price";
  picture: string | null;
  itemType: string;
  body: string | null;
}

/** The alert of one day: every car with its picture, price (and the price it fell from), a link to the search and one-click unsubscribe. */
export function alertMail(tenant: TenantDocument, s: SavedSearch, cars: AlertCar[], day: string): OutboxMail {
  const id = tenant.identity;
  const money = (n: number) => (n > 0 ? formatMoney(n, id) : "Price on application");
  const origin = siteOrigin(tenant, s);
  const abs = (url: string) => (/^https?:\/\//.test(url) ? url : `${origin}${url}`);
  const unsubscribe = linkUrl(origin, s, "unsubscribe");
  const search = searchUrl(origin, s);
  const fresh = cars.filter((c) => c.kind === "new").length;
  const drops = cars.length - fresh;
  const terms = siteTerms(id);
  const what = [fresh ? `${fresh} new ${fresh === 1 ? terms.noun : terms.plural}` : "", drops ? `${drops} price ${drops === 1 ? "drop" : "drops"}` : ""].filter(Boolean).join(" and ");
  const line = (c: AlertCar) => `${c.title} — ${money(c.price)}${c.kind === "price" && c.wasPrice ? ` (was ${money(c.wasPrice)})` : ""}`;
  const text = [
    `${what} for your search on ${id.name}: ${s.label}`,
    "",
    ...cars.flatMap((c) => [`${c.kind === "new" ? `New ${vehicleTerms({ item_type: c.itemType, body: c.body }).noun}` : "Price drop"}: ${line(c)}`, `  ${abs(`/cars/${c.slug}`)}`, ...(c.picture ? [`  Picture: ${abs(c.picture)}`] : []), ""]),
    `See every match: ${search}`,
    "",
    `You get at most one e-mail a day for this search. Stop these alerts: ${unsubscribe}`,
  ].join("\n");
  const html = [
    `<p>${escapeHtml(what)} for your search on ${escapeHtml(id.name)}: <strong>${escapeHtml(s.label)}</strong></p>`,
    ...cars.map(
      (c) =>
        `<p>${c.picture ? `<a href="${escapeHtml(abs(`/cars/${c.slug}`))}"><img src="${escapeHtml(abs(c.picture))}" alt="${escapeHtml(c.title)}" width="300"></a><br>` : ""}<a href="${escapeHtml(abs(`/cars/${c.slug}`))}">${escapeHtml(c.title)}</a><br>${escapeHtml(money(c.price))}${c.kind === "price" && c.wasPrice ? ` <s>${escapeHtml(money(c.wasPrice))}</s>` : ""}</p>`,
    ),
    `<p><a href="${escapeHtml(search)}">See every match</a></p>`,
    `<p>You get at most one e-mail a day for this search. <a href="${escapeHtml(unsubscribe)}">Stop these alerts</a></p>`,
  ].join("\n");
  return {
    searchId: s.id,
    key: `saved-search:${s.id}:${day}`,
    to: s.email,
    subject: oneLine(`${id.name}: ${what} — ${s.label}`),
    text: `${text}\n`,
    html,
    headers: { "List-Unsubscribe": `<${unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}
