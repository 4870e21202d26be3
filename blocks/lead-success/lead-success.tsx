import { SUCCESS_TEXT, SUCCESS_TITLE } from "../../domain/lead-forms";
import type { BlockComponent } from "../../renderer/types";
import { LeadReference } from "./lead-success.client";
import styles from "./lead-success.module.css";

/**
 * The success page after a lead is sent (leads §2 /success, §4). Every site has one: a site without
 * its own /success page gets this block (renderer/find-page.ts). The reference is the stored lead's,
 * read from the browser where the form kept it.
 */
const LeadSuccess: BlockComponent<"lead-success"> = ({ id, props }) => (
  <section className="fc-section" aria-labelledby={`${id}-heading`} data-block="lead-success">
    <div className={`fc-narrow ${styles.panel}`}>
      <svg className={styles.tick} viewBox="0 0 48 48" width="56" height="56" aria-hidden="true" focusable="false">
        <circle cx="24" cy="24" r="22" fill="none" stroke="currentColor" strokeWidth="3" />
        <path d="M14 25l7 7 13-15" fill="none" stroke="currentColor" strokeWidth="3.5" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <h2 id={`${id}-heading`} className={styles.heading}>
        {props.title?.trim() || SUCCESS_TITLE}
      </h2>
      <p>{props.text?.trim() || SUCCESS_TEXT}</p>
      <LeadReference />
      <p>
        <a className="fc-button" href={props.link?.href || "/"}>
          {props.link?.label || "Back to home"}
        </a>
      </p>
    </div>
  </section>
);

export default LeadSuccess;
