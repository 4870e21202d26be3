import { copyFeedback, SHARE_NETWORKS } from "../../domain/vdp-share";
import { vehicleHeading } from "../../domain/vehicle-display";
import { publicPageUrl } from "../../domain/hosts";
import type { BlockComponent } from "../../renderer/types";
import { VehicleActionsBar } from "../lazy.generated";
// The client part's stylesheet joins the page's own (one cached file), not a render-blocking file beside its lazy chunk.
import "../_shared/toast.module.css";
import "./vehicle-actions.module.css";

/**
 * The VDP's share bar and document buttons (spec §2 "Other controls", §4, §5, §7, §8): share to the
 * chosen networks (550 × 400 windows) or by e-mail, copy link (Copied for 1.5 s, or the site's
 * toast variant for 3 s), Print (the print view in a new tab) or, where the site downloads PDFs,
 * Download PDF (Preparing... meanwhile), and the History Report button when the car has a report.
 */
const VehicleActions: BlockComponent<"vehicle-actions"> = async ({ id, props, ctx }) => {
  const car = ctx.vehicle;
  if (!car) return null;
  const { identity, features } = ctx.tenant;
  const { title, subtitle } = vehicleHeading(car);
  const name = [title, subtitle].filter(Boolean).join(" ");
  const networks = props.networks.filter((n) => (SHARE_NETWORKS as readonly string[]).includes(n));
  const history = features.historyReport && car.history_report_url?.trim() ? car.history_report_url.trim() : null;
  return (
    <VehicleActionsBar
      id={id}
      site={identity.slug}
      slug={car.slug}
      name={name}
      url={publicPageUrl(identity.domains, ctx.path)}
      path={ctx.path}
      label={props.label?.trim() || "Share"}
      networks={networks}
      copy={props.copyLink !== false ? copyFeedback(features.shareCopyFeedback, name) : null}
      print={props.print === false ? null : features.pdfDownload ? "pdf" : "print"}
      historyUrl={history}
    />
  );
};

export default VehicleActions;
