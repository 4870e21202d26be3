import type { BlockComponent } from "../../renderer/types";
import { LeadForm } from "../lazy.generated";
import "../_shared/lead-form/lead-form.module.css";
import { leadFormProps } from "../_shared/lead-form-props";
import styles from "./hero-lead-form.module.css";

/**
 * The hero lead form (leads §3 "Lead form (hero variant)"): First Name, Last Name, Postcode (exactly
 * 4 digits), Mobile Number, Email Address and the location, beside a heading on the theme's colour.
 */
const HeroLeadForm: BlockComponent<"hero-lead-form"> = ({ id, props, ctx }) => {
  const form = leadFormProps(ctx.tenant, "hero", { id: `${id}-form`, submitLabel: props.submitLabel?.trim() || "Get in Touch", pageId: ctx.page.id, notice: null });
  return (
    <section className={styles.hero} aria-labelledby={`${id}-heading`} data-block="hero-lead-form">
      <div className={`fc-container ${styles.inner}`}>
        <div>
          <h2 id={`${id}-heading`} className={styles.heading}>
            {props.title?.trim() || "Talk to our team"}
          </h2>
          {props.text?.trim() ? <p className={styles.text}>{props.text.trim()}</p> : null}
        </div>
        <div className={styles.card}>
          <LeadForm {...form} />
        </div>
      </div>
    </section>
  );
};

export default HeroLeadForm;
