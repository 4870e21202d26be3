/**
 * The render function: a server component typed BlockComponent<"<type>">, default-exported, given
 * { id, props, ctx }. `props` arrive with the schema's defaults filled in. What the page knows is in
 * `ctx`: `tenant` (the site's document), `page`, `path`, `vehicle` (the page's car, or null: never
 * look the car up again) and `searchHost`. Import only this folder, blocks/_shared/, domain/,
 * renderer/ and schemas/ (server files: server/ too); a part another block needs moves to _shared/
 * (`npm run lint`). A server file takes only components and types from a "use client" module
 * (tests/client-references.test.ts); a controlled field in a client part calls useTypedBeforeHydration.
 * Rules and texts a block shares with the server or another block live in domain/.
 */
import { formatCallNumber, telHref } from "../../domain/phone";
import type { BlockComponent } from "../../renderer/types";
import styles from "./example.module.css";

const Example: BlockComponent<"example"> = ({ id, props, ctx }) => {
  // A list with maxItems is a tuple type: filter() gives a plain array back.
  const points = props.points.filter((p) => p.text.trim());
  const phone = props.showPhone ? ctx.tenant.identity.phone : undefined;
  if (!points.length && !props.link && !phone) return null;
  return (
    <section className={`fc-container ${styles.section}`} aria-labelledby={`${id}-heading`} data-block="example">
      <div className={props.look === "panel" ? "fc-panel" : undefined}>
        <h2 id={`${id}-heading`} className="fc-section-heading">
          {props.heading}
        </h2>
        {points.length > 0 && (
          <ul className={styles.points}>
            {points.map((p, i) => (
              <li key={i}>{p.text.trim()}</li>
            ))}
          </ul>
        )}
        {props.link && (
          <a className="fc-button" href={props.link.href} {...(props.link.newTab ? { target: "_blank", rel: "noopener" } : {})}>
            {props.link.label}
          </a>
        )}
        {phone && (
          <p className={styles.phone}>
            Or call us on <a href={telHref(phone)}>{formatCallNumber(phone, ctx.tenant.identity.locale)}</a>
          </p>
        )}
      </div>
    </section>
  );
};

export default Example;
