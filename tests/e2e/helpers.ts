import { readdirSync, readFileSync } from "node:fs";
import { E2E_PORT } from "../../playwright.config";
import type { TenantDocument } from "../../schemas/generated/tenant";

export const demoTenants: TenantDocument[] = readdirSync("tenants")
  .filter((f) => f.endsWith(".json"))
  .sort()
  .map((f) => JSON.parse(readFileSync(`tenants/${f}`, "utf8")));

export const siteUrl = (slug: string, path = "/") => `http://${slug}.localhost:${E2E_PORT}${path}`;
export const adminUrl = (path = "/") => `http://localhost:${E2E_PORT}${path}`;

export const viewports = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
};
