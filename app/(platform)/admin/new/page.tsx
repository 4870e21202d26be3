import { NewSitePage } from "../../../../admin/new-site-page";

export const dynamic = "force-dynamic";
export const metadata = { title: "New dealer site", robots: { index: false } };

export default function Page() {
  return <NewSitePage />;
}
