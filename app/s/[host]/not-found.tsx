import { headers } from "next/headers";
import { PAGE_PATH_HEADER, hostname } from "../../../domain/hosts";
import { NotFoundPage, PlainNotFound } from "../../../renderer/not-found-page";
import { pageExists } from "../../../renderer/tenant-page";

// Next gives not-found.tsx no params: the site is the request's Host header, the path proxy.ts's header.
// Next also renders this fallback into the payload of every page it serves, where it is never shown:
// a page that exists gets the plain note, so the site's header and footer are not sent twice (45 KB).
export default async function NotFound() {
  const asked = await headers();
  const host = asked.get("host");
  const path = asked.get(PAGE_PATH_HEADER);
  const site = hostname(host);
  if (site && path !== null && (await pageExists(site, path.split("/")))) return <PlainNotFound />;
  return <NotFoundPage host={host} />;
}
