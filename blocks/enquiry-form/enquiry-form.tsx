import type { BlockComponent } from "../../renderer/types";
import { LeadForm } from "../lazy.generated";
import "../_shared/lead-form/lead-form.module.css";
import { leadFormProps } from "../_shared/lead-form-props";
import { pageLocations } from "../../domain/find-page";
import styles from "../_shared/form-panel.module.css";
import { siteTerms } from "../../domain/vehicle-terms";

const TITLES = { enquiry: "Make an Enquiry", careers: "Careers Enquiry", finance: "Finance Enquiry", "test-drive": "Book a Test Drive" } as const;
const ANCHORS = { enquiry: "enquiry-form", careers: "careers-form", finance: "finance-form", "test-drive": "test-drive-form" } as const;

/**
 * The enquiry form (leads §2 screen 1), the careers enquiry (§4 Careers) and the finance enquiry
 * anchored on the finance page (§2 screen 3; the Finance Enquiry modal is the VDP's, see
 * vehicle-summary; it reads a finance link's query: preferredDealership, vehiclePriceBudget, car_id,
 * car_type), and a test-drive booking on a page (/book-test-drive). Fields, categories, copy and
 * steps are the site's settings (forms.enquiry, forms.dealershipSelect, forms.testDrive, forms.multiStep).
 */
const EnquiryForm: BlockComponent<"enquiry-form"> = ({ id, props, ctx }) => {
  const { tenant } = ctx;
  const variant = props.variant;
  // A test drive is named after what the site sells (domain/vehicle-terms.ts): a caravan site books an Inspection.
  const bookTest = siteTerms(tenant.identity).bookTest;
  const title = props.title?.trim() || (variant === "test-drive" ? bookTest : TITLES[variant]);
  const anchor = props.anchor?.trim() || ANCHORS[variant];
  const form = leadFormProps(tenant, variant, {
    id: `${id}-form`,
    submitLabel: variant === "test-drive" ? bookTest : tenant.forms.enquiry.submitLabel,
    pageId: ctx.page.id,
    make: props.make ?? null,
    notice: props.showNotice === false ? null : undefined,
    // The finance page's form takes what a finance link carries (car, dealership, budget).
    financeQuery: variant === "finance",
    // On /locations/{slug} and /contact-us/{slug}: the page's location(s) (leads §2 routes).
    locations: pageLocations(tenant, ctx.path),
  });
  const intro = props.intro?.trim() ? <p className={styles.intro}>{props.intro.trim()}</p> : null;

  return (
    <section className={`fc-section ${styles.section}`} id={anchor} aria-labelledby={`${id}-heading`} data-block="enquiry-form">
      <div className={`fc-narrow ${styles.panel}`}>
        <h2 id={`${id}-heading`} className={styles.heading}>
          {title}
        </h2>
        {intro}
        <LeadForm {...form} />
      </div>
    </section>
  );
};

export default EnquiryForm;
