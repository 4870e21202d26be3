/** NOTIFY channel carrying the slug of each tenant whose published version changed. */
export const PUBLISHED_CHANNEL = "forecourt_tenant_published";
