import type { LeadFormSpec } from "../../../domain/lead-forms";
import type { FormValues, LeadContext } from "../../../domain/lead-form-values";

/** What a block passes to the browser's LeadForm. */
export interface LeadFormProps {
  /** Prefix of the form's element ids (unique on the page). */
  id: string;
  spec: LeadFormSpec;
  /** The site's slug, for analytics. */
  site: string;
  submitLabel: string;
  /** The car and the hidden defaults the lead carries (leads §3 "Enquiry form defaults"). */
  context?: Pick<LeadContext, "carId" | "carDealershipId" | "defaults">;
  /** What picks the analytics event besides the form (leads §9). */
  event?: { carType?: string | null; tag?: string | null; modal?: boolean };
  /** The privacy consent (leads §2): the group's name, and the policy's link on sites that show it. */
  consent?: { group: string; privacyHref: string | null } | null;
  notice?: string | null;
  disclaimer?: string | null;
  initialValues?: FormValues;
  /**
   * A finance page's form: reads the finance link's query (preferredDealership, vehiclePriceBudget,
   * car_id, car_type; leads §2 routes). `dealerships`: the site's dealership slugs, for a form
   * without a dealership select.
   */
  financeQuery?: { dealerships: string[] } | null;
  /**
   * The site's storeUserDetails (leads §6): true, the name, e-mail and phone of a successful lead
   * are kept in this browser and fill the contact fields next time; false, nothing is kept and
   * anything kept earlier is removed; absent, the form neither reads nor writes them.
   */
  rememberDetails?: boolean;
}
