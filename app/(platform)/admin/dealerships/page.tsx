import { DealershipsPage } from "../../../../admin/dealerships-page";

export const dynamic = "force-dynamic";
export const metadata = { title: "Dealerships", robots: { index: false } };

export default function Page() {
  return <DealershipsPage />;
}
