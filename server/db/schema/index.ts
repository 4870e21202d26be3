/**
 * The database's tables (Drizzle), one file per part of the product. drizzle.config.ts reads this
 * file for `npm run db:generate`; code imports the tables from here ("../db/schema").
 */
export * from "./sites";
export * from "./vehicles";
export * from "./visitors";
export * from "./leads";
export * from "./admin";
export * from "./deals";
export * from "./saved-searches";
