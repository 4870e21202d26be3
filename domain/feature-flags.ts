/**
 * The feature flags a dealer toggles on the Feature flags screen, read from the tenant schema's
 * `features` section (one source of truth: each flag's title and one-line description are the
 * schema's). A flag is an on/off switch: a boolean feature (/features/compare), the `enabled`
 * switch of a feature with settings (/features/tradeIn/enabled), or one of a group of switches
 * (/features/calculators/finance). Other settings (numbers, choices) stay in the editor.
 */
import { valueAt } from "./schema-errors";
import { setAt } from "./json-diff";

export interface FeatureFlag {
  pointer: string;
  title: string;
  description: string;
  default: boolean;
}

interface SchemaNode {
  type?: string;
  title?: string;
  description?: string;
  default?: unknown;
  properties?: Record<string, SchemaNode>;
}

export function featureFlags(tenantSchema: { definitions: Record<string, unknown> }): FeatureFlag[] {
  const features = tenantSchema.definitions.features as SchemaNode;
  const flags: FeatureFlag[] = [];
  for (const [key, node] of Object.entries(features.properties ?? {})) {
    const title = node.title ?? key;
    if (node.type === "boolean") {
      flags.push({ pointer: `/features/${key}`, title, description: node.description ?? "", default: node.default === true });
    } else if (node.type === "object" && node.properties?.enabled?.type === "boolean") {
      flags.push({ pointer: `/features/${key}/enabled`, title, description: node.description ?? "", default: node.properties.enabled.default === true });
    } else if (node.type === "object" && node.properties) {
      for (const [sub, p] of Object.entries(node.properties).filter(([, p]) => p.type === "boolean")) {
        flags.push({ pointer: `/features/${key}/${sub}`, title: `${title}: ${p.title ?? sub}`, description: p.description ?? node.description ?? "", default: p.default === true });
      }
    }
  }
  return flags;
}

/** Each flag's value in a document as written (its default where the document says nothing). */
export function flagValues(flags: FeatureFlag[], doc: unknown): Record<string, boolean> {
  return Object.fromEntries(flags.map((f) => {
    const v = valueAt(doc, f.pointer);
    return [f.pointer, typeof v === "boolean" ? v : f.default];
  }));
}

/** A copy of `doc` with the given flags set; pointers that are not flags are refused. */
export function applyFlags(flags: FeatureFlag[], doc: unknown, values: Record<string, boolean>): Record<string, unknown> {
  const known = new Set(flags.map((f) => f.pointer));
  const copy = structuredClone(doc) as Record<string, unknown>;
  for (const [pointer, value] of Object.entries(values)) {
    if (!known.has(pointer)) throw new Error(`${pointer} is not a feature flag.`);
    if (typeof value !== "boolean") throw new Error(`${pointer} must be true or false.`);
    setAt(copy, pointer, value);
  }
  return copy;
}
