import { SHOW_LESS, SHOW_MORE, dealerComments } from "../../domain/vdp-rules";
import type { BlockComponent } from "../../renderer/types";
import { Expandable } from "../_shared/expandable.client";
import styles from "./dealer-comments.module.css";
import { paragraphs } from "../../domain/paragraphs";

/** Untrusted feed text rendered as text (React escapes it), one <p> per blank-line-separated paragraph. */
function Text({ text }: { text: string }) {
  return (
    <div className={styles.text}>
      {paragraphs(text).map((p, i) => (
        <p key={i}>{p}</p>
      ))}
    </div>
  );
}

/**
 * Dealer comments (spec §4): collapsed to 400 characters with Show More / Show Less; the pending
 * text when the car has none. The comments come from the dealer's feed and are never treated as HTML.
 */
const DealerComments: BlockComponent<"dealer-comments"> = async ({ id, props, ctx }) => {
  const car = ctx.vehicle;
  if (!car) return null;
  const raw = typeof car.dealercomments === "string" ? car.dealercomments.replace(/\r\n?/g, "\n") : null;
  const collapsed = dealerComments(raw, false);
  const heading = props.heading?.trim() || "Dealer Comments";
  return (
    <section className={`fc-container ${styles.section}`} aria-labelledby={`${id}-heading`} data-block="dealer-comments">
      <h2 id={`${id}-heading`} className={styles.heading}>
        {heading}
      </h2>
      {collapsed.pending ? (
        <p className={styles.pending}>{collapsed.text}</p>
      ) : collapsed.toggle ? (
        <Expandable
          id={`${id}-text`}
          collapsed={<Text text={collapsed.text} />}
          expanded={<Text text={dealerComments(raw, true).text} />}
          moreLabel={SHOW_MORE}
          lessLabel={SHOW_LESS}
          context={heading}
        />
      ) : (
        <Text text={collapsed.text} />
      )}
    </section>
  );
};

export default DealerComments;
