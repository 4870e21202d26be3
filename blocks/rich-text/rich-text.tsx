import type { BlockComponent } from "../../renderer/types";
import { sanitizeRichText } from "./sanitize";
import styles from "./rich-text.module.css";

const RichText: BlockComponent<"rich-text"> = ({ id, props }) => {
  const headingId = `${id}-heading`;
  return (
    <section className={`fc-section ${styles.richText}`} aria-labelledby={props.heading ? headingId : undefined}>
      <div className={props.width === "wide" ? "fc-container" : "fc-narrow"}>
        {props.heading ? (
          <h2 id={headingId} className={styles.heading}>
            {props.heading}
          </h2>
        ) : null}
        <div className={styles.prose} dangerouslySetInnerHTML={{ __html: sanitizeRichText(props.html) }} />
      </div>
    </section>
  );
};

export default RichText;
