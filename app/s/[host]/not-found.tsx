import { headers } from "next/headers";
import { NotFoundPage } from "../../../renderer/not-found-page";

// Next gives not-found.tsx no params: the site is the request's Host header (proxy.ts keeps it).
export default async function NotFound() {
  return <NotFoundPage host={(await headers()).get("host")} />;
}
