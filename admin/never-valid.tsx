import type { TenantError } from "../domain/tenant-validation";
import { ErrorList } from "./error-list";

/** What a preview shows of a draft that was never without errors: its problems, each at its field's place in words. */
export function NeverValid({ errors, draft }: { errors: TenantError[]; draft: unknown }) {
  return (
    <main style={{ fontFamily: "system-ui, sans-serif", margin: "2rem auto", maxWidth: "48rem", padding: "0 1rem" }}>
      <h1>The draft cannot be shown yet</h1>
      <p>This draft has errors and has never been saved without them. Fix these problems in the editor; the preview shows the draft once it has none.</p>
      <ErrorList errors={errors} doc={draft} />
    </main>
  );
}
