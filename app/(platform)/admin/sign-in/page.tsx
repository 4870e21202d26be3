import { SignInPage } from "../../../../admin/sign-in-page";

export const dynamic = "force-dynamic";
export const metadata = { title: "Sign in", robots: { index: false } };

export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | undefined>> }) {
  return <SignInPage searchParams={await searchParams} />;
}
