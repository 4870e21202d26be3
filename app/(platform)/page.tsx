import { PlatformHome } from "../../admin/platform-home";

export const dynamic = "force-dynamic";

export default function Page() {
  return <PlatformHome />;
}
