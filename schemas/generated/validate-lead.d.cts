// Types for the generated validate-lead.cjs (written by hand: ajv's standalone output has none).
import type { ErrorObject } from "ajv";
declare const validate: ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };
export = validate;
