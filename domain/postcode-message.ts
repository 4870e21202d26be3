/**
 * The spec's postcode message (leads §5), on its own so that modules which need only it (the
 * trade-in rules) do not load the lead forms' JSON Schema: Playwright specs import domain/trade-in.ts
 * as plain Node ES modules, where a JSON import needs an import attribute.
 */
export const POSTCODE_MESSAGE = "Invalid postcode. Please enter a 4-digit number.";
