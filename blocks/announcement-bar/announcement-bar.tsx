import type { BlockComponent } from "../../renderer/types";
import { isLive } from "../_shared/schedule";
import { announcementElementId, announcementStorageKey, hideBarScript } from "./announcement-rules";
import { DismissButton } from "./announcement-bar.client";
import styles from "./announcement-bar.module.css";

const AnnouncementBar: BlockComponent<"announcement-bar"> = ({ id, props, ctx }) => {
  if (!isLive(props, new Date())) return null;
  const elementId = announcementElementId(id);
  const storageKey = announcementStorageKey(ctx.tenant.identity.slug, id, props.message);
  const { link } = props;
  const script =
    props.dismissible || props.expiry
      ? hideBarScript({ elementId, storageKey: props.dismissible ? storageKey : undefined, expiry: props.expiry })
      : null;

  return (
    <>
      {/* The inline script may set `hidden` before React hydrates. */}
      <section id={elementId} className={`${styles.bar} ${styles[props.tone]}`} aria-label="Announcement" suppressHydrationWarning>
        <div className={`fc-container ${styles.inner}`}>
          <p className={styles.message}>
            {props.message}
            {link ? (
              <>
                {" "}
                <a className={styles.link} href={link.href} {...(link.newTab ? { target: "_blank", rel: "noopener noreferrer" } : {})}>
                  {link.label}
                  {link.newTab ? <span className="fc-visually-hidden"> (opens in a new tab)</span> : null}
                </a>
              </>
            ) : null}
          </p>
          {props.dismissible ? <DismissButton storageKey={storageKey} targetId={elementId} className={styles.close} /> : null}
        </div>
      </section>
      {script ? <script dangerouslySetInnerHTML={{ __html: script }} /> : null}
    </>
  );
};

export default AnnouncementBar;
