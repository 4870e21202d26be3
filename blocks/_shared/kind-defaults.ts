/**
 * A section's schema defaults in the words of the vehicle's kind (issue 29): "Every caravan we sell",
 * "your motorcycle's features … before you ride away". A car's are the schema's own, word for word;
 * a heading, intro or item list the site wrote itself is shown as written (Protect Your Car has its
 * own, with more to change: blocks/protect-your-car).
 */
import type { IconItem } from "../../schemas/generated/tenant";
import type { VehicleTerms } from "../../domain/vehicle-terms";

interface Texts {
  heading: string;
  intro?: string;
  items: IconItem[];
}

/** One default sentence for the kind: its noun for "car", its way of leaving the yard. */
export function kindSentence(text: string, terms: VehicleTerms): string {
  if (terms.kind === "car") return text;
  let out = text.replace(/\bcar('s)?\b/g, (_, s: string | undefined) => `${terms.noun}${s ?? ""}`);
  if (!terms.hasOdometer) out = out.replace(" and pair your phone", "").replace("before you drive away", "before you tow it away");
  else if (terms.kind === "motorcycle") out = out.replace("before you drive away", "before you ride away");
  return out;
}

export function kindDefaults<P extends Texts>(props: P, defaults: { heading?: string; intro?: string; items?: unknown }, terms: VehicleTerms): P {
  if (terms.kind === "car") return props;
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  const say = (s: string | undefined) => (s === undefined ? s : kindSentence(s, terms));
  return {
    ...props,
    heading: props.heading === defaults.heading ? kindSentence(props.heading, terms) : props.heading,
    intro: props.intro === defaults.intro ? say(props.intro) : props.intro,
    items: same(props.items, defaults.items) ? props.items.map((item) => ({ ...item, title: kindSentence(item.title, terms), text: say(item.text) })) : props.items,
  };
}
