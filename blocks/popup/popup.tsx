import type { BlockComponent } from "../../renderer/types";
import dialog from "../_shared/form-dialog.module.css";
import { isExpired } from "../_shared/schedule";
import { PopupDialog } from "./popup.client";
import { openPopupScript, popupElementId, popupStorageKey, sparesPhones } from "./popup-rules";
import styles from "./popup.module.css";

const Popup: BlockComponent<"popup"> = ({ id, props, ctx }) => {
  if (isExpired(props.expiry, new Date())) return null;
  const { image, button } = props;
  const titleId = `${id}-title`;
  const descriptionId = `${id}-description`;
  const elementId = popupElementId(id);
  const storageKey = popupStorageKey(ctx.tenant.identity.slug);
  const sparePhones = sparesPhones(ctx);

  return (
    <>
      <PopupDialog
        id={elementId}
        storageKey={storageKey}
        expiry={props.expiry}
        sparePhones={sparePhones}
        labelledBy={titleId}
        describedBy={descriptionId}
        className={`${dialog.surface} ${styles.dialog}`}
        closeClassName={styles.close}
      >
        <div className={styles.body}>
          {image ? (
            <img
              className={styles.image}
              src={image.src}
              alt={image.alt}
              width={image.width}
              height={image.height}
              loading="lazy"
              decoding="async"
            />
          ) : null}
          <div className={styles.content}>
            <h2 className={styles.title} id={titleId}>
              {props.title}
            </h2>
            <p className={styles.description} id={descriptionId}>
              {props.description}
            </p>
            <a className="fc-button" href={button.href} {...(button.newTab ? { target: "_blank", rel: "noopener noreferrer" } : {})}>
              {button.label}
              {button.newTab ? <span className="fc-visually-hidden"> (opens in a new tab)</span> : null}
            </a>
          </div>
        </div>
      </PopupDialog>
      {/* Opens the dialog before React hydrates, so it shows with the page's first paint. */}
      <script dangerouslySetInnerHTML={{ __html: openPopupScript({ elementId, storageKey, expiry: props.expiry, sparePhones }) }} />
    </>
  );
};

export default Popup;
